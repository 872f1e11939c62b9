import type { Annotation } from '#shared/annotation-geometry';
import { annotationsSvg } from '#shared/annotation-svg';

/**
 * A slide's annotations over its screenshot, from the one SVG drawing every export uses too. It
 * sits in the zoomed canvas with the image, so it zooms with it; its markup is made from checked
 * shapes, palette colours and escaped text only (shared/annotation-svg.ts).
 */
export function AnnotationOverlay({ annotations, width, height }: { annotations: readonly Annotation[]; width: number | null; height: number | null }) {
  if (annotations.length === 0 || !width || !height) return null;
  return <div className="player__annotations" dangerouslySetInnerHTML={{ __html: annotationsSvg(annotations, width, height, { fit: 'slice' }) }} />;
}
