const counts = new Intl.NumberFormat('en');
const days = new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export function formatCount(value: number): string {
  return counts.format(value);
}

/** A share as a whole percentage: 0.666 → "67%". */
export function formatPercent(rate: number): string {
  return `${Math.round(rate * 100)}%`;
}

/** A `YYYY-MM-DD` UTC day, short: "12 May". */
export function formatDay(day: string): string {
  return days.format(new Date(`${day}T00:00:00Z`));
}

/** A referrer host as a person reads it; no host is a visit with no referrer. */
export function referrerLabel(host: string): string {
  return host === '' ? 'Direct or unknown' : host;
}
