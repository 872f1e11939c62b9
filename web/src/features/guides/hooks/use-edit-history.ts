import { useCallback, useEffect, useRef, useState } from 'react';
import { emptyHistory, forgotten, historyShortcut, isTextTarget, recorded, redoStep, undoStep, type HistoryEntry, type HistoryState } from '../utils/edit-history';

export interface EditHistory {
  record: (entry: HistoryEntry) => void;
  /** takes back a recorded change whose save the server refused */
  forget: (entry: HistoryEntry) => void;
  undo: () => void;
  redo: () => void;
  /** forgets every step: the draft they were made on was replaced (discarded, or a version restored) */
  clear: () => void;
  /** the labels of what an undo and a redo would do now */
  nextUndo: string | undefined;
  nextRedo: string | undefined;
}

/**
 * The design view's undo and redo, with Ctrl/⌘+Z and Ctrl/⌘+Shift+Z anywhere but in a text
 * field. One undo or redo runs at a time, in the order asked; one that the server refuses
 * leaves the history as it was and says so.
 */
export function useEditHistory({ onDone, onFailed }: { onDone: (message: string) => void; onFailed: (label: string) => void }): EditHistory {
  const [state, setState] = useState<HistoryState>(emptyHistory);
  const current = useRef<HistoryState>(emptyHistory);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const callbacks = useRef({ onDone, onFailed });
  useEffect(() => {
    callbacks.current = { onDone, onFailed };
  });

  const commit = (next: HistoryState) => {
    current.current = next;
    setState(next);
  };

  const record = useCallback((entry: HistoryEntry) => commit(recorded(current.current, entry)), []);
  const clear = useCallback(() => commit(emptyHistory), []);
  const forget = useCallback((entry: HistoryEntry) => commit(forgotten(current.current, entry)), []);

  const run = useCallback((direction: 'undo' | 'redo') => {
    queue.current = queue.current.then(async () => {
      const before = current.current;
      const step = direction === 'undo' ? undoStep(before) : redoStep(before);
      if (!step) return;
      commit(step.next);
      try {
        await step.entry[direction]();
        callbacks.current.onDone(`${direction === 'undo' ? 'Undone' : 'Redone'}: ${step.entry.label}.`);
      } catch {
        commit(before);
        callbacks.current.onFailed(step.entry.label);
      }
    });
  }, []);
  const undo = useCallback(() => run('undo'), [run]);
  const redo = useCallback(() => run('redo'), [run]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // A dialog open over the editor keeps its keys.
      if (event.defaultPrevented || (event.target instanceof Element && event.target.closest('[role="dialog"]'))) return;
      const wanted = historyShortcut(event, isTextTarget(event.target));
      if (!wanted) return;
      event.preventDefault();
      run(wanted);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [run]);

  return { record, forget, undo, redo, clear, nextUndo: state.past.at(-1)?.label, nextRedo: state.future.at(-1)?.label };
}
