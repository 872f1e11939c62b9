import { describe, expect, it } from 'vitest';
import { slugFromName } from './slug';

describe('slugFromName', () => {
  it.each([
    { name: 'Acme Inc.', expected: 'acme-inc' },
    { name: '  Støre & Sønner  ', expected: 'store-and-sonner' },
    { name: 'A', expected: '' },
    { name: '!!!', expected: '' },
    { name: 'x'.repeat(80), expected: 'x'.repeat(60) },
  ])('$name → $expected', ({ name, expected }) => {
    expect(slugFromName(name)).toBe(expected);
  });
});
