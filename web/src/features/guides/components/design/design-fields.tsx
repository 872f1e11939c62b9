import { onlineManager, useIsMutating, useMutationState } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { MAX_STEP_TEXT_LENGTH } from '#shared/guides';
import { Button } from '#web/components/ui/button';
import { useTextLimit } from '#web/components/ui/text-limit';
import { toast } from '#web/components/ui/toast';
import { FieldConflict, heldDraft, holdDraft, releaseDraft, subscribeHeldDrafts } from '../../utils/held-drafts';
import { guideQueryKeys } from '../../api/guide-schemas';
import { Icons } from '#web/components/icons';

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
  /**
   * Saves the text; `base` is the saved value the edits were made from. A rejection with
   * FieldConflict (someone else changed the field since) keeps the text and asks the author.
   */
  onSave: (value: string, base: string) => Promise<unknown> | void;
  /** where refused text is held while the author chooses (utils/held-drafts.ts); it comes back with the field */
  fieldKey?: string | undefined;
  hint?: string;
  placeholder?: string;
  rows?: number;
  maxLength?: number;
}

/** The text held for a field after a refused save, while the author chooses (utils/held-drafts.ts). */
export function useHeldDraft(key: string) {
  return useSyncExternalStore(
    subscribeHeldDrafts,
    () => heldDraft(key),
    () => undefined,
  );
}

/**
 * Saves a field's text; when the server refuses it because someone else changed the field
 * meanwhile, the author's text (`mine()`, as it is by then) is held for their choice. Answers
 * whether it saved.
 */
export function saveField(key: string, text: string, base: string, save: AutosaveTextareaProps['onSave'], mine: () => string): Promise<boolean> {
  return Promise.resolve()
    .then(() => save(text, base))
    .then(
      () => true,
      (error: unknown) => {
        if (error instanceof FieldConflict) holdDraft(key, { mine: mine(), theirs: error.theirs });
        return false;
      },
    );
}

/** Replaces a text field's content as typing would, so the field's own undo (Ctrl+Z) brings the old text back. */
export function replaceTyped(area: HTMLTextAreaElement | HTMLInputElement | null, text: string): boolean {
  if (!area) return false;
  area.focus();
  area.select();
  // execCommand is the one way to edit a field that its undo stack records.
  return document.execCommand(text ? 'insertText' : 'delete', false, text);
}

/**
 * A textarea that saves itself: after a pause in typing, on blur, and when it goes away with
 * edits not yet saved (another step is chosen). Typed text is never thrown away by a refused
 * save (issue 27): it stays in the field, and in the field's undo, while a save is pending or
 * after a refusal; when someone else changed the field meanwhile, both texts are shown and the
 * author keeps theirs or takes the other (held-drafts.ts keeps the choice open if the field goes).
 */
