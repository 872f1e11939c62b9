/**
 * Capture geometry: the page measures in CSS pixels of its viewport, the screenshot is in
 * device pixels. The scale is the image's width over the viewport's `innerWidth` (not
 * devicePixelRatio: page zoom and Playwright's deviceScaleFactor leave it unrelated;
 * capture-notes.md, "Geometry").
 */
export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

/** Image pixels per CSS pixel; 1 when the viewport width is unknown. */
export function captureScale(imageWidth: number, viewportWidth: number): number {
  if (!(imageWidth > 0) || !(viewportWidth > 0)) return 1;
  return imageWidth / viewportWidth;
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A viewport point in image pixels, rounded and kept inside the image. */
export function toImagePoint(point: Point, scale: number, image: Size): Point {
  return {
    x: clamp(Math.round(point.x * scale), 0, Math.max(0, image.width - 1)),
    y: clamp(Math.round(point.y * scale), 0, Math.max(0, image.height - 1)),
  };
}

/**
 * A viewport rectangle in whole image pixels, grown by `padding` image pixels on each side
 * (outwards, so a cover never leaves an edge of anti-aliased text) and clipped to the image;
 * undefined when nothing of it is on screen.
 */
export function toImageRect(rect: Rect, scale: number, image: Size, padding = 0): Rect | undefined {
  const left = clamp(Math.floor(rect.x * scale) - padding, 0, image.width);
  const top = clamp(Math.floor(rect.y * scale) - padding, 0, image.height);
  const right = clamp(Math.ceil((rect.x + rect.width) * scale) + padding, 0, image.width);
  const bottom = clamp(Math.ceil((rect.y + rect.height) * scale) + padding, 0, image.height);
  if (right <= left || bottom <= top || rect.width <= 0 || rect.height <= 0) return undefined;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Moves a point measured inside a frame into its parent's viewport. */
export function offsetPoint(point: Point, offset: Point): Point {
  return { x: point.x + offset.x, y: point.y + offset.y };
}

export function containsPoint(rect: Rect, point: Point): boolean {
  return point.x >= rect.x && point.x <= rect.x + rect.width && point.y >= rect.y && point.y <= rect.y + rect.height;
}
