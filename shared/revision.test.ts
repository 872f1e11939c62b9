import { describe, expect, it } from 'vitest';
import { revisionFromTag, revisionTag } from './revision';

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
