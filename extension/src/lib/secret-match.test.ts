import { describe, expect, it } from 'vitest';
import { comparable, extendsPrint, findFingerprints, fingerprint, isNameField, MIN_SECRET_LENGTH, nameParts, type Salt } from './secret-match';

const salt: Salt = { a: 1_234_567, b: 7_654_321 };
const shown = (text: string, values: string[], s = salt) => {
  const prints = values.map((v) => fingerprint(v, s)!);
  return findFingerprints(text, prints, s).map((m) => text.slice(m.start, m.end));
};

describe('typed values found by a salted fingerprint, never by the value', () => {
  it('finds a typed value wherever the page shows it, whatever its case and spacing', () => {
    expect(shown('Welcome back, ALEX  Morgan! Signed in as Alex Morgan.', ['Alex Morgan '])).toEqual(['ALEX  Morgan', 'Alex Morgan']);
    expect(shown('Name: alex.morgan@halden-roos.example', ['alex.morgan@halden-roos.example'])).toEqual(['alex.morgan@halden-roos.example']);
  });

  it('finds whole values only: not inside a longer word', () => {
    expect(shown('Annual report by Ann, for Anne and Ann.', ['Ann'])).toEqual(['Ann', 'Ann']);
    expect(shown('Alexander Morgan', ['Alex Morgan'])).toEqual([]);
  });

  it('finds several values of several lengths in one pass, in order', () => {
    expect(shown('Ship to Ana Ruiz, 12 Quay Street, ref QX-7781', ['Ana Ruiz', '12 Quay Street', 'QX-7781'])).toEqual(['Ana Ruiz', '12 Quay Street', 'QX-7781']);
  });

  it('keeps no value: a fingerprint is numbers that another salt makes different, and short values get none', () => {
    const print = fingerprint('Alex Morgan', salt)!;
    expect(Object.values(print).every((v) => typeof v === 'number')).toBe(true);
    expect(JSON.stringify(print)).not.toMatch(/alex|morgan/i);
    expect(fingerprint('Alex Morgan', { a: 2_222_221, b: 3_333_331 })).not.toEqual(print);
    expect(shown('Alex Morgan', ['Alex Morgan'], { a: 99_991, b: 88_883 })).toEqual(['Alex Morgan']);
    expect(fingerprint('ab', salt)).toBeUndefined();
    expect(fingerprint('   ', salt)).toBeUndefined();
    expect(MIN_SECRET_LENGTH).toBe(3);
  });

  it('tells typing that goes on in a field from a new value', () => {
    expect(extendsPrint('Alex Morgan', fingerprint('Alex', salt)!, salt)).toBe(true);
    expect(extendsPrint('Bob Stone', fingerprint('Alex', salt)!, salt)).toBe(false);
    expect(extendsPrint('Al', fingerprint('Alex', salt)!, salt)).toBe(false);
  });

  it('maps what it compares back to the page text it came from', () => {
    const { text, at } = comparable('A \n B');
    expect(text).toBe('a b');
    expect(at).toEqual([0, 1, 4, 5]);
  });
});

describe('the parts of a typed name', () => {
  it('are its words of three letters or more, found alone as whole words', () => {
    expect(nameParts('Rosalind  Quennell')).toEqual(['rosalind', 'quennell']);
    expect(nameParts("Jo O'Brien-Smith, Jr.")).toEqual(["o'brien-smith"]);
    expect(shown('Account created. Welcome, Rosalind! Rosalindas', nameParts('Rosalind Quennell'))).toEqual(['Rosalind']);
  });

  it('are none for a one-word value (the value itself is looked for)', () => {
    expect(nameParts('Rosalind')).toEqual([]);
    expect(nameParts('  ')).toEqual([]);
  });

  it('are looked for only in fields that hold a name, by autofill token, name or id', () => {
    expect(isNameField({ autocomplete: 'name' })).toBe(true);
    expect(isNameField({ autocomplete: 'section-billing given-name' })).toBe(true);
    expect(isNameField({ name: 'fullName' })).toBe(true);
    expect(isNameField({ id: 'last_name' })).toBe(true);
    expect(isNameField({ autocomplete: 'organization', name: 'companyName', id: 'project-name' })).toBe(false);
    expect(isNameField({ autocomplete: 'off', name: 'search' })).toBe(false);
  });
});
