/**
 * Annotations drawn on a slide's screenshot (arrows, rectangles, text labels, numbered badges):
 * their shapes and the geometry every renderer shares. Coordinates are fractions (0..1) of the
 * screenshot's width and height, so an annotation lands on the same pixels at any render size;
 * sizes of strokes, text and badges follow the rendered image's shorter side.
 *
 * No zod here: the player and the embed draw annotations and must stay small. The API's schema
 * for them is shared/annotations.ts.
 */

/** The brand palette annotations are drawn in (web/src/styles/tokens.css): accent, brand and three more. */
export const ANNOTATION_COLOURS = {
  rose: '#e11d48',
  indigo: '#4f46e5',
  amber: '#d97706',
  emerald: '#059669',
  ink: '#0f172a',
} as const;
export type AnnotationColour = keyof typeof ANNOTATION_COLOURS;
export const ANNOTATION_COLOUR_KEYS = Object.keys(ANNOTATION_COLOURS) as [AnnotationColour, ...AnnotationColour[]];
export const DEFAULT_ANNOTATION_COLOUR: AnnotationColour = 'rose';
export const ANNOTATION_COLOUR_NAMES: Record<AnnotationColour, string> = { rose: 'Rose', indigo: 'Indigo', amber: 'Amber', emerald: 'Emerald', ink: 'Ink' };

export const ANNOTATION_KINDS = ['arrow', 'rect', 'label', 'badge'] as const;
export type AnnotationKind = (typeof ANNOTATION_KINDS)[number];
export const ANNOTATION_KIND_NAMES: Record<AnnotationKind, string> = { arrow: 'Arrow', rect: 'Rectangle', label: 'Label', badge: 'Badge' };

/** Most annotations on one slide, and the longest label: enough to explain a screen, not to cover it. */
export const MAX_ANNOTATIONS = 30;
export const MAX_LABEL_LENGTH = 80;
/** An id is short and URL-safe (the editor makes them). */
export const ANNOTATION_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export interface Point {
  x: number;
  y: number;
}

interface Base {
  id: string;
  colour: AnnotationColour;
}
export interface ArrowAnnotation extends Base {
  kind: 'arrow';
  from: Point;
  /** where the head points */
  to: Point;
}
export interface RectAnnotation extends Base {
  kind: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface LabelAnnotation extends Base {
  kind: 'label';
  /** the label's top-left corner */
  x: number;
  y: number;
  text: string;
}
export interface BadgeAnnotation extends Base {
  kind: 'badge';
  /** the badge's centre; its number is its place among the slide's badges */
  x: number;
  y: number;
}
export type Annotation = ArrowAnnotation | RectAnnotation | LabelAnnotation | BadgeAnnotation;

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
/** Fractions kept to six places: sub-pixel on any screen, and sums that stay within 0..1. */
export const round6 = (value: number) => Math.round(value * 1e6) / 1e6;
export const clampUnit = (value: number) => (Number.isFinite(value) ? clamp(round6(value), 0, 1) : 0);

export function clampPoint(point: Point): Point {
  return { x: clampUnit(point.x), y: clampUnit(point.y) };
}

/** The sizes of strokes, text and badges for an image drawn `width`×`height` pixels. */
export function annotationMetrics(width: number, height: number) {
  const unit = Math.max(1, Math.min(width, height) / 100);
  return {
    stroke: unit * 0.5,
    /** the white edge under strokes, so they read on dark and light screens alike */
    halo: unit * 0.5 + Math.max(1.5, unit * 0.35),
    fontSize: unit * 2.8,
    labelPadX: unit * 0.9,
    labelPadY: unit * 0.55,
    badgeRadius: unit * 1.9,
    arrowHead: unit * 2.6,
    /** how near a pointer must be to a line to pick it */
    hitTolerance: unit * 1.2,
  };
}

/**
 * The text's width when drawn: an estimate (no renderer measures text the same), generous so the
 * label's box holds the text in the fonts the player and the exports use.
 */
export function estimateTextWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) {
    if (/[ il.,:;'!|]/.test(char)) ems += 0.34;
    else if (/[MWmw@]/.test(char)) ems += 0.9;
    else if (/[A-Z0-9]/.test(char)) ems += 0.7;
    else if (char.codePointAt(0)! > 0x2e80) ems += 1.05;
    else ems += 0.62;
  }
  return ems * fontSize;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A label's box in pixels, moved inside the image when it would hang over an edge. */
export function labelBox(label: Pick<LabelAnnotation, 'x' | 'y' | 'text'>, width: number, height: number): Box {
  const m = annotationMetrics(width, height);
  const boxWidth = estimateTextWidth(label.text, m.fontSize) + 2 * m.labelPadX;
  const boxHeight = m.fontSize * 1.25 + 2 * m.labelPadY;
  return {
    x: clamp(clampUnit(label.x) * width, 0, Math.max(0, width - boxWidth)),
    y: clamp(clampUnit(label.y) * height, 0, Math.max(0, height - boxHeight)),
    width: boxWidth,
    height: boxHeight,
  };
}

/** A badge's circle in pixels, kept whole inside the image. */
export function badgeCircle(badge: Pick<BadgeAnnotation, 'x' | 'y'>, width: number, height: number): { cx: number; cy: number; r: number } {
  const r = annotationMetrics(width, height).badgeRadius;
  return {
    cx: clamp(clampUnit(badge.x) * width, Math.min(r, width / 2), Math.max(width - r, width / 2)),
    cy: clamp(clampUnit(badge.y) * height, Math.min(r, height / 2), Math.max(height - r, height / 2)),
    r,
  };
}

/** Each badge's number: its place among the slide's badges, from 1 (deleting one renumbers the rest). */
export function badgeNumbers(annotations: readonly Annotation[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const annotation of annotations) if (annotation.kind === 'badge') numbers.set(annotation.id, numbers.size + 1);
  return numbers;
}

/**
 * An arrow in pixels: its shaft from `from` to the head's base, and the head's three corners
 * (the tip at `to`). The head is never longer than half the arrow.
 */
export function arrowGeometry(arrow: Pick<ArrowAnnotation, 'from' | 'to'>, width: number, height: number) {
  const m = annotationMetrics(width, height);
  const from = { x: clampUnit(arrow.from.x) * width, y: clampUnit(arrow.from.y) * height };
  const tip = { x: clampUnit(arrow.to.x) * width, y: clampUnit(arrow.to.y) * height };
  const dx = tip.x - from.x;
  const dy = tip.y - from.y;
  const length = Math.hypot(dx, dy);
  const dir = length > 0 ? { x: dx / length, y: dy / length } : { x: 1, y: 0 };
  const headLength = Math.min(m.arrowHead, length / 2);
  const halfWidth = headLength * 0.55;
  const base = { x: tip.x - dir.x * headLength, y: tip.y - dir.y * headLength };
  const normal = { x: -dir.y, y: dir.x };
  return {
    from,
    shaftEnd: base,
    head: [tip, { x: base.x + normal.x * halfWidth, y: base.y + normal.y * halfWidth }, { x: base.x - normal.x * halfWidth, y: base.y - normal.y * halfWidth }] as const,
  };
}

/** What an annotation is, in words: "Arrow", "Label “Click here”", "Badge 2". */
export function describeAnnotation(annotation: Annotation, numbers: Map<string, number>): string {
  if (annotation.kind === 'label') return `Label “${annotation.text}”`;
  if (annotation.kind === 'badge') return `Badge ${numbers.get(annotation.id) ?? ''}`.trim();
  return ANNOTATION_KIND_NAMES[annotation.kind];
}

