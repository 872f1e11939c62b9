import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byOrder, needsRenumber, orderBetween } from './order';

describe('orderBetween', () => {
  it.each([
    [1, 3, 2],
    [1, undefined, 2],
    [undefined, 3, 2],
    [undefined, undefined, 0],
    [-1, 0, -0.5],
  ])('between %s and %s is %s', (previous, next, expected) => {
    expect(orderBetween(previous, next)).toBe(expected);
  });

  it('keeps a strict total order through any sequence of moves, renumbering when the gap runs out', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 12 }), fc.array(fc.tuple(fc.nat(), fc.nat()), { maxLength: 300 }), (count, moves) => {
        let items = Array.from({ length: count }, (_, id) => ({ id, order: id }));
        for (const [fromSeed, toSeed] of moves) {
          const from = fromSeed % items.length;
          const moving = items[from]!;
          const rest = items.filter((_, i) => i !== from);
          const to = toSeed % (rest.length + 1);
          const previous = rest[to - 1]?.order;
          const next = rest[to]?.order;
          if (needsRenumber(previous, next)) {
            const reordered = [...rest.slice(0, to), moving, ...rest.slice(to)];
            items = reordered.map((item, i) => ({ ...item, order: i }));
          } else {
            rest.splice(to, 0, { ...moving, order: orderBetween(previous, next) });
            items = rest;
          }
          for (let i = 1; i < items.length; i++) expect(items[i]!.order).toBeGreaterThan(items[i - 1]!.order);
        }
      }),
    );
  });

  it('asks for a renumber once repeated halving exhausts the precision', () => {
    let previous = 0;
    const next = 1;
    let halvings = 0;
    while (!needsRenumber(previous, next)) {
      previous = orderBetween(previous, next);
      halvings++;
    }
    expect(halvings).toBeGreaterThan(10);
    expect(halvings).toBeLessThan(60);
  });
});

describe('byOrder', () => {
  it('reads by order, and items on one order by id', () => {
    const items = [
      { id: 'b', order: 1 },
      { id: 'c', order: 0 },
      { id: 'a', order: 1 },
    ];
    expect(items.sort(byOrder((item) => item.id)).map((item) => item.id)).toEqual(['c', 'a', 'b']);
  });
});
