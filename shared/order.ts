/**
 * Where an item lands between two neighbours: the midpoint of their orders;
 * previous + 1 with no next; next − 1 with no previous; 0 when alone.
 */
export function orderBetween(previous: number | undefined, next: number | undefined): number {
  if (previous !== undefined && next !== undefined) return (previous + next) / 2;
  if (previous !== undefined) return previous + 1;
  if (next !== undefined) return next - 1;
  return 0;
}

/** Below this gap a midpoint stops being distinct from its neighbours: renumber instead. */
export const MIN_ORDER_GAP = 1e-9;

/** True when the midpoint of two neighbours would not be strictly between them. */
export function needsRenumber(previous: number | undefined, next: number | undefined): boolean {
  if (previous === undefined || next === undefined) return false;
  const mid = (previous + next) / 2;
  return next - previous < MIN_ORDER_GAP || !(mid > previous && mid < next);
}

/**
 * Reading order of ordered items (slides): by order, then by id, so two items that landed on one
 * order (two moves into one gap at once) read the same way everywhere.
 */
export function byOrder<T extends { order: number }>(idOf: (item: T) => string): (a: T, b: T) => number {
  return (a, b) => a.order - b.order || idOf(a).localeCompare(idOf(b));
}
