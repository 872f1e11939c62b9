import { AA_CONTRAST, textOn, WHITE } from './brand-contrast';

/**
 * An organisation's brand as viewers see it (issue 32), without zod: the share page, the embed
 * and the edge draw it from the share answer's `brand` (shared/share/shared-guide.ts), and the
 * exports from their job. The API's contracts are in brand.ts.
 */

/** The font stacks a brand may use: named stacks of fonts already on viewers' machines, nothing downloaded. */
export const BRAND_FONTS = {
  system: { label: 'System (sans-serif)', stack: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  humanist: { label: 'Humanist (sans-serif)', stack: "Seravek, 'Gill Sans Nova', Ubuntu, Calibri, 'DejaVu Sans', source-sans-pro, sans-serif" },
  serif: { label: 'Serif', stack: "Charter, 'Bitstream Charter', 'Sitka Text', Cambria, Georgia, 'DejaVu Serif', serif" },
  mono: { label: 'Monospace', stack: "ui-monospace, 'Cascadia Code', 'Source Code Pro', Menlo, Consolas, 'DejaVu Sans Mono', monospace" },
} as const;
export type BrandFont = keyof typeof BRAND_FONTS;
export const BRAND_FONT_IDS = Object.keys(BRAND_FONTS) as [BrandFont, ...BrandFont[]];

/**
 * The text each colour carries, and so what it is checked against for WCAG AA (4.5:1): the
 * primary is the fill of buttons, the header bar and the cards, with white text on it, and the
 * accent is the colour of links, the step number and the highlight ring on the white page. Both
 * are therefore checked against white: a colour that passes there is also readable as text on
 * the page. Light brand colours get a darker shade suggested.
 */
export const BRAND_TEXT = { primaryColor: WHITE, accentColor: WHITE } as const;
export const BRAND_MIN_CONTRAST = AA_CONTRAST;

/** Stepcast's own look: free organisations, and Pro ones that never set a brand. */
export const DEFAULT_BRAND = {
  logoKey: null,
  primaryColor: '#4338ca',
  accentColor: '#4f46e5',
  font: 'system',
  showBadge: true,
} as const;

/** Logos: the screenshot formats (never SVG, which can carry script), small and modest in size. */
export const LOGO_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type LogoContentType = (typeof LOGO_CONTENT_TYPES)[number];
export const MAX_LOGO_BYTES = 1024 * 1024;
export const MAX_LOGO_SIDE = 2048;
export const MIN_LOGO_SIDE = 16;
/** What the settings page says before a file is chosen, so no limit comes as a surprise. */
export const LOGO_LIMITS_TEXT = `PNG, JPEG or WebP, up to 1 MB and ${MAX_LOGO_SIDE}×${MAX_LOGO_SIDE} pixels.`;


/** The brand in the share answer and the export job: what to draw, settled (Stepcast's when not Pro). */
export interface ShownBrand {
  primaryColor: string;
  accentColor: string;
  font: BrandFont;
  showBadge: boolean;
  /** where the logo is served (/assets/…), or none */
  logoUrl: string | null;
}

export const DEFAULT_SHOWN_BRAND: ShownBrand = {
  primaryColor: DEFAULT_BRAND.primaryColor,
  accentColor: DEFAULT_BRAND.accentColor,
  font: DEFAULT_BRAND.font,
  showBadge: DEFAULT_BRAND.showBadge,
  logoUrl: null,
};

/** Whether a shown brand is Stepcast's own look (the renderers keep their present colours then). */
export function isDefaultBrand(brand: ShownBrand): boolean {
  return (
    brand.primaryColor === DEFAULT_BRAND.primaryColor &&
    brand.accentColor === DEFAULT_BRAND.accentColor &&
    brand.font === DEFAULT_BRAND.font &&
    brand.logoUrl === null
  );
}

/** The custom properties every viewer surface reads (var(--brand-primary, #4338ca) and so on). */
export interface BrandCustomProperties {
  '--brand-primary': string;
  '--brand-accent': string;
  /** the text colour on the primary: white, or the product's ink on a light primary */
  '--brand-on-primary': string;
  '--brand-font': string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;

/**
 * A brand as CSS custom properties (issue 32), for the share page's root, the embed's root and the
 * edge's frame. Only #rrggbb colours and the named font stacks get through: anything else (an old or
 * tampered answer) is Stepcast's, so nothing a payload carries can break out of the style.
 */
export function brandCustomProperties(brand: Partial<ShownBrand> | null | undefined): BrandCustomProperties {
  const primary = brand?.primaryColor && HEX.test(brand.primaryColor) ? brand.primaryColor.toLowerCase() : DEFAULT_BRAND.primaryColor;
  const accent = brand?.accentColor && HEX.test(brand.accentColor) ? brand.accentColor.toLowerCase() : DEFAULT_BRAND.accentColor;
  const font = brand?.font && Object.hasOwn(BRAND_FONTS, brand.font) ? brand.font : DEFAULT_BRAND.font;
  return { '--brand-primary': primary, '--brand-accent': accent, '--brand-on-primary': textOn(primary), '--brand-font': BRAND_FONTS[font].stack };
}

/** The same as a style attribute's text (the edge writes it into HTML; the stacks' quotes are single). */
export function brandStyleText(brand: Partial<ShownBrand> | null | undefined): string {
  return Object.entries(brandCustomProperties(brand))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}
