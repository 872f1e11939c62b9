import { useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import {
  ANNOTATION_COLOURS,
  ANNOTATION_COLOUR_KEYS,
  ANNOTATION_COLOUR_NAMES,
  ANNOTATION_KIND_NAMES,
  DEFAULT_ANNOTATION_COLOUR,
  MAX_ANNOTATIONS,
  MAX_LABEL_LENGTH,
  badgeNumbers,
  clampPoint,
  describeAnnotation,
  type Annotation,
  type AnnotationColour,
  type Point,
} from '#shared/annotation-geometry';
import { annotationBounds, hitTest, isTooSmall, moveAnnotation, rectFromCorners } from '#shared/annotation-editing';
import { annotationsSvg } from '#shared/annotation-svg';
import type { SlideDto } from '#shared/guides';
import { useTextLimit } from '#web/components/ui/text-limit';
import './annotation-editor.css';

type Tool = 'select' | 'arrow' | 'rect' | 'label' | 'badge';
const TOOLS: ReadonlyArray<{ tool: Tool; name: string }> = [
  { tool: 'select', name: 'Select' },
  { tool: 'arrow', name: 'Arrow' },
  { tool: 'rect', name: 'Rectangle' },
  { tool: 'label', name: 'Label' },
  { tool: 'badge', name: 'Badge' },
];

const TOOL_HINTS: Record<Tool, string> = {
  select: 'Click an annotation to choose it, drag to move it.',
  arrow: 'Drag from where the arrow starts to what it points at.',
  rect: 'Drag across what to frame.',
  label: 'Click where the label goes, then type.',
  badge: 'Click to place the next number.',
};

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
function newAnnotationId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => ID_ALPHABET[byte & 63]).join('');
}

/** A keyboard user's new arrow or rectangle: this size, in the middle, then moved with the arrow keys. */
function centred(tool: 'arrow' | 'rect', colour: AnnotationColour): Annotation {
  const id = newAnnotationId();
  return tool === 'arrow'
    ? { id, kind: 'arrow', colour, from: { x: 0.35, y: 0.65 }, to: { x: 0.5, y: 0.5 } }
    : { id, kind: 'rect', colour, x: 0.4, y: 0.4, width: 0.2, height: 0.2 };
}

/** One step of a key press: 1% of the screenshot, 5% with Shift. */
const KEY_STEP = 0.01;

export interface AnnotationEditorProps {
  slide: SlideDto;
  position: number;
  /** the whole new list: one save, one undo */
  onChange: (annotations: Annotation[]) => void;
  /** the stage, given the layer to put over its screenshot (inside its zoom) */
  children: (overlay: ReactNode) => ReactNode;
}

type Drag =
  | { kind: 'draw'; start: Point; draft: Annotation }
  | { kind: 'move'; start: Point; original: Annotation; draft: Annotation };

/**
 * Annotations on the chosen step: a row of tools (select, arrow, rectangle, label, badge) and the
 * palette's colours over the stage, a layer on the screenshot to draw, pick and drag them, and a
 * list of them under it with a delete button each, so that every action also works from the
 * keyboard (Enter on the layer adds with the chosen tool; arrow keys move the chosen annotation;
 * Delete removes it). The layer draws with the player's own SVG; a tool of none leaves the
 * screenshot's clicks to the click point.
 */
