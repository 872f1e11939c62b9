import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import type { SlideDto } from '#shared/guides';
import { Icons } from '#web/components/icons';

const SLIDE_DRAG_TYPE = 'application/x-stepcast-slide';

/** A step's text for the rail, without the bold markup (`**word**`). */
export function stepPreview(slide: Pick<SlideDto, 'text' | 'title'>): string {
  return (slide.text ?? slide.title ?? '').replace(/\*\*/g, '').replace(/\s+/g, ' ').trim();
}

interface DropTarget {
  index: number;
  side: 'before' | 'after';
}

export interface SlideRailProps {
  slides: readonly SlideDto[];
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  /** moves the step at `from` to `to` (indexes of `slides`) */
  onMove: (from: number, to: number) => void;
  onDelete: (slide: SlideDto) => void;
  /**
   * The step to focus once it is at `index`: a move re-sorts the list, and React re-inserting
   * the moved element drops its focus.
   */
  focusRequest: { id: string; index: number } | undefined;
  onFocused: () => void;
}

/**
 * The steps in order. One tab stop: the arrows choose a step, Alt with an arrow moves it, Delete
 * removes it; the chosen step also shows move and delete buttons, and steps can be dragged.
 */
/** What a step in the rail can ask of the rail: one object for the rail's life, so steps that did not change skip rendering. */
interface RailActions {
  select: (id: string) => void;
  move: (from: number, to: number) => void;
  remove: (slide: SlideDto) => void;
  keyDown: (event: KeyboardEvent<HTMLButtonElement>, index: number) => void;
  dragStart: (event: DragEvent<HTMLLIElement>, index: number, id: string) => void;
  dragOver: (event: DragEvent<HTMLLIElement>, index: number) => void;
  drop: (event: DragEvent<HTMLLIElement>) => void;
  dragEnd: () => void;
}

interface RailItemProps {
  slide: SlideDto;
  index: number;
  count: number;
  selected: boolean;
  dragging: boolean;
  dropSide: DropTarget['side'] | undefined;
  helpId: string;
  actions: RailActions;
}

/**
 * One step. Memoised: moving a step in a 200-step guide re-renders the two steps whose numbers
 * changed (and the chosen one), not all 200 with their thumbnails.
 */
const RailItem = memo(function RailItem({ slide, index, count, selected, dragging, dropSide, helpId, actions }: RailItemProps) {
  const preview = stepPreview(slide);
  const classes = ['rail__item', selected && 'rail__item--selected', dragging && 'rail__item--dragging', dropSide && `rail__item--drop-${dropSide}`];
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      draggable
      onDragStart={(event) => actions.dragStart(event, index, slide.id)}
      onDragOver={(event) => actions.dragOver(event, index)}
      onDrop={actions.drop}
      onDragEnd={actions.dragEnd}
    >
      <button
        type="button"
        className="rail__select"
        data-slide-id={slide.id}
        tabIndex={selected ? 0 : -1}
        aria-current={selected ? 'step' : undefined}
        aria-describedby={helpId}
        onClick={() => actions.select(slide.id)}
        onKeyDown={(event) => actions.keyDown(event, index)}
      >
        <span className="rail__number">
          <span className="visually-hidden">Step </span>
          {index + 1}
          <span className="visually-hidden"> of {count}: </span>
        </span>
        <span className="rail__thumb">
          {slide.screenshotUrl ? (
            <img src={slide.screenshotUrl} alt="" width={slide.width ?? 160} height={slide.height ?? 100} loading="lazy" draggable={false} />
          ) : (
            Icons.image
          )}
        </span>
        <span className="rail__text">{preview || 'No step text yet'}</span>
      </button>
      {selected ? (
        <div className="rail__tools">
          <button type="button" className="icon-button icon-button--sm" aria-label="Move step up" disabled={index === 0} onClick={() => actions.move(index, index - 1)}>
            {Icons.arrowUp}
          </button>
          <button
            type="button"
            className="icon-button icon-button--sm"
            aria-label="Move step down"
            disabled={index === count - 1}
            onClick={() => actions.move(index, index + 1)}
          >
            {Icons.arrowDown}
          </button>
          <button type="button" className="icon-button icon-button--sm icon-button--danger" aria-label="Delete step" onClick={() => actions.remove(slide)}>
            {Icons.trash}
          </button>
        </div>
      ) : null}
    </li>
  );
});

/**
 * The steps in order. One tab stop: the arrows choose a step, Alt with an arrow moves it, Delete
 * removes it; the chosen step also shows move and delete buttons, and steps can be dragged.
 */
