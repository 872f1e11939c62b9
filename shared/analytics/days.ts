/**
 * Analytics days: UTC calendar dates as `YYYY-MM-DD`, which sort as strings and key the daily
 * rollups. A day is the server's when an event arrives, never the viewer's clock.
 */

const DAY_MS = 86_400_000;
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The longest range one analytics request may cover. */
export const MAX_RANGE_DAYS = 366;

/** The ranges the analytics pages offer. */
export const RANGE_DAYS = [7, 30, 90] as const;
export type RangeDays = (typeof RANGE_DAYS)[number];
export const DEFAULT_RANGE_DAYS: RangeDays = 30;

export function dayOf(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

/** Epoch ms of the day's start (UTC); NaN for something that is not a real date. */
export function dayStart(day: string): number {
  if (!DAY_PATTERN.test(day)) return Number.NaN;
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) || dayOf(ms) !== day ? Number.NaN : ms;
}

export function isDay(value: string): boolean {
  return !Number.isNaN(dayStart(value));
}

export function addDays(day: string, days: number): string {
  return dayOf(dayStart(day) + days * DAY_MS);
}

/** Days from `from` to `to`, both included; none when `to` is before `from`. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = dayStart(from), end = dayStart(to); ms <= end; ms += DAY_MS) days.push(dayOf(ms));
  return days;
}

/** The last `days` days up to and including today (UTC). */
export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  const to = dayOf(now);
  return { from: addDays(to, -(days - 1)), to };
}