export function AutosaveTextarea({ label, value, onSave, fieldKey, hint, placeholder, rows = 3, maxLength = MAX_STEP_TEXT_LENGTH }: AutosaveTextareaProps) {
  const id = useId();
  const key = fieldKey ?? `field:${id}`;
  const held = useHeldDraft(key);
  const areaRef = useRef<HTMLTextAreaElement>(null);
  const [pending, setPending] = useState(0);
  const [draft, setDraft] = useState(() => held?.mine ?? value);
  // The saved value the draft's edits are made from (what a save names as its base): the value
  // as last seen unedited, or the author's own text once the server took it.
  const [origin, setOrigin] = useState(value);
  // Unedited, and with no save of it on its way or refused, the draft follows the saved value
  // (a teammate's edit read again, an undo); edited, it is the author's and stays.
  if (pending === 0 && !held && draft === origin && value !== origin) {
    setDraft(value);
    setOrigin(value);
  }
  // What was last sent: a refused save is not sent again by itself (a blur or an edit retries).
  const [sent, setSent] = useState<string | undefined>();
  const limit = useTextLimit(maxLength, { length: draft.length });
  const mounted = useRef(true);
  /** saves on their way, and the text of the last: a save sent meanwhile is made from it */
  const inFlight = useRef({ count: 0, text: '' });
  const latest = useRef({ draft, value, origin, onSave, key, label });
  useEffect(() => {
    latest.current = { draft, value, origin, onSave, key, label };
  });
  const baseNow = () => (inFlight.current.count > 0 ? inFlight.current.text : latest.current.origin);

  const send = (text: string, base: string) => {
    setSent(text);
    setPending((count) => count + 1);
    inFlight.current = { count: inFlight.current.count + 1, text };
    void saveField(key, text, base, onSave, () => (mounted.current ? latest.current.draft : text)).then((saved) => {
      inFlight.current = { ...inFlight.current, count: inFlight.current.count - 1 };
      // Saves of one guide reach the server in order: each one taken is what it now holds.
      if (saved) setOrigin(text);
      setPending((count) => count - 1);
      if (!saved && !mounted.current && heldDraft(key)) refusedAway(label);
    });
  };
  const sendRef = useRef(send);
  useEffect(() => {
    sendRef.current = send;
  });

  useEffect(() => {
    if (held || draft === origin || draft === sent) return;
    const timer = setTimeout(() => sendRef.current(draft, baseNow()), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [held, draft, origin, sent]);

  // While the author chooses, the text held is theirs as it is now (they may go on typing).
  useEffect(() => {
    if (held && held.mine !== draft) holdDraft(key, { mine: draft, theirs: held.theirs });
  }, [held, draft, key]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const { draft: unsaved, origin: from, onSave: save, key: heldKey, label: name } = latest.current;
      const base = inFlight.current.count > 0 ? inFlight.current.text : from;
      if (heldDraft(heldKey) || unsaved === base) return;
      void saveField(heldKey, unsaved, base, save, () => unsaved).then((ok) => {
        if (!ok && heldDraft(heldKey)) refusedAway(name);
      });
    };
  }, []);

  const keepMine = () => {
    if (!held) return;
    releaseDraft(key);
    send(draft, held.theirs);
  };
  const takeTheirs = () => {
    if (!held) return;
    releaseDraft(key);
    setOrigin(held.theirs);
    if (!replaceTyped(areaRef.current, held.theirs)) setDraft(held.theirs);
  };

  return (
    <div className="field autosave-field">
      <div className="field__label-row">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {limit.counter}
      </div>
      <textarea
        ref={areaRef}
        id={id}
        className="input textarea"
        rows={rows}
        maxLength={maxLength}
        placeholder={placeholder}
        value={draft}
        aria-describedby={[hint ? `${id}-hint` : undefined, limit.hintId, held ? `${id}-conflict` : undefined].filter(Boolean).join(' ')}
        {...limit.handlers}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => {
          if (held || draft === origin || (draft === sent && inFlight.current.count > 0)) return;
          send(draft, baseNow());
        }}
      />
      {limit.message}
      {held ? <ConflictChoice id={`${id}-conflict`} label={label} theirs={held.theirs} onKeepMine={keepMine} onTakeTheirs={takeTheirs} /> : null}
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * A field someone else changed while the author was editing it: their text beside the author's
 * (which stays in the field), and the choice. `id` names the message the field is described by.
 */
export function ConflictChoice({ id, label, theirs, onKeepMine, onTakeTheirs }: { id: string; label: string; theirs: string; onKeepMine: () => void; onTakeTheirs: () => void }) {
  return (
    <div className="field-conflict" role="group" aria-label={`${label}: changed by someone else`}>
      <p id={id} className="field-conflict__message" role="alert">
        Someone else changed {label.charAt(0).toLowerCase() + label.slice(1)} while you were editing. Your text is kept in the field, not yet saved.
      </p>
      <p className="field-conflict__label">Their text</p>
      <blockquote className="field-conflict__theirs">{theirs || <em>(empty)</em>}</blockquote>
      <div className="field-conflict__actions">
        <Button size="sm" onClick={onKeepMine}>
          Keep my text
        </Button>
        <Button size="sm" variant="outline" onClick={onTakeTheirs}>
          Use their text
        </Button>
      </div>
    </div>
  );
}

/** A save refused after its field went away (another step was chosen): the text is held, and said. */
export function refusedAway(label: string): void {
  toast.error(`${label} was not saved`, { description: 'Someone else changed it meanwhile. Your text is kept: open it again to choose.' });
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
