import { describe, expect, it } from 'vitest';
import { fieldKey, heldDraft, heldKeys, holdDraft, releaseDraft, subscribeHeldDrafts } from './held-drafts';

describe('drafts held after a refused save', () => {
  it('keeps the author’s text and theirs by field until released, and tells who listens', () => {
    const calls: number[] = [];
    const stop = subscribeHeldDrafts(() => calls.push(1));
    const key = fieldKey('slide', 's1', 'text');
    holdDraft(key, { mine: 'Mine', theirs: 'Theirs' });
    holdDraft(key, { mine: 'Mine', theirs: 'Theirs' });
    expect(heldDraft(key)).toEqual({ mine: 'Mine', theirs: 'Theirs' });
    expect(heldKeys('slide:s1:')).toEqual([key]);
    expect(heldKeys('slide:s2:')).toEqual([]);
    releaseDraft(key);
    expect(heldDraft(key)).toBeUndefined();
    expect(calls).toHaveLength(2);
    stop();
  });
});
