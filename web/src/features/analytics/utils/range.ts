import { DEFAULT_RANGE_DAYS, RANGE_DAYS, lastDays, type RangeDays } from '#shared/analytics/days';

/** `?days=7|30|90` on the analytics pages. */
export const RANGE_PARAM = 'days';

/** The range a `?days=` asks for; anything but 7, 30 or 90 is the default, 30. */
export function rangeDaysFromParam(value: string | null): RangeDays {
  const days = Number(value);
  return RANGE_DAYS.find((option) => option === days) ?? DEFAULT_RANGE_DAYS;
}

/** The last `days` UTC days, today included (the API's days are UTC). */
export function rangeOf(days: RangeDays, now = Date.now()): { from: string; to: string } {
  return lastDays(days, now);
}
