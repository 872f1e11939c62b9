import { describe, expect, it } from 'vitest';
import { addBox, changedDrafts, draftsOf, openSuggestions, removeBox, replaceBox, withoutDrafts, type DraftBox, type Drafts } from './redaction-drafts';

const box = (id: string, x = 10): DraftBox => ({ id, x, y: 10, width: 40, height: 20, style: 'blur' });

describe('redaction drafts', () => {
  it('keeps boxes per slide for the picture they were drawn on', () => {
    let drafts: Drafts = {};
    drafts = changedDrafts(drafts, 's1', 'k1', addBox(box('a')));
    drafts = changedDrafts(drafts, 's1', 'k1', addBox(box('b', 60)));
    expect(draftsOf(drafts, { id: 's1', screenshotKey: 'k1' }).map((b) => b.id)).toEqual(['a', 'b']);
    expect(draftsOf(drafts, { id: 's2', screenshotKey: 'k1' })).toEqual([]);
    // Another picture (the boxes were applied): the drafts are not shown on it.
    expect(draftsOf(drafts, { id: 's1', screenshotKey: 'k2' })).toEqual([]);
  });

  it('adds, restyles and removes boxes; an undo of an add and its redo are the same box', () => {
    let drafts = changedDrafts({}, 's1', 'k1', addBox(box('a')));
    drafts = changedDrafts(drafts, 's1', 'k1', replaceBox({ ...box('a'), style: 'solid' }));
    expect(draftsOf(drafts, { id: 's1', screenshotKey: 'k1' })[0]!.style).toBe('solid');
    drafts = changedDrafts(drafts, 's1', 'k1', removeBox('a'));
    expect(draftsOf(drafts, { id: 's1', screenshotKey: 'k1' })).toEqual([]);
    // Adding the same box twice (a redo racing a click) keeps one.
    drafts = changedDrafts(drafts, 's1', 'k1', addBox(box('a')));
    drafts = changedDrafts(drafts, 's1', 'k1', addBox(box('a')));
    expect(draftsOf(drafts, { id: 's1', screenshotKey: 'k1' })).toHaveLength(1);
  });

  it('ignores a change (an undo) recorded for a picture the slide no longer shows', () => {
    const before = changedDrafts({}, 's1', 'k2', addBox(box('new')));
    expect(changedDrafts(before, 's1', 'k1', addBox(box('old')))).toBe(before);
  });

  it('forgets a slide once applied', () => {
    const drafts = changedDrafts({}, 's1', 'k1', addBox(box('a')));
    expect(withoutDrafts(drafts, 's1')).toEqual({});
    expect(withoutDrafts(drafts, 's9')).toBe(drafts);
  });

  it('offers a suggestion until a box is drafted exactly over it', () => {
    const suggestion = { x: 10, y: 10, width: 40, height: 20 };
    expect(openSuggestions([suggestion], [])).toEqual([suggestion]);
    expect(openSuggestions([suggestion], [box('a')])).toEqual([]);
    expect(openSuggestions([suggestion], [box('b', 11)])).toEqual([suggestion]);
  });
});
