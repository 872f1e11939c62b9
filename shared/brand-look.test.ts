import { describe, expect, it } from 'vitest';
import { brandCustomProperties, brandStyleText, BRAND_FONTS } from './brand-look';

describe('brand custom properties', () => {
  it("are Stepcast's for no brand, with white text on the primary", () => {
    expect(brandCustomProperties(undefined)).toEqual({
      '--brand-primary': '#4338ca',
      '--brand-accent': '#4f46e5',
      '--brand-on-primary': '#ffffff',
      '--brand-font': BRAND_FONTS.system.stack,
    });
  });

  it("carry a brand's colours, its font stack and the text colour that reads on its primary", () => {
    expect(brandCustomProperties({ primaryColor: '#0F766E', accentColor: '#b91c1c', font: 'serif' })).toEqual({
      '--brand-primary': '#0f766e',
      '--brand-accent': '#b91c1c',
      '--brand-on-primary': '#ffffff',
      '--brand-font': BRAND_FONTS.serif.stack,
    });
    expect(brandCustomProperties({ primaryColor: '#fde047' })['--brand-on-primary']).toBe('#0f172a');
  });

  it('let nothing but #rrggbb and a named stack into a style', () => {
    const hostile = { primaryColor: 'red;background:url(//evil.example)', accentColor: '#fff', font: 'x;}' as never };
    expect(brandCustomProperties(hostile)).toEqual(brandCustomProperties(undefined));
    expect(brandStyleText(hostile)).not.toMatch(/evil|"|</);
  });
});
