import { describe, expect, it } from 'vitest';
import { emptyHistory, forgotten, historyShortcut, recorded, redoStep, undoStep, type HistoryState } from './edit-history';

const push = (state: HistoryState<string>, ...entries: string[]) => entries.reduce((s, e) => recorded(s, e), state);

describe('the edit history', () => {
  it('undoes the latest change first and redoes in the same order', () => {
    let state = push(emptyHistory, 'a', 'b', 'c');
    const undone: string[] = [];
    for (let step = undoStep(state); step; step = undoStep(state)) {
      undone.push(step.entry);
      state = step.next;
    }
    expect(undone).toEqual(['c', 'b', 'a']);
    expect(undoStep(state)).toBeUndefined();
    const redone: string[] = [];
    for (let step = redoStep(state); step; step = redoStep(state)) {
      redone.push(step.entry);
      state = step.next;
    }
    expect(redone).toEqual(['a', 'b', 'c']);
    expect(state).toEqual({ past: ['a', 'b', 'c'], future: [] });
  });

  it('a new change after an undo forgets what was undone', () => {
    let state = push(emptyHistory, 'a', 'b');
    state = undoStep(state)!.next;
    expect(state.future).toEqual(['b']);
    state = recorded(state, 'c');
    expect(state).toEqual({ past: ['a', 'c'], future: [] });
    expect(redoStep(state)).toBeUndefined();
  });

  it('forgets a change the server refused, wherever it is, and keeps the rest in order', () => {
    const state = undoStep(push(emptyHistory, 'a', 'b', 'c'))!.next;
    expect(forgotten(state, 'b')).toEqual({ past: ['a'], future: ['c'] });
    expect(forgotten(state, 'c')).toEqual({ past: ['a', 'b'], future: [] });
    expect(forgotten(state, 'x')).toBe(state);
  });

  it('keeps at most the limit, dropping the oldest', () => {
    let state: HistoryState<number> = emptyHistory;
    for (let i = 0; i < 7; i++) state = recorded(state, i, 5);
    expect(state.past).toEqual([2, 3, 4, 5, 6]);
  });

  it('leaves the stacks it is given as they are', () => {
    const state = push(emptyHistory, 'a');
    const frozen = JSON.stringify(state);
    undoStep(state);
    recorded(state, 'b');
    expect(JSON.stringify(state)).toBe(frozen);
  });
});

describe('the undo and redo shortcuts', () => {
  const press = (key: string, mods: { ctrl?: boolean; meta?: boolean; shift?: boolean; alt?: boolean } = {}) => ({
    key,
    ctrlKey: mods.ctrl ?? false,
    metaKey: mods.meta ?? false,
    shiftKey: mods.shift ?? false,
    altKey: mods.alt ?? false,
  });

  it('Ctrl+Z or ⌘Z undoes; with Shift, or Ctrl+Y, redoes', () => {
    expect(historyShortcut(press('z', { ctrl: true }), false)).toBe('undo');
    expect(historyShortcut(press('z', { meta: true }), false)).toBe('undo');
    expect(historyShortcut(press('Z', { ctrl: true, shift: true }), false)).toBe('redo');
    expect(historyShortcut(press('z', { meta: true, shift: true }), false)).toBe('redo');
    expect(historyShortcut(press('y', { ctrl: true }), false)).toBe('redo');
  });

  it('leaves plain keys, Alt chords and text fields alone', () => {
    expect(historyShortcut(press('z'), false)).toBeUndefined();
    expect(historyShortcut(press('z', { ctrl: true, alt: true }), false)).toBeUndefined();
    expect(historyShortcut(press('z', { ctrl: true }), true)).toBeUndefined();
    expect(historyShortcut(press('y', { meta: true }), false)).toBeUndefined();
  });
});
