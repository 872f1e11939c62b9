export interface ZoomableSlide {
  click: { x: number; y: number } | null;
  width: number | null;
  height: number | null;
  zoomLevel: number;
}

export interface SlideZoom {
  /** the click point as percentages of the screenshot's width and height; the centre without one */
  origin: { x: number; y: number };
  /** the scale applied when zoomed in; 1 when the slide has no click point */
  scale: number;
}

const round = (value: number) => Math.round(value * 1000) / 1000;
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * How a slide zooms: scaled by its effective zoom level around the click point. Scaling around
 * a point keeps that point where it is and pushes every edge outwards, so the zoomed screenshot
 * always covers its frame, and the highlight ring can sit at the same percentages unscaled.
 */
export function slideZoom(slide: ZoomableSlide): SlideZoom {
  const { click, width, height } = slide;
  if (!click || !width || !height || width <= 0 || height <= 0) return { origin: { x: 50, y: 50 }, scale: 1 };
  return {
    origin: { x: round(clamp((click.x / width) * 100, 0, 100)), y: round(clamp((click.y / height) * 100, 0, 100)) },
    // The API answers a validated level (1–4, #shared/guides); below 1 would shrink the
    // screenshot inside its frame, so it is never less. Not imported: that module carries zod.
    scale: Number.isFinite(slide.zoomLevel) ? Math.max(1, slide.zoomLevel) : 1,
  };
}

/** The CSS of a zoom: `transform-origin` always, `transform` only when zoomed in. */
export function zoomStyle(zoom: SlideZoom, zoomedIn: boolean): { transformOrigin: string; transform: string } {
  return {
    transformOrigin: `${zoom.origin.x}% ${zoom.origin.y}%`,
    transform: zoomedIn && zoom.scale !== 1 ? `scale(${zoom.scale})` : 'none',
  };
}