export function AnnotationEditor({ slide, position, onChange, children }: AnnotationEditorProps) {
  const annotations = slide.annotations;
  const [tool, setTool] = useState<Tool | undefined>();
  const [colour, setColour] = useState<AnnotationColour>(DEFAULT_ANNOTATION_COLOUR);
  const [selectedId, setSelectedId] = useState<string | undefined>();
  const [drag, setDrag] = useState<Drag | undefined>();
  /** where a label is being typed */
  const [labelAt, setLabelAt] = useState<Point | undefined>();
  const [labelText, setLabelText] = useState('');
  const labelLimit = useTextLimit(MAX_LABEL_LENGTH, { length: labelText.length });
  /** the label being typed, read once by whichever of Enter and blur comes first */
  const pendingLabel = useRef<Point | undefined>(undefined);
  const layerRef = useRef<HTMLDivElement>(null);
  const width = slide.width ?? 0;
  const height = slide.height ?? 0;
  const full = annotations.length >= MAX_ANNOTATIONS;

  // Another step: nothing of the last one stays chosen or half-drawn.
  const [shownSlideId, setShownSlideId] = useState(slide.id);
  if (shownSlideId !== slide.id) {
    setShownSlideId(slide.id);
    setSelectedId(undefined);
    setDrag(undefined);
    setLabelAt(undefined);
  }

  const selected = annotations.find((a) => a.id === selectedId);
  const numbers = badgeNumbers(annotations);

  // What is drawn: the saved list with the drag's shape in place of (or after) its own.
  const shown = drag
    ? drag.kind === 'move'
      ? annotations.map((a) => (a.id === drag.original.id ? drag.draft : a))
      : [...annotations, drag.draft]
    : annotations;

  const add = (annotation: Annotation) => {
    if (full) return;
    onChange([...annotations, annotation]);
    setSelectedId(annotation.id);
  };
  const remove = (id: string) => {
    onChange(annotations.filter((a) => a.id !== id));
    if (selectedId === id) setSelectedId(undefined);
  };
  const replace = (next: Annotation) => onChange(annotations.map((a) => (a.id === next.id ? next : a)));

  const pointAt = (clientX: number, clientY: number): Point | undefined => {
    const box = layerRef.current?.getBoundingClientRect();
    if (!box || box.width === 0 || box.height === 0) return undefined;
    return clampPoint({ x: (clientX - box.left) / box.width, y: (clientY - box.top) / box.height });
  };

  const startLabel = (at: Point) => {
    pendingLabel.current = at;
    setLabelAt(at);
    setLabelText('');
  };
  const commitLabel = () => {
    const at = pendingLabel.current;
    pendingLabel.current = undefined;
    const text = labelText.trim().slice(0, MAX_LABEL_LENGTH);
    if (at && text) add({ id: newAnnotationId(), kind: 'label', colour, x: at.x, y: at.y, text });
    setLabelAt(undefined);
    setLabelText('');
    layerRef.current?.focus();
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!tool || event.button !== 0 || labelAt) return;
    const at = pointAt(event.clientX, event.clientY);
    if (!at) return;
    event.preventDefault();
    layerRef.current?.focus();
    if (tool === 'select') {
      const hit = hitTest(annotations, at, width, height);
      setSelectedId(hit?.id);
      if (hit) {
        event.currentTarget.setPointerCapture(event.pointerId);
        setDrag({ kind: 'move', start: at, original: hit, draft: hit });
      }
      return;
    }
    if (full) return;
    if (tool === 'badge') return add({ id: newAnnotationId(), kind: 'badge', colour, x: at.x, y: at.y });
    if (tool === 'label') return startLabel(at);
    event.currentTarget.setPointerCapture(event.pointerId);
    const id = newAnnotationId();
    const draft: Annotation = tool === 'arrow' ? { id, kind: 'arrow', colour, from: at, to: at } : { id, kind: 'rect', colour, ...rectFromCorners(at, at) };
    setDrag({ kind: 'draw', start: at, draft });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    const at = pointAt(event.clientX, event.clientY);
    if (!at) return;
    setDrag(dragged(drag, at));
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag) return;
    // Where the pointer is let go: the last move may not have been rendered yet.
    const at = pointAt(event.clientX, event.clientY);
    const done = at ? dragged(drag, at) : drag;
    setDrag(undefined);
    if (done.kind === 'draw') {
      if (!isTooSmall(done.draft)) add(done.draft);
    } else if (done.draft !== done.original && JSON.stringify(done.draft) !== JSON.stringify(done.original)) {
      replace(done.draft);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if ((event.key === 'Delete' || event.key === 'Backspace') && selected) {
      event.preventDefault();
      remove(selected.id);
      return;
    }
    if (event.key === 'Escape' && selected) {
      event.preventDefault();
      setSelectedId(undefined);
      return;
    }
    const step = event.shiftKey ? KEY_STEP * 5 : KEY_STEP;
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (delta && selected) {
      event.preventDefault();
      replace(moveAnnotation(selected, delta[0]!, delta[1]!));
      return;
    }
    if (event.key === 'Enter' && tool && tool !== 'select' && !full) {
      event.preventDefault();
      const centre = { x: 0.5, y: 0.5 };
      if (tool === 'label') startLabel(centre);
      else if (tool === 'badge') add({ id: newAnnotationId(), kind: 'badge', colour, ...centre });
      else add(centred(tool, colour));
    }
  };

  /** With a drawing tool the colour is the pen's, for what is drawn next; otherwise it recolours the chosen annotation. */
  const chooseColour = (next: AnnotationColour) => {
    setColour(next);
    const drawing = tool !== undefined && tool !== 'select';
    if (!drawing && selected && selected.colour !== next) replace({ ...selected, colour: next });
  };

  const outline = selected && !drag ? annotationBounds(selected, width, height) : undefined;
  const pad = Math.max(4, Math.min(width, height) / 120);
  const canAnnotate = !!slide.screenshotUrl && width > 0 && height > 0;

  const overlay = canAnnotate ? (
    <div
      ref={layerRef}
      className={`annotation-layer${tool ? ' annotation-layer--active' : ''}${tool && tool !== 'select' ? ' annotation-layer--drawing' : ''}`}
      tabIndex={tool || annotations.length > 0 ? 0 : -1}
      role="group"
      aria-label={`Annotations of step ${position}: ${
        tool && tool !== 'select' ? `press Enter to add a ${ANNOTATION_KIND_NAMES[tool].toLowerCase()}` : 'choose a tool to draw'
      }; arrow keys move the chosen annotation, Delete removes it`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => setDrag(undefined)}
      onKeyDown={onKeyDown}
    >
      <div className="annotation-layer__drawing" dangerouslySetInnerHTML={{ __html: annotationsSvg(shown, width, height) }} />
      {outline ? (
        <svg className="annotation-layer__outline" viewBox={`0 0 ${width} ${height}`} aria-hidden="true">
          <rect x={outline.x - pad} y={outline.y - pad} width={outline.width + 2 * pad} height={outline.height + 2 * pad} />
        </svg>
      ) : null}
      {labelAt ? (
        <div className="annotation-layer__label" style={{ left: `${labelAt.x * 100}%`, top: `${labelAt.y * 100}%` }} onPointerDown={(event) => event.stopPropagation()}>
          <input
            className="annotation-layer__label-input"
            aria-label="Label text: Enter adds it, Escape cancels"
            aria-describedby={labelLimit.hintId}
            // The label is typed where it was placed, at once.
            autoFocus
            maxLength={MAX_LABEL_LENGTH}
            value={labelText}
            {...labelLimit.handlers}
            onChange={(event) => setLabelText(event.target.value)}
            onKeyDown={(event) => {
              labelLimit.handlers.onKeyDown(event);
              if (event.key === 'Enter') {
                event.preventDefault();
                commitLabel();
              } else if (event.key === 'Escape') {
                event.preventDefault();
                pendingLabel.current = undefined;
                setLabelAt(undefined);
                layerRef.current?.focus();
              }
            }}
            onBlur={commitLabel}
          />
          <div className="annotation-layer__label-limit">
            {labelLimit.counter}
            {labelLimit.message}
          </div>
        </div>
      ) : null}
    </div>
  ) : null;

  return (
    <>
      {canAnnotate ? (
        <div className="annotation-tools" role="group" aria-label={`Annotate step ${position}`}>
          <div className="annotation-tools__row" role="group" aria-label="Annotation tool">
            {TOOLS.map(({ tool: each, name }) => (
              <button
                key={each}
                type="button"
                className="annotation-tools__tool"
                aria-pressed={tool === each}
                disabled={each !== 'select' && full}
                onClick={() => {
                  setTool((current) => (current === each ? undefined : each));
                  setLabelAt(undefined);
                }}
              >
                {name}
              </button>
            ))}
          </div>
          <div className="annotation-tools__row" role="group" aria-label="Annotation colour">
            {ANNOTATION_COLOUR_KEYS.map((key) => (
              <button
                key={key}
                type="button"
                className="annotation-tools__swatch"
                style={{ background: ANNOTATION_COLOURS[key] }}
                aria-pressed={colour === key}
                aria-label={ANNOTATION_COLOUR_NAMES[key]}
                title={ANNOTATION_COLOUR_NAMES[key]}
                onClick={() => chooseColour(key)}
              />
            ))}
          </div>
          {full ? (
            <p className="annotation-tools__note">A step holds at most {MAX_ANNOTATIONS} annotations.</p>
          ) : tool ? (
            <p className="annotation-tools__note">{TOOL_HINTS[tool]} Press the tool again to place the click point instead.</p>
          ) : null}
        </div>
      ) : null}
      {children(overlay)}
      {annotations.length > 0 ? (
        <section className="annotation-list" aria-labelledby="annotation-list-heading">
          <h3 id="annotation-list-heading" className="annotation-list__heading">
            Annotations <span className="annotation-list__count">{annotations.length}</span>
          </h3>
          <ul>
            {annotations.map((annotation) => {
              const name = describeAnnotation(annotation, numbers);
              return (
                <li key={annotation.id} className="annotation-list__item">
                  <span className="annotation-list__dot" style={{ background: ANNOTATION_COLOURS[annotation.colour] }} aria-hidden="true" />
                  <button
                    type="button"
                    className="annotation-list__select"
                    aria-pressed={annotation.id === selectedId}
                    onClick={() => {
                      setSelectedId(annotation.id === selectedId ? undefined : annotation.id);
                      // Chosen from the list: the colours and keys act on it, not on a pen.
                      setTool('select');
                    }}
                  >
                    {name}, {ANNOTATION_COLOUR_NAMES[annotation.colour].toLowerCase()}
                  </button>
                  <button type="button" className="annotation-list__delete" aria-label={`Delete ${name}`} onClick={() => remove(annotation.id)}>
                    Delete
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** The drag's shape with the pointer at `at`: a drawn shape stretched to it, a moved one shifted by it. */
function dragged(drag: Drag, at: Point): Drag {
  if (drag.kind === 'move') return { ...drag, draft: moveAnnotation(drag.original, at.x - drag.start.x, at.y - drag.start.y) };
  const { draft } = drag;
  if (draft.kind === 'arrow') return { ...drag, draft: { ...draft, to: at } };
  if (draft.kind === 'rect') return { ...drag, draft: { ...draft, ...rectFromCorners(drag.start, at) } };
  return drag;
}
