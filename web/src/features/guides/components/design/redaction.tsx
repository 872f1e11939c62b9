import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import type { SlideDto } from '#shared/guides';
import { SENSITIVE_TEXT_LABELS, type SensitiveTextKind } from '#shared/redaction';
import {
  MAX_REDACTION_BOXES,
  REDACTION_STYLES,
  REDACTION_STYLE_LABELS,
  boxFromDrag,
  clampBox,
  movedBox,
  resizedBox,
  type Rect,
  type RedactionStyle,
} from '#shared/redaction-boxes';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { useRedactSlide } from '../../api/redact-slide';
import type { HistoryEntry } from '../../utils/edit-history';
import {
  addBox,
  boxLabel,
  changedDrafts,
  draftsOf,
  openSuggestions,
  removeBox,
  replaceBox,
  withoutDrafts,
  type DraftBox,
  type Drafts,
} from '../../utils/redaction-drafts';
import './redaction.css';

/** What a suggestion covers, for the lists: the field a value was typed in, or the personal data capture saw. */
export function suggestionLabel(kind: SensitiveTextKind | undefined): string {
  return kind ? SENSITIVE_TEXT_LABELS[kind] : 'Typed field';
}

/** How long a box rests after an arrow key before the move is one step of the undo history. */
const KEY_COMMIT_MS = 400;

let nextBoxId = 0;
const newBoxId = () => `box-${Date.now().toString(36)}-${(nextBoxId++).toString(36)}`;

const percentStyle = (box: Rect, slide: Pick<SlideDto, 'width' | 'height'>) => ({
  left: `${(box.x / (slide.width ?? 1)) * 100}%`,
  top: `${(box.y / (slide.height ?? 1)) * 100}%`,
  width: `${(box.width / (slide.width ?? 1)) * 100}%`,
  height: `${(box.height / (slide.height ?? 1)) * 100}%`,
});

export interface RedactionInput {
  guideId: string;
  slides: readonly SlideDto[];
  slide: SlideDto | undefined;
  /** the slide's place in the guide, from 1 */
  position: number;
  record: (entry: HistoryEntry) => void;
  announce: (message: string) => void;
}

/**
 * Redaction in the design view: boxes drawn on the chosen step's screenshot (a drag while
 * "Draw boxes" is on, or "Add a box" and the arrow keys), listed with their style and a remove
 * button, suggested where capture saw a value typed. Boxes are editor state in the undo history
 * until applied; applying bakes them into a new picture on the server and deletes the original,
 * so it is never in the history. Answers the layer drawn over the screenshot (the stage mounts
 * it) and the panel.
 */
