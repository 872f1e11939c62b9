import { describe, expect, it } from 'vitest';
import { UpdateGuideBody, UpdateSlideBody } from './guides';
import { changedSince, revisionFromTag, revisionTag } from './revision';

describe('guide revisions as entity tags', () => {
  it('reads back what it writes, weak or strong', () => {
    expect(revisionFromTag(revisionTag(7))).toBe(7);
    expect(revisionFromTag('W/"12"')).toBe(12);
    expect(revisionFromTag(' "0" ')).toBe(0);
  });

  it('names no revision for a missing, wildcard or foreign tag', () => {
    for (const value of [undefined, null, '', '*', '"abc"', '7', '"1", "2"']) expect(revisionFromTag(value)).toBeUndefined();
  });
});

describe('edits checked per field (base)', () => {
  it('finds only the fields whose value moved on since the base', () => {
    const now = { text: 'Open **Claims**', narration: 'Open Expenses.', annotations: [{ id: 'a', x: 0.2 }], click: { x: 1, y: 2 } };
    expect(changedSince({ text: 'Open **Expenses**', narration: 'Open Expenses.' }, now)).toEqual(['text']);
    expect(changedSince({ annotations: [{ x: 0.2, id: 'a' }], click: { y: 2, x: 1 } }, now)).toEqual([]);
    expect(changedSince({ annotations: [], click: null }, now)).toEqual(['annotations', 'click']);
  });

  it('reads a blank text as blank whether it is empty or absent', () => {
    expect(changedSince({ text: '', intro: null, title: null }, { text: null, intro: '', title: undefined })).toEqual([]);
    expect(changedSince({ text: '' }, { text: ' ' })).toEqual(['text']);
  });

  it('refuses a base that names a field the edit does not change', () => {
    expect(UpdateSlideBody.safeParse({ text: 'x', base: { text: 'y' } }).success).toBe(true);
    const parsed = UpdateSlideBody.safeParse({ text: 'x', base: { narration: 'y' } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.path).toEqual(['base', 'narration']);
    expect(UpdateGuideBody.safeParse({ title: 'x', base: { title: 'y', visibility: 'public' } }).success).toBe(false);
    expect(UpdateGuideBody.safeParse({ introCard: null, base: { introCard: { title: 'Hi', subtitle: '' } } }).success).toBe(true);
  });
});
