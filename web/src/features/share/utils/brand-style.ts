import type { CSSProperties } from 'react';
import { BRAND_FONTS, brandCustomProperties, DEFAULT_SHOWN_BRAND, isDefaultBrand, type ShownBrand } from '#shared/brand-look';

/** `hex` mixed with `toward` (#rrggbb) by `amount` (0: hex, 1: toward). */
function mix(hex: string, toward: string, amount: number): string {
  const channel = (i: number) => {
    const a = parseInt(hex.slice(i, i + 2), 16);
    const b = parseInt(toward.slice(i, i + 2), 16);
    return Math.round(a + (b - a) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(1)}${channel(3)}${channel(5)}`;
}

/**
 * The organisation's brand as the custom properties the viewer surfaces read (issue 32):
 * --brand-primary, --brand-accent, --brand-on-primary and --brand-font, set on the share page's
 * root and the embed's root (and so in the edge's server-rendered frame, which renders the same
 * components). New CSS reads them with Stepcast's values as fallbacks: var(--brand-primary, #4338ca).
 * A brand of the organisation's own also re-points the app's --color-brand-* tokens and font inside
 * that root, so the player's existing styles follow it with no change of their own; Stepcast's own
 * brand leaves them as they are.
 */
export function brandStyle(brand: Partial<ShownBrand> | null | undefined): CSSProperties {
  const properties: Record<string, string> = { ...brandCustomProperties(brand) };
  const primary = properties['--brand-primary']!;
  const accent = properties['--brand-accent']!;
  const own = brand && !isDefaultBrand({ ...brandShape, ...brand });
  if (own) {
    Object.assign(properties, {
      '--color-brand-50': mix(primary, '#ffffff', 0.92),
      '--color-brand-100': mix(primary, '#ffffff', 0.85),
      '--color-brand-200': mix(primary, '#ffffff', 0.7),
      '--color-brand-600': accent,
      '--color-brand-700': primary,
      '--color-brand-800': mix(primary, '#000000', 0.2),
      fontFamily: properties['--brand-font']!,
    });
  }
  // React sets custom properties given as style keys (CSSProperties takes any string key).
  return properties;
}

const brandShape: ShownBrand = { primaryColor: '', accentColor: '', font: 'system', showBadge: true, logoUrl: null };

/** Whether viewers see "Made with Stepcast": on unless the organisation's brand turned it off. */
export function showsBadge(brand: Partial<ShownBrand> | null | undefined): boolean {
  return brand?.showBadge !== false;
}

/**
 * The share answer's `brand`, read leniently (get-shared-guide.ts parses the answer by hand): a
 * colour that is not #rrggbb or a font that is not a named stack is Stepcast's, a badge that is not
 * a boolean shows. Absent stays absent (Stepcast's look).
 */
export function parseSharedBrand(value: unknown): ShownBrand | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const colour = (key: 'primaryColor' | 'accentColor') => {
    const given = record[key];
    return typeof given === 'string' && /^#[0-9a-fA-F]{6}$/.test(given) ? given : DEFAULT_SHOWN_BRAND[key];
  };
  const font = (Object.keys(BRAND_FONTS) as Array<ShownBrand['font']>).find((id) => id === record['font']) ?? DEFAULT_SHOWN_BRAND.font;
  return {
    primaryColor: colour('primaryColor'),
    accentColor: colour('accentColor'),
    font,
    showBadge: record['showBadge'] !== false,
    logoUrl: typeof record['logoUrl'] === 'string' ? record['logoUrl'] : null,
  };
}
