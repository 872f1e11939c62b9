import { describe, expect, it } from 'vitest';
import { GUIDE_ID_LENGTH, guideIdFromSegment, shareSegment, sharePath, slugifyTitle } from './link';

const id = 'aB3dE6gH9jK2';

describe('share links', () => {
  it.each([
    ['Add a new contact', 'add-a-new-contact'],
    ['Créer une facture à Zürich', 'creer-une-facture-a-zurich'],
    ['Ship it 🚀 today!', 'ship-it-today'],
    ['!!! ??? ...', ''],
    ['  Spaces   everywhere  ', 'spaces-everywhere'],
  ])('slugifies %j as %j', (title, slug) => {
    expect(slugifyTitle(title)).toBe(slug);
  });

  it('caps very long titles and never ends the slug with a dash', () => {
    const slug = slugifyTitle('word '.repeat(100));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('builds /share/{slug}-{id} and parses the id back', () => {
    expect(sharePath({ id, title: 'Add a new contact' })).toBe(`/share/add-a-new-contact-${id}`);
    expect(guideIdFromSegment(shareSegment({ id, title: 'Add a new contact' }))).toBe(id);
  });

  it('uses the bare id when the title has nothing to slug', () => {
    expect(shareSegment({ id, title: '🚀🚀' })).toBe(id);
    expect(guideIdFromSegment(id)).toBe(id);
  });

  it('takes the last 12 characters of any segment', () => {
    expect(guideIdFromSegment(`anything-at-all-${id}`)).toBe(id);
    expect(GUIDE_ID_LENGTH).toBe(12);
  });

  it('throws an error with no message for a segment shorter than 12', () => {
    let caught: unknown;
    try {
      guideIdFromSegment('short');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(Error);
    expect((caught as Error).message).toBe('');
  });
});
