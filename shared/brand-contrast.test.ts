import { describe, expect, it } from 'vitest';
import { AA_CONTRAST, contrastRatio, formatRatio, INK, luminance, passingShade, textOn, WHITE } from './brand-contrast';

describe('brand contrast', () => {
  it('computes WCAG luminance and ratios of known pairs', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBe(1);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    // WebAIM's checker: #777777 on white is 4.47:1, #767676 is 4.54:1.
    expect(contrastRatio('#777777', WHITE)).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', WHITE)).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#4338ca', WHITE)).toBeGreaterThan(7.5);
  });

  it('rounds the ratio down when it says it, so a failing pair never reads 4.50:1', () => {
    expect(formatRatio(4.4999)).toBe('4.49:1');
    expect(formatRatio(21)).toBe('21.00:1');
  });

  it.each([
    ['#facc15', WHITE],
    ['#38bdf8', WHITE],
    ['#ff0000', WHITE],
    ['#777777', WHITE],
    ['#1e293b', INK],
    ['#4338ca', '#000000'],
  ])('suggests the nearest passing shade of %s against %s', (colour, text) => {
    const shade = passingShade(colour, text)!;
    expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(shade, text)).toBeGreaterThanOrEqual(AA_CONTRAST);
    // darker against light text, lighter against dark
    if (luminance(text) > 0.5) expect(luminance(shade)).toBeLessThan(luminance(colour));
    else expect(luminance(shade)).toBeGreaterThan(luminance(colour));
    // and no further than needed: a little nearer to the original no longer passes
    expect(contrastRatio(shade, text)).toBeLessThan(AA_CONTRAST + 0.35);
  });

  it('suggests nothing for a colour that passes', () => {
    expect(passingShade('#4338ca', WHITE)).toBeUndefined();
    expect(passingShade('#767676', WHITE)).toBeUndefined();
  });

  it('writes white on dark fills and ink on light ones', () => {
    expect(textOn('#4338ca')).toBe(WHITE);
    expect(textOn('#facc15')).toBe(INK);
  });
});
