import { describe, expect, it } from 'vitest';
import { BRAND_FONTS, DEFAULT_SHOWN_BRAND } from '#shared/brand-look';
import { brandStyle, showsBadge } from './brand-style';

describe('brandStyle', () => {
  it("sets only the --brand-* properties for Stepcast's own brand, leaving the app's tokens and font alone", () => {
    const style = brandStyle(DEFAULT_SHOWN_BRAND) as Record<string, string>;
    expect(style['--brand-primary']).toBe('#4338ca');
    expect(style['--color-brand-700']).toBeUndefined();
    expect(style['fontFamily']).toBeUndefined();
    expect(brandStyle(undefined)).toEqual(style);
  });

  it("re-points the app's brand tokens and font to an organisation's own brand", () => {
    const style = brandStyle({ ...DEFAULT_SHOWN_BRAND, primaryColor: '#0f766e', accentColor: '#b91c1c', font: 'mono' }) as Record<string, string>;
    expect(style).toMatchObject({
      '--brand-primary': '#0f766e',
      '--brand-accent': '#b91c1c',
      '--brand-on-primary': '#ffffff',
      '--color-brand-700': '#0f766e',
      '--color-brand-600': '#b91c1c',
      fontFamily: BRAND_FONTS.mono.stack,
    });
    // the tints are the primary toward white, the dark shade toward black
    expect(style['--color-brand-50']).toBe('#ecf4f3');
    expect(style['--color-brand-800']).toBe('#0c5e58');
  });

  it('shows the badge unless the brand turned it off', () => {
    expect(showsBadge(undefined)).toBe(true);
    expect(showsBadge(DEFAULT_SHOWN_BRAND)).toBe(true);
    expect(showsBadge({ ...DEFAULT_SHOWN_BRAND, showBadge: false })).toBe(false);
  });
});
