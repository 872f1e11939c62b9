import { AA_CONTRAST, WHITE } from './brand-contrast';

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
