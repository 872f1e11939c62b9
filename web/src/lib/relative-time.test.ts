import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const now = Date.parse('2026-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [10, 'now'],
    [50, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3 * 3600, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [3 * 86400, '3 days ago'],
    [15 * 86400, '2 weeks ago'],
    [70 * 86400, '2 months ago'],
    [400 * 86400, 'last year'],
  ])('%i seconds ago reads "%s"', (seconds, text) => {
    expect(formatRelativeTime(ago(seconds), now, 'en')).toBe(text);
  });

  it('is empty for a timestamp that does not parse', () => {
    expect(formatRelativeTime('not a date', now, 'en')).toBe('');
  });
});
