import { describe, expect, it } from 'vitest';
import { annotationBounds, hitTest, isTooSmall, moveAnnotation, rectFromCorners } from './annotation-editing';
import { annotationMetrics, arrowGeometry, badgeCircle, badgeNumbers, labelBox, type Annotation } from './annotation-geometry';

const W = 1280;
const H = 800;
const arrow: Annotation = { id: 'a', kind: 'arrow', colour: 'rose', from: { x: 0.1, y: 0.5 }, to: { x: 0.5, y: 0.5 } };
const rect: Annotation = { id: 'r', kind: 'rect', colour: 'indigo', x: 0.6, y: 0.1, width: 0.2, height: 0.2 };
const label: Annotation = { id: 'l', kind: 'label', colour: 'amber', x: 0.1, y: 0.8, text: 'Save here' };
const badge: Annotation = { id: 'b', kind: 'badge', colour: 'ink', x: 0.9, y: 0.9 };

describe('annotation geometry', () => {
  it('puts the arrow head at the target, pointing along the arrow, the shaft ending at its base', () => {
    const g = arrowGeometry(arrow, W, H);
    const m = annotationMetrics(W, H);
    expect(g.head[0]).toEqual({ x: 640, y: 400 });
    expect(g.shaftEnd.x).toBeCloseTo(640 - m.arrowHead);
    expect(g.shaftEnd.y).toBeCloseTo(400);
    // the two back corners straddle the shaft, level with its end
    expect(g.head[1].x).toBeCloseTo(g.shaftEnd.x);
    expect(g.head[2].x).toBeCloseTo(g.shaftEnd.x);
    expect(g.head[1].y + g.head[2].y).toBeCloseTo(800);
    expect(Math.abs(g.head[1].y - g.head[2].y)).toBeGreaterThan(0);
  });

  it('keeps a short arrow\'s head to half its length, and a zero-length one finite', () => {
    const short = arrowGeometry({ from: { x: 0.5, y: 0.5 }, to: { x: 0.502, y: 0.5 } }, W, H);
    expect(short.head[0].x - short.shaftEnd.x).toBeCloseTo((0.002 * W) / 2);
    const none = arrowGeometry({ from: { x: 0.5, y: 0.5 }, to: { x: 0.5, y: 0.5 } }, W, H);
    expect(none.head.every((p) => Number.isFinite(p.x) && Number.isFinite(p.y))).toBe(true);
  });

  it('scales with the render size: the same fraction lands on the same place at any size', () => {
    const big = arrowGeometry(arrow, 2560, 1600);
    const small = arrowGeometry(arrow, 640, 400);
    expect(big.head[0].x / 2560).toBeCloseTo(small.head[0].x / 640);
    expect(annotationMetrics(2560, 1600).stroke).toBeCloseTo(annotationMetrics(640, 400).stroke * 4);
  });

  it('keeps a badge whole inside the image, even at a corner', () => {
    const c = badgeCircle({ x: 1, y: 0 }, W, H);
    expect(c.cx + c.r).toBeLessThanOrEqual(W);
    expect(c.cy - c.r).toBeGreaterThanOrEqual(0);
    expect(badgeCircle({ x: 0.5, y: 0.5 }, W, H)).toMatchObject({ cx: 640, cy: 400 });
  });

  it('moves a label that would hang over the right or bottom edge back inside', () => {
    const box = labelBox({ x: 0.99, y: 0.99, text: 'A rather long label here' }, W, H);
    expect(box.x + box.width).toBeCloseTo(W);
    expect(box.y + box.height).toBeCloseTo(H);
    const longer = labelBox({ x: 0, y: 0, text: 'A rather long label here!!' }, W, H);
    expect(longer.width).toBeGreaterThan(box.width);
  });

  it('numbers badges in the order they were added, skipping other kinds', () => {
    const second: Annotation = { ...badge, id: 'b2' };
    expect([...badgeNumbers([badge, arrow, second, label])]).toEqual([
      ['b', 1],
      ['b2', 2],
    ]);
  });

  it('makes a rectangle from corners dragged any way, clamped to the image', () => {
    expect(rectFromCorners({ x: 0.8, y: 0.9 }, { x: 0.2, y: 1.4 })).toEqual({ x: 0.2, y: 0.9, width: 0.6, height: 0.1 });
    expect(rectFromCorners({ x: -1, y: 0.5 }, { x: 0.5, y: 0.5 })).toMatchObject({ x: 0, width: 0.5, height: 0 });
  });

  it('moves a shape only as far as it stays inside', () => {
    expect(moveAnnotation(rect, 0.5, 0)).toMatchObject({ x: 0.8, y: 0.1 });
    expect(moveAnnotation(arrow, -0.5, 0.1)).toMatchObject({ from: { x: 0, y: 0.6 }, to: { x: 0.4, y: 0.6 } });
    expect(moveAnnotation(badge, 0.05, -0.1)).toMatchObject({ x: 0.95, y: 0.8 });
    expect(moveAnnotation({ ...rect, x: 0.7, width: 0.3 }, 0.1, 0)).toMatchObject({ x: 0.7 });
  });

  it('bounds each kind for the editor\'s outline', () => {
    expect(annotationBounds(arrow, W, H)).toEqual({ x: 128, y: 400, width: 512, height: 0 });
    expect(annotationBounds(rect, W, H)).toEqual({ x: 768, y: 80, width: 256, height: 160 });
    expect(annotationBounds(label, W, H)).toEqual(labelBox(label, W, H));
    const c = badgeCircle(badge, W, H);
    expect(annotationBounds(badge, W, H)).toEqual({ x: c.cx - c.r, y: c.cy - c.r, width: 2 * c.r, height: 2 * c.r });
  });

  it('tells a click with a drawing tool from a drag', () => {
    expect(isTooSmall({ ...arrow, to: { x: 0.105, y: 0.5 } })).toBe(true);
    expect(isTooSmall(arrow)).toBe(false);
    expect(isTooSmall({ ...rect, width: 0.001 })).toBe(true);
    expect(isTooSmall(badge)).toBe(false);
  });

  it('picks the shape under the pointer, the one on top first, and nothing on bare screenshot', () => {
    const all = [arrow, rect, label, badge];
    expect(hitTest(all, { x: 0.3, y: 0.5 + 2 / H }, W, H)?.id).toBe('a');
    expect(hitTest(all, { x: 0.3, y: 0.55 }, W, H)).toBeUndefined();
    expect(hitTest(all, { x: 0.7, y: 0.2 }, W, H)?.id).toBe('r');
    const box = labelBox(label, W, H);
    expect(hitTest(all, { x: (box.x + 5) / W, y: (box.y + 5) / H }, W, H)?.id).toBe('l');
    expect(hitTest(all, { x: 0.9, y: 0.9 }, W, H)?.id).toBe('b');
    const onTop: Annotation = { ...rect, id: 'top' };
    expect(hitTest([...all, onTop], { x: 0.7, y: 0.2 }, W, H)?.id).toBe('top');
  });
});