export function useRedaction({ guideId, slides, slide, position, record, announce }: RedactionInput): { overlay: ReactNode; panel: ReactNode } {
  const [drafts, setDrafts] = useState<Drafts>({});
  const [drawing, setDrawing] = useState(false);
  const [style, setStyle] = useState<RedactionStyle>('blur');
  const [confirming, setConfirming] = useState(false);
  const redact = useRedactSlide({ guideId, mutationConfig: { onError: () => undefined } }); // its failure has a toast of its own below

  const size = slide?.width && slide.height && slide.screenshotKey ? { width: slide.width, height: slide.height } : undefined;
  const boxes = slide ? draftsOf(drafts, slide) : [];
  const suggestions = slide && size ? openSuggestions(slide.redactionSuggestions ?? [], boxes) : [];

  /** A change of one slide's boxes, with the change that puts it back, in the undo history. */
  const change = useCallback(
    (label: string, target: SlideDto, forward: (boxes: readonly DraftBox[]) => readonly DraftBox[], backward: (boxes: readonly DraftBox[]) => readonly DraftBox[]) => {
      const key = target.screenshotKey;
      if (!key) return;
      const apply = (fn: typeof forward) => setDrafts((now) => changedDrafts(now, target.id, key, fn));
      apply(forward);
      record({ label, undo: () => apply(backward), redo: () => apply(forward) });
    },
    [record],
  );

  const add = (rect: Rect, boxStyle: RedactionStyle, suggested = false): string | undefined => {
    if (!slide) return undefined;
    if (boxes.length >= MAX_REDACTION_BOXES) {
      toast.info(`At most ${MAX_REDACTION_BOXES} boxes at once`, { description: 'Apply these first, then draw more.' });
      return undefined;
    }
    const box: DraftBox = { ...rect, id: newBoxId(), style: boxStyle, ...(suggested ? { suggested } : {}) };
    change(`Add a ${REDACTION_STYLE_LABELS[boxStyle].toLowerCase()} box to step ${position}`, slide, addBox(box), removeBox(box.id));
    announce(`${REDACTION_STYLE_LABELS[boxStyle]} box added to step ${position}: ${box.width}×${box.height} pixels.`);
    return box.id;
  };
  const remove = (box: DraftBox, index: number) => {
    if (!slide) return;
    change(`Remove box ${index + 1} of step ${position}`, slide, removeBox(box.id), addBox(box));
    announce(`Box ${index + 1} removed.`);
  };
  const restyle = (box: DraftBox, index: number, next: RedactionStyle) => {
    if (!slide || next === box.style) return;
    change(`Make box ${index + 1} of step ${position} ${REDACTION_STYLE_LABELS[next].toLowerCase()}`, slide, replaceBox({ ...box, style: next }), replaceBox(box));
  };
  const addCentred = () => {
    if (!size) return;
    const width = Math.max(8, Math.round(size.width / 4));
    const height = Math.max(8, Math.round(size.height / 10));
    const rect = clampBox({ x: (size.width - width) / 2, y: (size.height - height) / 2, width, height }, size);
    if (rect) focusBox.current = add(rect, style);
  };

  // Arrow keys move (Shift: resize) a box at once; the move joins the history once it rests.
  const keyMove = useRef<{ start: DraftBox; timer: ReturnType<typeof setTimeout> } | undefined>(undefined);
  useEffect(() => () => clearTimeout(keyMove.current?.timer), []);
  const onBoxKeyDown = (event: KeyboardEvent<HTMLButtonElement>, box: DraftBox, index: number) => {
    if (!slide || !size || !slide.screenshotKey) return;
    if (event.key === 'Delete' || event.key === 'Backspace') {
      event.preventDefault();
      remove(box, index);
      return;
    }
    // A hundredth of the picture's width a press; with Alt one pixel, for the last bit.
    const step = event.altKey ? 1 : Math.max(1, Math.round(size.width / 100));
    const delta = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[event.key];
    if (!delta) return;
    event.preventDefault();
    const rect = event.shiftKey ? resizedBox(box, delta[0]!, delta[1]!, size) : movedBox(box, delta[0]!, delta[1]!, size);
    const moved = { ...box, ...rect };
    const key = slide.screenshotKey;
    setDrafts((now) => changedDrafts(now, slide.id, key, replaceBox(moved)));
    const start = keyMove.current?.start.id === box.id ? keyMove.current.start : box;
    clearTimeout(keyMove.current?.timer);
    const target = slide;
    keyMove.current = {
      start,
      timer: setTimeout(() => {
        keyMove.current = undefined;
        const apply = (fn: (boxes: readonly DraftBox[]) => readonly DraftBox[]) => setDrafts((now) => changedDrafts(now, target.id, key, fn));
        record({ label: `${event.shiftKey ? 'Resize' : 'Move'} box ${index + 1} of step ${position}`, undo: () => apply(replaceBox(start)), redo: () => apply(replaceBox(moved)) });
        announce(boxLabel(moved, index));
      }, KEY_COMMIT_MS),
    };
  };

  // Drawing: a drag over the screenshot while "Draw boxes" is on.
  const layerRef = useRef<HTMLDivElement>(null);
  /** The box "Add a box" made, to be focused once drawn: the arrow keys then move it at once. */
  const focusBox = useRef<string | undefined>(undefined);
  useEffect(() => {
    const id = focusBox.current;
    const button = id ? layerRef.current?.querySelector<HTMLButtonElement>(`[data-box-id="${id}"]`) : undefined;
    if (!button) return;
    focusBox.current = undefined;
    button.focus();
  });
  const [drag, setDrag] = useState<{ from: { x: number; y: number }; to: { x: number; y: number } } | undefined>();
  const pointAt = (event: PointerEvent) => {
    const bounds = layerRef.current?.getBoundingClientRect();
    if (!bounds || !size || bounds.width === 0 || bounds.height === 0) return undefined;
    return { x: ((event.clientX - bounds.left) / bounds.width) * size.width, y: ((event.clientY - bounds.top) / bounds.height) * size.height };
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!drawing || event.button !== 0) return;
    const point = pointAt(event);
    if (!point) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    setDrag({ from: point, to: point });
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const point = drag && pointAt(event);
    if (drag && point) setDrag({ ...drag, to: point });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || !size) return;
    const rect = boxFromDrag(drag.from, pointAt(event) ?? drag.to, size);
    setDrag(undefined);
    if (rect) add(rect, style);
  };
  const dragRect = drag && size ? boxFromDrag(drag.from, drag.to, size) : undefined;

  const sharing = slide?.screenshotKey ? slides.filter((s) => s.id !== slide.id && s.screenshotKey === slide.screenshotKey) : [];
  const apply = async () => {
    if (!slide) return;
    const slideId = slide.id;
    try {
      await redact.mutateAsync({ guideId, slideId, boxes: boxes.map(({ x, y, width, height, style: boxStyle }) => ({ x, y, width, height, style: boxStyle })) });
      setDrafts((now) => withoutDrafts(now, slideId));
      setDrawing(false);
      setConfirming(false);
      announce(`Redaction applied to step ${position}. The original screenshot is deleted.`);
      toast.success('Redaction applied', { description: 'The original screenshot is deleted: no link to it works any more.' });
    } catch (error) {
      setConfirming(false);
      // A stale copy is the design view's own banner; anything else is said here.
      if (isApiError(error) && error.code === 'precondition_failed') return;
      toast.error('The redaction was not applied', { description: isApiError(error) ? error.message : 'Nothing was changed. Try again.' });
    }
  };

  const headingId = useId();
  const styleId = useId();
  const hintId = useId();

  const overlay =
    slide && size ? (
      <div
        ref={layerRef}
        className={['redact-layer', drawing && 'redact-layer--drawing'].filter(Boolean).join(' ')}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={() => setDrag(undefined)}
      >
        {suggestions.map((suggestion) => (
          <div key={`${suggestion.x}-${suggestion.y}`} className="redact-box redact-box--suggested" style={percentStyle(suggestion, slide)} aria-hidden="true">
            <span className="redact-box__tag">Suggested</span>
          </div>
        ))}
        {boxes.map((box, index) => (
          <button
            key={box.id}
            type="button"
            data-box-id={box.id}
            className={`redact-box redact-box--${box.style}`}
            style={percentStyle(box, slide)}
            aria-label={`${boxLabel(box, index)}, ${REDACTION_STYLE_LABELS[box.style].toLowerCase()}: arrow keys move it, Shift and the arrow keys resize it, Delete removes it`}
            onPointerDown={(event) => {
              if (!drawing) event.stopPropagation();
            }}
            onKeyDown={(event) => onBoxKeyDown(event, box, index)}
          />
        ))}
        {dragRect ? <div className={`redact-box redact-box--${style} redact-box--drawing`} style={percentStyle(dragRect, slide)} aria-hidden="true" /> : null}
      </div>
    ) : null;

  const panel =
    slide && size ? (
      <section className="redact" aria-labelledby={headingId}>
        <div className="redact__head">
          <h3 id={headingId} className="redact__title">
            Redact step {position}
          </h3>
          <p id={hintId} className="redact__hint">
            Cover emails, names or keys before you share. Boxes stay a draft (Undo takes them back) until you apply them.
          </p>
        </div>
        <div className="redact__tools">
          <button type="button" className="stage__toggle" aria-pressed={drawing} aria-describedby={hintId} onClick={() => setDrawing((on) => !on)}>
            Draw boxes
          </button>
          <label className="redact__style" htmlFor={styleId}>
            New boxes
            <select id={styleId} className="input redact__select" value={style} onChange={(event) => setStyle(event.target.value as RedactionStyle)}>
              {REDACTION_STYLES.map((option) => (
                <option key={option} value={option}>
                  {REDACTION_STYLE_LABELS[option]}
                </option>
              ))}
            </select>
          </label>
          <Button variant="outline" size="sm" onClick={addCentred}>
            Add a box
          </Button>
        </div>
        {drawing ? <p className="redact__hint">Drag over the screenshot to draw a box.</p> : null}
        {suggestions.length > 0 ? (
          <ul className="redact__suggestions" aria-label="Suggested boxes">
            {suggestions.map((suggestion) => (
              <li key={`${suggestion.x}-${suggestion.y}`} className="redact__row">
                <span>
                  Suggested: {suggestionLabel(suggestion.kind).toLowerCase()} ({suggestion.width}×{suggestion.height} pixels at {suggestion.x}, {suggestion.y})
                </span>
                <Button size="sm" variant="outline" onClick={() => add(suggestion, style, true)}>
                  Accept suggestion
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        {boxes.length > 0 ? (
          <ol className="redact__list" aria-label={`Boxes on step ${position}`}>
            {boxes.map((box, index) => (
              <li key={box.id} className="redact__row">
                <span>
                  {boxLabel(box, index)}
                  {box.suggested ? ' (suggested)' : ''}
                </span>
                <select
                  className="input redact__select"
                  aria-label={`Style of box ${index + 1}`}
                  value={box.style}
                  onChange={(event) => restyle(box, index, event.target.value as RedactionStyle)}
                >
                  {REDACTION_STYLES.map((option) => (
                    <option key={option} value={option}>
                      {REDACTION_STYLE_LABELS[option]}
                    </option>
                  ))}
                </select>
                <Button size="sm" variant="ghost" aria-label={`Remove box ${index + 1}`} onClick={() => remove(box, index)}>
                  Remove
                </Button>
              </li>
            ))}
          </ol>
        ) : (
          <p className="redact__empty">No boxes on this step.</p>
        )}
        <div className="redact__apply">
          <Button size="sm" disabled={boxes.length === 0 || redact.isPending} onClick={() => setConfirming(true)}>
            Apply redaction
          </Button>
        </div>
        <Dialog
          open={confirming}
          onOpenChange={(open) => !redact.isPending && setConfirming(open)}
          dismissible={!redact.isPending}
          title="Apply the redaction?"
          description={`${boxes.length} ${boxes.length === 1 ? 'box is' : 'boxes are'} baked into step ${position}'s screenshot, and the original picture is deleted for good. This cannot be undone, not even with Undo.`}
          footer={
            <>
              <Button variant="outline" disabled={redact.isPending} onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button loading={redact.isPending} onClick={() => void apply()}>
                {redact.isPending ? 'Applying…' : 'Apply and delete the original'}
              </Button>
            </>
          }
        >
          <ul className="redact__consequences">
            {sharing.length > 0 ? (
              <li>
                {sharing.length === 1 ? 'Step' : 'Steps'} {sharing.map((s) => slides.indexOf(s) + 1).join(', ')} {sharing.length === 1 ? 'shows' : 'show'} the same screenshot
                and {sharing.length === 1 ? 'is' : 'are'} redacted too.
              </li>
            ) : null}
            <li>Exports made before are deleted (they show the original); export again afterwards.</li>
            <li>The share page and its preview image show the redacted picture.</li>
          </ul>
        </Dialog>
      </section>
    ) : null;

  return { overlay, panel };
}
