import { describe, expect, it } from 'vitest';
import { RedactSlideBody, boxFromDrag, boxProblems, clampBox, covers, movedBox, resizedBox, suggestionsFrom, withoutCoveredBox } from './redaction-boxes';

const IMAGE = { width: 320, height: 200 };

describe('box geometry', () => {
  it('draws the same box whichever way the drag went', () => {
    const box = { x: 10, y: 20, width: 50, height: 30 };
    expect(boxFromDrag({ x: 10, y: 20 }, { x: 60, y: 50 }, IMAGE)).toEqual(box);
    expect(boxFromDrag({ x: 60, y: 50 }, { x: 10, y: 20 }, IMAGE)).toEqual(box);
    expect(boxFromDrag({ x: 60, y: 20 }, { x: 10, y: 50 }, IMAGE)).toEqual(box);
  });

  it('rounds outwards to whole pixels, so no sliver of what it covers is left', () => {
    expect(clampBox({ x: 10.7, y: 5.2, width: 20.1, height: 9.9 }, IMAGE)).toEqual({ x: 10, y: 5, width: 21, height: 11 });
  });

  it('cuts a box to the image, and drops one that ends up thinner than 4 pixels', () => {
    expect(clampBox({ x: -30, y: -10, width: 60, height: 40 }, IMAGE)).toEqual({ x: 0, y: 0, width: 30, height: 30 });
    expect(clampBox({ x: 300, y: 180, width: 100, height: 100 }, IMAGE)).toEqual({ x: 300, y: 180, width: 20, height: 20 });
    expect(clampBox({ x: 318, y: 10, width: 100, height: 20 }, IMAGE)).toBeUndefined();
    expect(clampBox({ x: 400, y: 10, width: 10, height: 20 }, IMAGE)).toBeUndefined();
    expect(boxFromDrag({ x: 5, y: 5 }, { x: 5, y: 5 }, IMAGE)).toBeUndefined();
    expect(clampBox({ x: Number.NaN, y: 0, width: 10, height: 10 }, IMAGE)).toBeUndefined();
  });

  it('moves a box by the arrow keys without letting it leave the image', () => {
    const box = { x: 10, y: 10, width: 50, height: 20 };
    expect(movedBox(box, 5, -3, IMAGE)).toEqual({ x: 15, y: 7, width: 50, height: 20 });
    expect(movedBox(box, -50, -50, IMAGE)).toEqual({ x: 0, y: 0, width: 50, height: 20 });
    expect(movedBox(box, 1000, 1000, IMAGE)).toEqual({ x: 270, y: 180, width: 50, height: 20 });
  });

  it('resizes from the corner, at least 4 pixels and no further than the image', () => {
    const box = { x: 300, y: 10, width: 10, height: 20 };
    expect(resizedBox(box, 50, 0, IMAGE)).toEqual({ x: 300, y: 10, width: 20, height: 20 });
    expect(resizedBox(box, -50, -50, IMAGE)).toEqual({ x: 300, y: 10, width: 4, height: 4 });
  });

  it('names each box that reaches outside the image or has no size', () => {
    expect(boxProblems([{ x: 0, y: 0, width: 320, height: 200 }], IMAGE)).toBeUndefined();
    expect(boxProblems([{ x: 0, y: 0, width: 10, height: 10 }, { x: 311, y: 0, width: 10, height: 10 }, { x: 0, y: 0, width: 0, height: 5 }], IMAGE)).toEqual({
      'boxes.1': 'The box reaches outside the 320×200 screenshot.',
      'boxes.2': 'The box has no size.',
    });
  });

  it('tells when one box covers another', () => {
    expect(covers({ x: 0, y: 0, width: 10, height: 10 }, { x: 0, y: 0, width: 10, height: 10 })).toBe(true);
    expect(covers({ x: 0, y: 0, width: 10, height: 10 }, { x: 1, y: 0, width: 10, height: 10 })).toBe(false);
  });
});

describe('the request', () => {
  it('takes whole pixels and a known style only, 1 to 50 boxes', () => {
    const box = { x: 1, y: 2, width: 3, height: 4, style: 'blur' };
    expect(RedactSlideBody.safeParse({ boxes: [box] }).success).toBe(true);
    expect(RedactSlideBody.safeParse({ boxes: [] }).success).toBe(false);
    expect(RedactSlideBody.safeParse({ boxes: Array.from({ length: 51 }, () => box) }).success).toBe(false);
    expect(RedactSlideBody.safeParse({ boxes: [{ ...box, style: 'erase' }] }).success).toBe(false);
    expect(RedactSlideBody.safeParse({ boxes: [{ ...box, width: 0 }] }).success).toBe(false);
    expect(RedactSlideBody.safeParse({ boxes: [{ ...box, x: 1.5 }] }).success).toBe(false);
    expect(RedactSlideBody.safeParse({ boxes: [{ ...box, x: -1 }] }).success).toBe(false);
  });
});

describe('suggestions from capture', () => {
  const typed = { action: 'type', element: { tag: 'input', type: 'email', redacted: true }, box: { x: 300, y: 190, width: 40, height: 20 } };

  it('suggests the box of a field typed into, cut to the image', () => {
    expect(suggestionsFrom(typed, IMAGE)).toEqual([{ x: 300, y: 190, width: 20, height: 10 }]);
  });

  it('suggests nothing for a click, a capture without a box, a capture it cannot read, or an image of unknown size', () => {
    expect(suggestionsFrom({ ...typed, action: 'click' }, IMAGE)).toEqual([]);
    expect(suggestionsFrom({ action: 'type', element: { tag: 'input' } }, IMAGE)).toEqual([]);
    expect(suggestionsFrom({ nonsense: true }, IMAGE)).toEqual([]);
    expect(suggestionsFrom(undefined, IMAGE)).toEqual([]);
    expect(suggestionsFrom(typed, { width: null, height: null })).toEqual([]);
  });

  it('drops the suggestion once an applied box covers it, and keeps it otherwise', () => {
    expect(withoutCoveredBox(typed, [{ x: 0, y: 0, width: 10, height: 10 }])).toBe(typed);
    const without = withoutCoveredBox(typed, [{ x: 290, y: 180, width: 60, height: 40 }]);
    expect(without).toEqual({ action: 'type', element: { tag: 'input', type: 'email', redacted: true } });
  });

  const later = {
    action: 'click',
    element: { tag: 'button' },
    personal: [
      { x: 10, y: 10, width: 80, height: 16, kind: 'typed' },
      { x: 100, y: 50, width: 120, height: 16, kind: 'email' },
      { x: 10, y: 60, width: 50, height: 16, kind: 'card', blurred: true },
    ],
  };

  it('suggests the personal data a later screenshot shows, with what it is, but not what was blurred already', () => {
    expect(suggestionsFrom(later, IMAGE)).toEqual([
      { x: 10, y: 10, width: 80, height: 16, kind: 'typed' },
      { x: 100, y: 50, width: 120, height: 16, kind: 'email' },
    ]);
    expect(suggestionsFrom({ ...typed, personal: later.personal.slice(0, 1) }, IMAGE)).toEqual([{ x: 300, y: 190, width: 20, height: 10 }, { x: 10, y: 10, width: 80, height: 16, kind: 'typed' }]);
  });

  it('drops each piece of personal data an applied box covers', () => {
    const without = withoutCoveredBox(later, [{ x: 0, y: 0, width: 95, height: 30 }]);
    expect((without as typeof later).personal.map((p) => p.kind)).toEqual(['email', 'card']);
    expect(withoutCoveredBox(later, [{ x: 500, y: 500, width: 5, height: 5 }])).toBe(later);
  });
});
