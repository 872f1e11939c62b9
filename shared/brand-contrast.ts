/**
 * WCAG 2.x contrast for the brand colours (issue 32). No zod here: the settings page checks a
 * colour as it is typed, and the share page derives the text colour on the primary from it.
 * https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio
 */

/** WCAG AA for normal text. */
export const AA_CONTRAST = 4.5;

export const WHITE = '#ffffff';
/** The dark text the product writes with (Tailwind's slate-900). */
export const INK = '#0f172a';

interface Rgb {
  r: number;
  g: number;
  b: number;
}

const HEX = /^#[0-9a-f]{6}$/i;

export function isHexColour(value: string): boolean {
  return HEX.test(value);
}

function rgbOf(hex: string): Rgb {
  if (!isHexColour(hex)) throw new Error(`Not a #rrggbb colour: ${hex}`);
  return { r: parseInt(hex.slice(1, 3), 16), g: parseInt(hex.slice(3, 5), 16), b: parseInt(hex.slice(5, 7), 16) };
}

function hexOf({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(hex: string): number {
  const { r, g, b } = rgbOf(hex);
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** The contrast ratio of two colours, 1 to 21, whichever order. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** The ratio rounded down to two decimals, as the messages say it (a rounded-up 4.5 could be 4.499). */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}

function hslOf({ r, g, b }: Rgb): { h: number; s: number; l: number } {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return { h: 0, s: 0, l };
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === rn ? (gn - bn) / d + (gn < bn ? 6 : 0) : max === gn ? (bn - rn) / d + 2 : (rn - gn) / d + 4;
  return { h: h / 6, s, l };
}

function rgbOfHsl({ h, s, l }: { h: number; s: number; l: number }): Rgb {
  if (s === 0) return { r: l * 255, g: l * 255, b: l * 255 };
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const hue = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return { r: hue(h + 1 / 3) * 255, g: hue(h) * 255, b: hue(h - 1 / 3) * 255 };
}

/**
 * The shade of `colour` nearest to it (same hue and saturation, lightness moved away from `text`)
 * that reaches `minimum` against `text`: darker against light text, lighter against dark text.
 * Undefined when it already passes. Against white and black text some shade always passes.
 */
export function passingShade(colour: string, text: string, minimum = AA_CONTRAST): string | undefined {
  if (contrastRatio(colour, text) >= minimum) return undefined;
  const hsl = hslOf(rgbOf(colour));
  const darker = luminance(text) > 0.18;
  // Search the lightness between the colour's own and the far end for the nearest passing one.
  let near = hsl.l;
  let far = darker ? 0 : 1;
  for (let i = 0; i < 30; i++) {
    const mid = (near + far) / 2;
    if (contrastRatio(hexOf(rgbOfHsl({ ...hsl, l: mid })), text) >= minimum) far = mid;
    else near = mid;
  }
  // Rounding to whole channels can land just short: step on until it passes.
  let l = far;
  let shade = hexOf(rgbOfHsl({ ...hsl, l }));
  while (contrastRatio(shade, text) < minimum && l > 0 && l < 1) {
    l = darker ? Math.max(0, l - 0.002) : Math.min(1, l + 0.002);
    shade = hexOf(rgbOfHsl({ ...hsl, l }));
  }
  return shade;
}

/** The text colour that reads best on a fill: white or the product's ink. */
export function textOn(fill: string): string {
  return contrastRatio(fill, WHITE) >= contrastRatio(fill, INK) ? WHITE : INK;
}
