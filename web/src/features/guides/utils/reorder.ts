import { orderBetween } from '#shared/order';

/** Moves one element of a list from index `from` to index `to` (a new array). */
export function moved<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item === undefined) return next;
  next.splice(Math.max(0, Math.min(to, next.length)), 0, item);
  return next;
}

/**
 * The order a slide takes when it moves from index `from` to index `to` of a list sorted by
 * order (product-spec.md §4): the midpoint of its new neighbours, previous + 1 at the end, next − 1 at the
 * start, 0 alone. Only the moved slide changes; the server renumbers when gaps run out.
 * `undefined` when nothing moves.
 */
export function orderAfterMove(orders: readonly number[], from: number, to: number): number | undefined {
  if (from < 0 || from >= orders.length || to < 0 || to >= orders.length || from === to) return undefined;
  const rest = orders.filter((_, index) => index !== from);
  return orderBetween(rest[to - 1], rest[to]);
}
