import { describe, expect, it } from 'vitest';
import { keptReads } from './kept-reads';

describe('keptReads', () => {
  it('answers a value read less than its time ago without loading, and loads again after', async () => {
    const kept = keptReads<number>(1_000, 10);
    let loads = 0;
    const load = async () => ++loads;
    expect(await kept.read('a', 0, load)).toBe(1);
    expect(await kept.read('a', 999, load)).toBe(1);
    expect(await kept.read('a', 1_000, load)).toBe(2);
    expect(loads).toBe(2);
  });

  it('keeps an undefined answer too (a missing item is not read again at once)', async () => {
    const kept = keptReads<string | undefined>(1_000, 10);
    let loads = 0;
    const load = async () => (loads++, undefined);
    await kept.read('gone', 0, load);
    await kept.read('gone', 1, load);
    expect(loads).toBe(1);
  });

  it('loads again once forgotten or cleared', async () => {
    const kept = keptReads<number>(60_000, 10);
    let loads = 0;
    const load = async () => ++loads;
    await kept.read('a', 0, load);
    kept.forget('a');
    expect(await kept.read('a', 1, load)).toBe(2);
    kept.clear();
    expect(await kept.read('a', 2, load)).toBe(3);
  });

  it('holds at most its size, letting the one loaded longest ago go first', async () => {
    const kept = keptReads<string>(60_000, 2);
    const loaded: string[] = [];
    const load = (key: string) => async () => (loaded.push(key), key);
    await kept.read('a', 0, load('a'));
    await kept.read('b', 0, load('b'));
    await kept.read('a', 1, load('a')); // kept: still one load of a
    await kept.read('c', 1, load('c')); // full: a, loaded longest ago, goes
    await kept.read('b', 2, load('b'));
    await kept.read('a', 2, load('a'));
    expect(loaded).toEqual(['a', 'b', 'c', 'a']);
  });
});
