import { useState, type MouseEvent } from 'react';
import { effectiveHighlight, effectiveZoomLevel, type GuideDto, type SlideDto } from '#shared/guides';
import { Icons } from '../icons';
import { formatZoom } from './design-fields';

const round = (value: number) => Math.round(value * 100) / 100;

/** The click point as percentages of the screenshot (the zoom origin and the ring's place); undefined without one. */
export function clickPercent(slide: Pick<SlideDto, 'click' | 'width' | 'height'>): { x: number; y: number } | undefined {
  const { click, width, height } = slide;
  if (!click || !width || !height) return undefined;
  return { x: round(Math.min(100, Math.max(0, (click.x / width) * 100))), y: round(Math.min(100, Math.max(0, (click.y / height) * 100))) };
}

export interface SlideStageProps {
  guide: Pick<GuideDto, 'zoomLevel' | 'isHighlightVisible'>;
  slide: SlideDto;
  position: number;
  /** places the click point (pixels of the screenshot) */
  onPlaceClick: (click: { x: number; y: number }) => void;
}

/**
 * The chosen step, large: its screenshot with the click highlight where the guide shows it, and
 * a preview of the zoom the player makes towards the click (the effective zoom and highlight:
 * the step's override, else the guide's default). Clicking the screenshot moves the click
 * point; the step settings have fields for the same.
 */
export function SlideStage({ guide, slide, position, onPlaceClick }: SlideStageProps) {
  const [zoomPreview, setZoomPreview] = useState(false);
  const zoom = effectiveZoomLevel(slide, guide);
  const highlight = effectiveHighlight(slide, guide);
  const point = clickPercent(slide);
  const zoomed = zoomPreview && point !== undefined && zoom > 1;

  const place = (event: MouseEvent<HTMLImageElement>) => {
    if (!slide.width || !slide.height) return;
    // The box of the image as drawn (zoomed or not), so the point lands where it was clicked.
    const box = event.currentTarget.getBoundingClientRect();
    const x = Math.round(((event.clientX - box.left) / box.width) * slide.width);
    const y = Math.round(((event.clientY - box.top) / box.height) * slide.height);
    onPlaceClick({ x: Math.min(slide.width, Math.max(0, x)), y: Math.min(slide.height, Math.max(0, y)) });
  };

  return (
    <figure className="stage">
      <div className="stage__frame" style={slide.width && slide.height ? { aspectRatio: `${slide.width} / ${slide.height}` } : undefined}>
        {slide.screenshotUrl ? (
          <div
            className="stage__canvas"
            style={{
              transformOrigin: point ? `${point.x}% ${point.y}%` : '50% 50%',
              transform: zoomed ? `scale(${zoom})` : 'none',
            }}
          >
            <img
              className="stage__image"
              src={slide.screenshotUrl}
              alt={`Screenshot of step ${position}`}
              width={slide.width ?? undefined}
              height={slide.height ?? undefined}
              draggable={false}
              onClick={place}
            />
          </div>
        ) : (
          <div className="stage__empty">
            {Icons.image}
            <span>This step has no screenshot.</span>
          </div>
        )}
        {point && highlight && slide.screenshotUrl ? (
          <span className="stage__ring" style={{ left: `${point.x}%`, top: `${point.y}%` }} aria-hidden="true" />
        ) : null}
      </div>
      <figcaption className="stage__bar">
        <span className="stage__facts">
          <span>
            Zoom {formatZoom(zoom)}
            {slide.zoomLevel === null ? ' (guide default)' : ''}
          </span>
          <span>
            Highlight {highlight ? 'shown' : 'hidden'}
            {slide.isHighlightVisible === null ? ' (guide default)' : ''}
          </span>
        </span>
        <span className="stage__hint">{point ? 'Click the screenshot to move the click point.' : 'Click the screenshot to mark where the click happens.'}</span>
        <button
          type="button"
          className="stage__toggle"
          aria-pressed={zoomPreview}
          disabled={!point}
          title={point ? undefined : 'Mark a click point to preview the zoom'}
          onClick={() => setZoomPreview((on) => !on)}
        >
          {Icons.zoom}
          Preview zoom
        </button>
      </figcaption>
    </figure>
  );
}
