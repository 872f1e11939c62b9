import { onlineManager, useIsMutating, useMutationState } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { MAX_STEP_TEXT_LENGTH } from '#shared/guides';
import { useTextLimit } from '../../../../components/ui/text-limit';
import { guideQueryKeys } from '../../api/guide-schemas';
import { Icons } from '../icons';

/** Text is saved this long after the last keystroke, and at once when the field loses focus. */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * A draft that follows its saved value until it is edited: when the value changes underneath
 * (a refetch, a refused save put back) and the draft had no edits of its own, the draft takes
 * it. While `hold` (the person is typing in it) the draft is kept whatever happens.
 */
function useDraft(value: string, hold = false) {
  const [draft, setDraft] = useState(value);
  const [base, setBase] = useState(value);
  if (value !== base) {
    setBase(value);
    if (draft === base && !hold) setDraft(value);
  }
  return [draft, setDraft] as const;
}

export interface AutosaveTextareaProps {
  label: string;
  value: string;
  onSave: (value: string) => void;
  hint?: string;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
}

/**
 * A textarea that saves itself: after a pause in typing, on blur, and when it goes away with
 * edits not yet saved (another step is chosen).
 */
export function AutosaveTextarea({ label, value, onSave, hint, placeholder, rows = 3, maxLength = MAX_STEP_TEXT_LENGTH }: AutosaveTextareaProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const [draft, setDraft] = useDraft(value, focused);
  // What was last sent: a refused save is not sent again by itself (a blur or an edit retries).
  const [sent, setSent] = useState<string | undefined>();
  const latest = useRef({ draft, value, onSave });
  const limit = useTextLimit(maxLength, { length: draft.length });

  useEffect(() => {
    latest.current = { draft, value, onSave };
  });

  useEffect(() => {
    if (draft === value || draft === sent) return;
    const timer = setTimeout(() => {
      setSent(draft);
      onSave(draft);
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, value, sent, onSave]);

  useEffect(
    () => () => {
      const { draft: unsaved, value: saved, onSave: save } = latest.current;
      if (unsaved !== saved) save(unsaved);
    },
    [],
  );

  return (
    <div className="field autosave-field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {limit.counter}
      </div>
      <textarea
        id={id}
        className="input textarea"
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        value={draft}
        aria-describedby={[hint ? `${id}-hint` : undefined, limit.hintId].filter(Boolean).join(' ')}
        {...limit.handlers}
        onChange={(event) => setDraft(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          if (draft === value) return;
          setSent(draft);
          onSave(draft);
        }}
      />
      {limit.message}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface ZoomSliderProps {
  label: string;
  value: number;
  onCommit: (value: number) => void;
  disabled?: boolean;
  hint?: string;
  /** the value while it is being chosen (undefined once the slider is left): a live preview */
  onPreview?: ((value: number | undefined) => void) | undefined;
}

export const formatZoom = (value: number) => `${Number(value.toFixed(2))}×`;

/** Zoom 1–4 in quarter steps; the value is committed after the slider rests. */
export function ZoomSlider({ label, value, onCommit, disabled = false, hint, onPreview }: ZoomSliderProps) {
  const id = useId();
  const [draft, setDraft] = useDraft(String(value));

  useEffect(() => {
    const next = Number(draft);
    if (next === value || disabled) return;
    const timer = setTimeout(() => onCommit(next), 350);
    return () => clearTimeout(timer);
  }, [draft, value, onCommit, disabled]);

  return (
    <div className={['field', 'zoom-slider', disabled && 'zoom-slider--disabled'].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        <output htmlFor={id} className="zoom-slider__value">
          {formatZoom(Number(draft))}
        </output>
      </div>
      <input
        id={id}
        type="range"
        className="zoom-slider__input"
        min={1}
        max={4}
        step={0.25}
        value={draft}
        disabled={disabled}
        aria-valuetext={formatZoom(Number(draft))}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => {
          setDraft(event.target.value);
          onPreview?.(Number(event.target.value));
        }}
        onBlur={() => onPreview?.(undefined)}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** Whether the browser is online, as the query client sees it (saves wait while it is not). */
function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => onlineManager.subscribe(notify),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * Whether the design view's edits are saved: 'Saving…' while any save of the guide runs, then
 * 'Saved', or 'Not saved' after a refusal (whose toast says more). Offline, saves wait in the
 * page and are sent in order once the connection is back: 'Offline — changes kept'. Leaving the
 * page while saves wait or run asks first.
 */
export function SaveStatus({ guideId }: { guideId: string }) {
  const saving = useIsMutating({ mutationKey: guideQueryKeys.save(guideId) }) > 0;
  const online = useOnline();
  const statuses = useMutationState({ filters: { mutationKey: guideQueryKeys.save(guideId) }, select: (mutation) => mutation.state.status });
  const paused = useMutationState({ filters: { mutationKey: guideQueryKeys.save(guideId), predicate: (mutation) => mutation.state.isPaused } }).length > 0;
  const last = statuses.at(-1);

  useEffect(() => {
    if (!saving) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [saving]);

  const state = !online || paused ? 'offline' : saving ? 'saving' : last === 'error' ? 'error' : last === 'success' ? 'saved' : 'idle';
  const text = { offline: 'Offline — changes kept', saving: 'Saving…', error: 'Not saved', saved: 'Saved', idle: 'Changes save automatically' }[state];

  return (
    <p className={`save-status save-status--${state}`} role="status">
      <span className="save-status__icon" aria-hidden="true">
        {state === 'saving' ? <span className="save-status__spinner" /> : state === 'error' || state === 'offline' ? Icons.close : Icons.check}
      </span>
      {text}
    </p>
  );
}
