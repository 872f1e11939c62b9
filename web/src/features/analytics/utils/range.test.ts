import { describe, expect, it } from 'vitest';
import { formatDay, formatPercent, referrerLabel } from './format';
import { rangeDaysFromParam, rangeOf } from './range';

describe('the analytics range', () => {
  it('is 7, 30 or 90 days from ?days=, 30 for anything else', () => {
    expect(rangeDaysFromParam('7')).toBe(7);
    expect(rangeDaysFromParam('90')).toBe(90);
    for (const value of [null, '', '14', '7.0x', '-7', 'abc']) expect(rangeDaysFromParam(value)).toBe(30);
  });

  it('ends today (UTC) and includes it', () => {
    expect(rangeOf(7, Date.parse('2026-05-10T23:30:00Z'))).toEqual({ from: '2026-05-04', to: '2026-05-10' });
  });
});

describe('analytics formats', () => {
  it('round shares to whole percentages and name days and referrers', () => {
    expect(formatPercent(2 / 3)).toBe('67%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatDay('2026-05-04')).toBe('May 4');
    expect(referrerLabel('')).toBe('Direct or unknown');
    expect(referrerLabel('docs.example.com')).toBe('docs.example.com');
  });
});
