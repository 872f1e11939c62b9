import { describe, expect, it } from 'vitest';
import { moved, orderAfterMove } from './reorder';

describe('orderAfterMove', () => {
  const orders = [0, 1, 2, 3];

  it('moving the last slide first takes the first order minus one', () => {
    expect(orderAfterMove(orders, 3, 0)).toBe(-1);
  });

  it('moving the first slide last takes the last order plus one', () => {
    expect(orderAfterMove(orders, 0, 3)).toBe(4);
  });

  it('moving down lands between the new neighbours', () => {
    // [1, 2, 0, 3]: between 2 and 3
    expect(orderAfterMove(orders, 0, 2)).toBe(2.5);
  });

  it('moving up lands between the new neighbours', () => {
    // [0, 3, 1, 2]: between 0 and 1
    expect(orderAfterMove(orders, 3, 1)).toBe(0.5);
  });

  it('a move to the same place or out of range changes nothing', () => {
    expect(orderAfterMove(orders, 2, 2)).toBeUndefined();
    expect(orderAfterMove(orders, -1, 0)).toBeUndefined();
    expect(orderAfterMove(orders, 0, 4)).toBeUndefined();
  });

  it('keeps the list strictly sorted for every move of a five-slide list', () => {
    const start = [0, 1, 2, 3, 4];
    for (let from = 0; from < start.length; from++) {
      for (let to = 0; to < start.length; to++) {
        const order = orderAfterMove(start, from, to);
        if (order === undefined) continue;
        const after = moved(start, from, to).map((value, index) => (index === to ? order : value));
        for (let i = 1; i < after.length; i++) expect(after[i]!).toBeGreaterThan(after[i - 1]!);
      }
    }
  });

  it('works with the uneven orders earlier moves leave behind', () => {
    expect(orderAfterMove([-1, 0.5, 0.75, 7], 0, 2)).toBe((0.75 + 7) / 2);
  });
});

describe('moved', () => {
  it('moves one element and keeps the others in order', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
});
