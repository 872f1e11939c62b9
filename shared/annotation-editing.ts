import {
  annotationMetrics,
  arrowGeometry,
  badgeCircle,
  clamp,
  clampPoint,
  clampUnit,
  labelBox,
  round6,
  type Annotation,
  type Box,
  type Point,
  type RectAnnotation,
} from './annotation-geometry';

/**
 * What only the editor does with annotations: draw them by dragging, pick the one under the
 * pointer, move them inside the image, outline the chosen one. Apart from the drawing geometry,
 * so that the player and the embed do not carry it.
 */

/** A rectangle from two corners dragged in any direction. */
export function rectFromCorners(a: Point, b: Point): Pick<RectAnnotation, 'x' | 'y' | 'width' | 'height'> {
  const p = clampPoint(a);
  const q = clampPoint(b);
  return { x: Math.min(p.x, q.x), y: Math.min(p.y, q.y), width: round6(Math.abs(p.x - q.x)), height: round6(Math.abs(p.y - q.y)) };
}

/** A drag this short drew nothing (a click with a drawing tool). */
export const MIN_DRAG = 0.01;
export function isTooSmall(annotation: Annotation): boolean {
  if (annotation.kind === 'arrow') return Math.hypot(annotation.to.x - annotation.from.x, annotation.to.y - annotation.from.y) < MIN_DRAG;
  if (annotation.kind === 'rect') return annotation.width < MIN_DRAG || annotation.height < MIN_DRAG;
  return false;
}

/** The annotation moved by (dx, dy), the move shortened so that no part leaves the image. */
export function moveAnnotation<A extends Annotation>(annotation: A, dx: number, dy: number): A {
  const points: Point[] =
    annotation.kind === 'arrow'
      ? [annotation.from, annotation.to]
      : annotation.kind === 'rect'
        ? [
            { x: annotation.x, y: annotation.y },
            { x: annotation.x + annotation.width, y: annotation.y + annotation.height },
          ]
        : [{ x: annotation.x, y: annotation.y }];
  const minX = Math.min(...points.map((p) => p.x));
  const maxX = Math.max(...points.map((p) => p.x));
  const minY = Math.min(...points.map((p) => p.y));
  const maxY = Math.max(...points.map((p) => p.y));
  const mx = clamp(dx, -minX, 1 - maxX);
  const my = clamp(dy, -minY, 1 - maxY);
  if (annotation.kind === 'arrow') {
    return { ...annotation, from: clampPoint({ x: annotation.from.x + mx, y: annotation.from.y + my }), to: clampPoint({ x: annotation.to.x + mx, y: annotation.to.y + my }) };
  }
  return { ...annotation, x: clampUnit(annotation.x + mx), y: clampUnit(annotation.y + my) };
}

function distanceToSegment(p: Point, a: Point, b: Point): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared, 0, 1);
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}

const inBox = (p: Point, box: Box, margin: number) =>
  p.x >= box.x - margin && p.x <= box.x + box.width + margin && p.y >= box.y - margin && p.y <= box.y + box.height + margin;

/**
 * The annotation under a point (a fraction of the image) when drawn `width`×`height`: the one
 * drawn last wins, as it is on top. Lines are picked within a tolerance; boxes and badges anywhere inside.
 */
export function hitTest(annotations: readonly Annotation[], point: Point, width: number, height: number): Annotation | undefined {
  const m = annotationMetrics(width, height);
  const p = { x: point.x * width, y: point.y * height };
  for (let i = annotations.length - 1; i >= 0; i--) {
    const annotation = annotations[i]!;
    if (annotation.kind === 'arrow') {
      const arrow = arrowGeometry(annotation, width, height);
      if (distanceToSegment(p, arrow.from, arrow.head[0]) <= m.hitTolerance + m.stroke) return annotation;
    } else if (annotation.kind === 'rect') {
      const box = { x: annotation.x * width, y: annotation.y * height, width: annotation.width * width, height: annotation.height * height };
      if (inBox(p, box, m.hitTolerance)) return annotation;
    } else if (annotation.kind === 'label') {
      if (inBox(p, labelBox(annotation, width, height), 0)) return annotation;
    } else {
      const circle = badgeCircle(annotation, width, height);
      if (Math.hypot(p.x - circle.cx, p.y - circle.cy) <= circle.r + m.hitTolerance / 2) return annotation;
    }
  }
  return undefined;
}

/** The box an annotation takes up in pixels (the editor outlines the chosen one). */
export function annotationBounds(annotation: Annotation, width: number, height: number): Box {
  switch (annotation.kind) {
    case 'arrow': {
      const xs = [annotation.from.x * width, annotation.to.x * width];
      const ys = [annotation.from.y * height, annotation.to.y * height];
      return { x: Math.min(...xs), y: Math.min(...ys), width: Math.abs(xs[0]! - xs[1]!), height: Math.abs(ys[0]! - ys[1]!) };
    }
    case 'rect':
      return { x: annotation.x * width, y: annotation.y * height, width: annotation.width * width, height: annotation.height * height };
    case 'label':
      return labelBox(annotation, width, height);
    case 'badge': {
      const { cx, cy, r } = badgeCircle(annotation, width, height);
      return { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r };
    }
  }
}
