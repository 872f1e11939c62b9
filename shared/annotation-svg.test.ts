import { describe, expect, it } from 'vitest';
import { Annotations } from './annotations';
import { annotationsBounds, annotationsSvg } from './annotation-svg';
import type { Annotation } from './annotation-geometry';

const list: Annotation[] = [
  { id: 'a', kind: 'arrow', colour: 'rose', from: { x: 0.1, y: 0.5 }, to: { x: 0.5, y: 0.5 } },
  { id: 'r', kind: 'rect', colour: 'indigo', x: 0.6, y: 0.1, width: 0.2, height: 0.2 },
  { id: 'l', kind: 'label', colour: 'amber', x: 0.1, y: 0.8, text: 'Save <b>"here"</b> & go' },
  { id: 'b1', kind: 'badge', colour: 'ink', x: 0.9, y: 0.9 },
  { id: 'b2', kind: 'badge', colour: 'emerald', x: 0.2, y: 0.2 },
];

describe('annotationsSvg', () => {
  it('draws nothing without annotations or without a size', () => {
    expect(annotationsSvg([], 100, 100)).toBe('');
    expect(annotationsSvg(list, 0, 100)).toBe('');
  });

  it('draws each annotation in its palette colour, sized to the image', () => {
    const svg = annotationsSvg(list, 1280, 800);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1280" height="800" viewBox="0 0 1280 800"/);
    expect(svg.match(/<g data-annotation=/g)).toHaveLength(5);
    expect(svg).toContain('<g data-annotation="a" data-kind="arrow"><line x1="128" y1="400"');
    expect(svg).toContain('fill="#e11d48"');
    expect(svg).toContain('stroke="#4f46e5"');
    expect(svg).toContain('<rect x="768" y="80" width="256" height="160"');
    expect(svg).toContain('fill="#059669"');
  });

  it('numbers badges and escapes label text, so a label cannot add markup', () => {
    const svg = annotationsSvg(list, 1280, 800);
    expect(svg).toContain('>Save &lt;b&gt;&quot;here&quot;&lt;/b&gt; &amp; go</text>');
    expect(svg).not.toContain('<b>');
    expect(svg).toMatch(/data-annotation="b1".*>1<\/text><\/g>.*data-annotation="b2".*>2<\/text><\/g>/);
    expect(svg).toContain('aria-label="Annotations: Arrow; Rectangle; Label “Save &lt;b&gt;&quot;here&quot;&lt;/b&gt; &amp; go”; Badge 1; Badge 2"');
  });

  it('draws a colour it does not know in the default, never the stored string', () => {
    const odd = [{ ...list[3]!, colour: '"/><script>' as never }];
    const svg = annotationsSvg(odd, 100, 100);
    expect(svg).not.toContain('script');
    expect(svg).toContain('fill="#e11d48"');
  });

  it('draws only a region of the image when asked, in the same places', () => {
    const svg = annotationsSvg(list, 1280, 800, { region: { x: 100, y: 300, width: 500, height: 200 } });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="500" height="200" viewBox="100 300 500 200"/);
    expect(svg).toContain('<g data-annotation="a" data-kind="arrow"><line x1="128" y1="400"');
  });

  it('bounds what it paints inside the image, a label to the right edge', () => {
    expect(annotationsBounds([], 1280, 800)).toBeNull();
    const label = annotationsBounds([list[2]!], 1280, 800)!;
    expect(label.x + label.width).toBe(1280);
    expect(label.x).toBeLessThan(128);
    const corner = annotationsBounds([{ id: 'c', kind: 'badge', colour: 'ink', x: 1, y: 1 }], 1280, 800)!;
    expect(corner.x + corner.width).toBe(1280);
    expect(corner.y + corner.height).toBe(800);
  });

  it('scales into a box of another shape as the screenshot does', () => {
    expect(annotationsSvg(list, 100, 50, { fit: 'slice', className: 'x' })).toContain('preserveAspectRatio="xMidYMid slice" class="x"');
  });
});

describe('the annotations schema', () => {
  it('accepts every kind', () => {
    expect(Annotations.parse(list)).toHaveLength(5);
  });

  it.each([
    ['a point off the image', [{ ...list[0]!, to: { x: 1.2, y: 0.5 } }], 'Use a number from 0 to 1.'],
    ['a rectangle hanging over the edge', [{ ...list[1]!, x: 0.9, width: 0.2 }], 'A rectangle must lie inside the screenshot.'],
    ['an empty label', [{ ...list[2]!, text: '  ' }], 'Enter the label text.'],
    ['a label too long', [{ ...list[2]!, text: 'x'.repeat(81) }], 'Use at most 80 characters.'],
    ['a colour not in the palette', [{ ...list[3]!, colour: '#ff0000' }], 'Use a colour from the palette.'],
    ['an unknown kind', [{ id: 'c', kind: 'circle', colour: 'rose', x: 0, y: 0 }], 'Use an arrow, a rectangle, a label or a badge.'],
    ['two with one id', [list[3], { ...list[4]!, id: 'b1' }], 'Each annotation needs its own id.'],
    ['too many', Array.from({ length: 31 }, (_, i) => ({ ...list[3]!, id: `b${i}` })), 'Use at most 30 annotations on a step.'],
    ['a field it does not know', [{ ...list[3]!, href: 'x' }], 'Unrecognized key'],
  ])('refuses %s', (_name, value, message) => {
    const result = Annotations.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toContain(message);
  });
});
