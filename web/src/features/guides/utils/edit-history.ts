/**
 * The design view's undo and redo: a linear history of the author's changes, each able to put
 * itself back and to do itself again (a save with the old values, a deleted slide restored).
 * Pure: the stacks as values, so the rules are tested without a page. A new change forgets what
 * was undone; the oldest changes fall off past HISTORY_LIMIT.
 */
export const HISTORY_LIMIT = 200;

export interface HistoryEntry {
  /** what the change was, for the buttons' labels and the announcement: "Delete step 2" */
  label: string;
  undo: () => Promise<unknown> | void;
  redo: () => Promise<unknown> | void;
}

export interface HistoryState<E = HistoryEntry> {
  past: readonly E[];
  future: readonly E[];
}

export const emptyHistory: HistoryState<never> = { past: [], future: [] };

/** A new change: on top of the past; what had been undone cannot be redone any more. */
export function recorded<E>(state: HistoryState<E>, entry: E, limit = HISTORY_LIMIT): HistoryState<E> {
  const past = [...state.past, entry];
  return { past: past.length > limit ? past.slice(past.length - limit) : past, future: [] };
}

/**
 * The history without a change the server refused (someone else changed the same field first):
 * it never happened, so there is nothing of it to undo or redo. The same history when it is not there.
 */
export function forgotten<E>(state: HistoryState<E>, entry: E): HistoryState<E> {
  if (!state.past.includes(entry) && !state.future.includes(entry)) return state;
  return { past: state.past.filter((e) => e !== entry), future: state.future.filter((e) => e !== entry) };
}

/** The change to undo, and the history once it is undone (undefined with nothing to undo). */
export function undoStep<E>(state: HistoryState<E>): { entry: E; next: HistoryState<E> } | undefined {
  const entry = state.past.at(-1);
  if (entry === undefined) return undefined;
  return { entry, next: { past: state.past.slice(0, -1), future: [...state.future, entry] } };
}

/** The change to do again, and the history once it is redone. */
export function redoStep<E>(state: HistoryState<E>): { entry: E; next: HistoryState<E> } | undefined {
  const entry = state.future.at(-1);
  if (entry === undefined) return undefined;
  return { entry, next: { past: [...state.past, entry], future: state.future.slice(0, -1) } };
}

/**
 * The undo or redo a key press asks for: Ctrl+Z (⌘Z on a Mac) undoes, with Shift (or Ctrl+Y)
 * it redoes. Inside a text field the field's own undo of its typing wins.
 */
export function historyShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>, inTextField: boolean): 'undo' | 'redo' | undefined {
  if (inTextField || event.altKey || !(event.ctrlKey || event.metaKey)) return undefined;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && event.ctrlKey && !event.shiftKey) return 'redo';
  return undefined;
}

/** Whether a key press lands in a place that types text (its own undo applies there). */
export function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'range', 'button', 'submit', 'color', 'file'].includes(target.type);
}
