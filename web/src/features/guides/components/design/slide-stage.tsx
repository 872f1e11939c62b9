import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { effectiveHighlight, effectiveZoomLevel, type GuideDto, type SlideDto } from '#shared/guides';
import { Icons } from '#web/components/icons';
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
  /** a zoom being chosen (the slider moving): previewed at once, as the player will show it */
  previewZoom?: number | undefined;
  /** drawn over the screenshot, inside its zoom (the annotations' layer, the redaction boxes) */
  overlay?: ReactNode;
}

/** How long the ring rests after an arrow key before the new point is saved (one save, one undo). */
const KEY_COMMIT_MS = 400;

/**
 * The chosen step, large: its screenshot with the click highlight where the guide shows it, and
 * a preview of the zoom the player makes towards the click (the effective zoom and highlight:
 * the step's override, else the guide's default). Clicking the screenshot moves the click
 * point; the step settings have fields for the same.
 */
export function SlideStage({ guide, slide, position, onPlaceClick, previewZoom, overlay }: SlideStageProps) {
  const [zoomPreview, setZoomPreview] = useState(false);
  const zoom = previewZoom ?? effectiveZoomLevel(slide, guide);
  const highlight = effectiveHighlight(slide, guide);
  const saved = clickPercent(slide);
  // The point while the ring is dragged or moved with the keys, before it is saved.
  const [moving, setMoving] = useState<{ x: number; y: number } | undefined>();
  const point = moving ?? saved;
  const zoomed = (zoomPreview || previewZoom !== undefined) && point !== undefined && zoom > 1;
  const frameRef = useRef<HTMLDivElement>(null);
  const keyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(keyTimer.current), []);

  const toPixels = (percent: { x: number; y: number }) => ({
    x: Math.round(((slide.width ?? 0) * percent.x) / 100),
    y: Math.round(((slide.height ?? 0) * percent.y) / 100),
  });
  const percentAt = (clientX: number, clientY: number) => {
    const box = frameRef.current?.querySelector('.stage__image')?.getBoundingClientRect();
    if (!box) return undefined;
    const clamp = (value: number) => round(Math.min(100, Math.max(0, value)));
    return { x: clamp(((clientX - box.left) / box.width) * 100), y: clamp(((clientY - box.top) / box.height) * 100) };
  };

  const onRingPointerDown = (event: PointerEvent<HTMLButtonElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    setMoving(point);
  };
  const onRingPointerMove = (event: PointerEvent<HTMLButtonElement>) => {
    if (!moving) return;
    const next = percentAt(event.clientX, event.clientY);
    if (next) setMoving(next);
  };
  const onRingPointerUp = (event: PointerEvent<HTMLButtonElement>) => {
    if (!moving) return;
    // Where the pointer is let go: the last move may not have been rendered yet.
    const dropped = percentAt(event.clientX, event.clientY) ?? moving;
    if (dropped.x !== saved?.x || dropped.y !== saved?.y) onPlaceClick(toPixels(dropped));
    setMoving(undefined);
  };
  const onRingKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const step = event.shiftKey ? 5 : 1;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta || !point) return;
    event.preventDefault();
    const next = { x: round(Math.min(100, Math.max(0, point.x + delta[0]!))), y: round(Math.min(100, Math.max(0, point.y + delta[1]!))) };
    setMoving(next);
    clearTimeout(keyTimer.current);
    keyTimer.current = setTimeout(() => {
      onPlaceClick(toPixels(next));
      setMoving(undefined);
    }, KEY_COMMIT_MS);
  };

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
      <div ref={frameRef} className="stage__frame" style={slide.width && slide.height ? { aspectRatio: `${slide.width} / ${slide.height}` } : undefined}>
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
            {overlay}
          </div>
        ) : (
          <div className="stage__empty">
            {Icons.image}
            <span>This step has no screenshot.</span>
          </div>
        )}
        {point && slide.screenshotUrl ? (
          // Shown dashed when the step hides its highlight: still there to be moved.
          <button
            type="button"
            className={['stage__ring', !highlight && 'stage__ring--hidden', moving && 'stage__ring--moving'].filter(Boolean).join(' ')}
            style={{ left: `${point.x}%`, top: `${point.y}%` }}
            aria-label={`Click point, ${point.x}% from the left and ${point.y}% from the top: drag it, or move it with the arrow keys`}
            onPointerDown={onRingPointerDown}
            onPointerMove={onRingPointerMove}
            onPointerUp={onRingPointerUp}
            onPointerCancel={() => setMoving(undefined)}
            onKeyDown={onRingKeyDown}
          />
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
        <span className="stage__hint">{point ? 'Drag the ring, or click the screenshot, to move the click point.' : 'Click the screenshot to mark where the click happens.'}</span>
        <button
          type="button"
          className="stage__toggle"
          aria-pressed={zoomed}
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
