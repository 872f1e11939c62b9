import { describe, expect, it } from 'vitest';
import { limitCounter, limitHint, whatWasCut } from './text-limit';

describe('text limits said aloud', () => {
  it('says the limit before it bites, with thousands separated', () => {
    expect(limitHint(2000)).toBe('Up to 2,000 characters.');
    expect(limitHint(80)).toBe('Up to 80 characters.');
    expect(limitCounter(0, 2000)).toBe('0 / 2,000');
    expect(limitCounter(1999, 2000)).toBe('1,999 / 2,000');
  });

  it('says nothing when an insertion fits, counting the selection it replaces', () => {
    expect(whatWasCut({ length: 10, selectionStart: 10, selectionEnd: 10, inserted: 'abc', max: 20, kind: 'paste' })).toBeUndefined();
    expect(whatWasCut({ length: 20, selectionStart: 0, selectionEnd: 20, inserted: 'x'.repeat(20), max: 20, kind: 'paste' })).toBeUndefined();
    expect(whatWasCut({ length: 19, selectionStart: 19, selectionEnd: 19, inserted: 'a', max: 20, kind: 'type' })).toBeUndefined();
  });

  it('says a paste was cut, to how many characters the field now holds', () => {
    expect(whatWasCut({ length: 0, selectionStart: 0, selectionEnd: 0, inserted: 'x'.repeat(10_000), max: 2000, kind: 'paste' })).toBe('Pasted text was cut to 2,000 characters.');
    expect(whatWasCut({ length: 70, selectionStart: 70, selectionEnd: 70, inserted: 'x'.repeat(11), max: 80, kind: 'drop' })).toBe('Dropped text was cut to 80 characters.');
  });

  it('says typing stopped at the limit', () => {
    expect(whatWasCut({ length: 80, selectionStart: 80, selectionEnd: 80, inserted: 'a', max: 80, kind: 'type' })).toBe('This field holds at most 80 characters.');
  });
});
