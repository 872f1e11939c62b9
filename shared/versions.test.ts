import { describe, expect, it } from 'vitest';
import { VersionPath, publishState } from './versions';

describe('publish state', () => {
  it('says what viewers see and whether the draft differs', () => {
    expect(publishState({ status: 'draft', publishedVersion: null, hasUnpublishedChanges: false })).toBe('Not published yet');
    expect(publishState({ status: 'published', publishedVersion: null, hasUnpublishedChanges: false })).toBe('Published · live edits');
    expect(publishState({ status: 'published', publishedVersion: 3, hasUnpublishedChanges: false })).toBe('Published · v3');
    expect(publishState({ status: 'published', publishedVersion: 3, hasUnpublishedChanges: true })).toBe('Unpublished changes');
    expect(publishState({ status: 'draft', publishedVersion: 3, hasUnpublishedChanges: false })).toBe('Not published: the link is off');
  });

  it('reads version numbers from the path, and refuses others', () => {
    expect(VersionPath.parse({ id: 'AbCdEfGhIjKl', version: '12' })).toEqual({ id: 'AbCdEfGhIjKl', version: 12 });
    for (const version of ['0', '-1', '1.5', 'abc', '1000000']) expect(VersionPath.safeParse({ id: 'AbCdEfGhIjKl', version }).success).toBe(false);
  });
});
