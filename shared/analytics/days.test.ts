import { describe, expect, it } from 'vitest';
import { addDays, dayOf, daysBetween, isDay, lastDays } from './days';

describe('analytics days', () => {
  it('are UTC dates', () => {
    expect(dayOf(Date.parse('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(dayOf(Date.parse('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
  });

  it('accept only real dates', () => {
    expect(isDay('2024-02-29')).toBe(true);
    for (const bad of ['2026-02-29', '2026-13-01', '2026-1-01', 'yesterday', '']) expect(isDay(bad)).toBe(false);
  });

  it('list a range with both ends, across a month and a leap day', () => {
    expect(daysBetween('2024-02-28', '2024-03-01')).toEqual(['2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysBetween('2024-03-02', '2024-03-01')).toEqual([]);
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
  });

  it('make the last 7 days end today', () => {
    expect(lastDays(7, Date.parse('2026-05-10T12:00:00Z'))).toEqual({ from: '2026-05-04', to: '2026-05-10' });
  });
});