export function SlideRail({ slides, selectedId, onSelect, onMove, onDelete, focusRequest, onFocused }: SlideRailProps) {
  const helpId = useId();
  const [dragging, setDragging] = useState<number | undefined>();
  const [drop, setDrop] = useState<DropTarget | undefined>();
  const selectedIndex = Math.max(0, slides.findIndex((slide) => slide.id === selectedId));

  // Before paint: the moved step never shows unfocused, and a quick second Alt+arrow reaches it.
  useLayoutEffect(() => {
    if (!focusRequest) return;
    document.querySelector<HTMLElement>(`[data-slide-id="${CSS.escape(focusRequest.id)}"]`)?.focus();
    if (slides.findIndex((slide) => slide.id === focusRequest.id) === focusRequest.index) onFocused();
  }, [focusRequest, slides, onFocused]);

  // A move the server refused never reaches its place: stop following it.
  useEffect(() => {
    if (!focusRequest) return;
    const timer = setTimeout(onFocused, 2000);
    return () => clearTimeout(timer);
  }, [focusRequest, onFocused]);

  // The steps' handlers read the rail's latest props and state through this, so that `actions`
  // stays one object and a step's props change only when what it shows changes.
  const latest = useRef({ slides, dragging, drop, onSelect, onMove, onDelete });
  useLayoutEffect(() => {
    latest.current = { slides, dragging, drop, onSelect, onMove, onDelete };
  });

  const actions = useMemo<RailActions>(
    () => ({
      select: (id) => latest.current.onSelect(id),
      move: (from, to) => latest.current.onMove(from, to),
      remove: (slide) => latest.current.onDelete(slide),
      keyDown: (event, index) => {
        const { slides, onSelect, onMove, onDelete } = latest.current;
        const slide = slides[index];
        if (!slide) return;
        const choose = (next: number) => {
          const target = slides[Math.max(0, Math.min(slides.length - 1, next))];
          if (!target) return;
          event.preventDefault();
          onSelect(target.id);
          document.querySelector<HTMLElement>(`[data-slide-id="${CSS.escape(target.id)}"]`)?.focus();
        };
        if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
          event.preventDefault();
          const to = index + (event.key === 'ArrowUp' ? -1 : 1);
          if (to >= 0 && to < slides.length) onMove(index, to);
        } else if (event.key === 'ArrowUp') choose(index - 1);
        else if (event.key === 'ArrowDown') choose(index + 1);
        else if (event.key === 'Home') choose(0);
        else if (event.key === 'End') choose(slides.length - 1);
        else if (event.key === 'Delete' || event.key === 'Backspace') {
          event.preventDefault();
          onDelete(slide);
        }
      },
      dragStart: (event, index, id) => {
        event.dataTransfer.setData(SLIDE_DRAG_TYPE, id);
        event.dataTransfer.effectAllowed = 'move';
        setDragging(index);
      },
      dragOver: (event, index) => {
        const { dragging, drop } = latest.current;
        if (dragging === undefined || !Array.from(event.dataTransfer.types).includes(SLIDE_DRAG_TYPE)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        const rect = event.currentTarget.getBoundingClientRect();
        const side = event.clientY < rect.top + rect.height / 2 ? 'before' : 'after';
        if (drop?.index !== index || drop.side !== side) setDrop({ index, side });
      },
      drop: (event) => {
        event.preventDefault();
        const { dragging, drop, onMove } = latest.current;
        if (dragging !== undefined && drop) {
          let to = drop.side === 'before' ? drop.index : drop.index + 1;
          if (dragging < to) to -= 1;
          if (to !== dragging) onMove(dragging, to);
        }
        setDragging(undefined);
        setDrop(undefined);
      },
      dragEnd: () => {
        setDragging(undefined);
        setDrop(undefined);
      },
    }),
    [],
  );

  return (
    <>
      <p id={helpId} className="visually-hidden">
        Up and down arrows choose a step. Alt with up or down arrow moves it. Delete removes it.
      </p>
      <ol role="list" className="rail__list" aria-label="Steps">
        {slides.map((slide, index) => (
          <RailItem
            key={slide.id}
            slide={slide}
            index={index}
            count={slides.length}
            selected={index === selectedIndex}
            dragging={dragging === index}
            dropSide={drop?.index === index ? drop.side : undefined}
            helpId={helpId}
            actions={actions}
          />
        ))}
      </ol>
    </>
  );
}
