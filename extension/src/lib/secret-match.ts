/**
 * Finding a value the author typed wherever a later screenshot shows it (issue 27), without
 * keeping the value: the frame that saw the typing sends a salted fingerprint of it, and the
 * frames being captured look for windows of their text with the same fingerprint.
 *
 * The fingerprint is a pair of polynomial hashes whose bases are the capture's random salt
 * (made when it starts, kept in the worker's session memory, dropped when it ends), modulo two
 * primes below 2^26 so that every product stays exact in a double: about 52 bits, one false
 * match in 10^15 windows. A polynomial hash rolls: each window of a text costs one step, so a
 * page is searched in one pass per distinct length. It hides the value from anything that sees
 * the fingerprint without the salt, and the two only travel together inside the extension (the
 * worker and its content scripts' isolated worlds), never to a page, to storage or to the server.
 */
export interface Salt {
  a: number;
  b: number;
}

export interface Fingerprint {
  /** the compared text's length */
  length: number;
  h1: number;
  h2: number;
}

/** Shorter typed values (a letter, an initial) would be found everywhere. */
export const MIN_SECRET_LENGTH = 3;
/** Longer ones (a pasted paragraph) are not searched for: a value is a name, an address, a number. */
export const MAX_SECRET_LENGTH = 200;

const P1 = 67_108_859;
const P2 = 67_108_837;

/** A capture's salt: two random bases, one for each prime. */
export function newSalt(): Salt {
  const [x, y] = crypto.getRandomValues(new Uint32Array(2));
  return { a: 1_000 + (x! % (P1 - 2_000)), b: 1_000 + (y! % (P2 - 2_000)) };
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * Text as it is compared: lower case (where that keeps a character one unit long), each run of
 * white space one space. `at[i]` is where compared character `i` starts in the original text,
 * and `at[text.length]` where the last one ends.
 */
export function comparable(source: string): { text: string; at: number[] } {
  let text = '';
  const at: number[] = [];
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (/\s/.test(char)) {
      if (text.endsWith(' ')) continue;
      at.push(i);
      text += ' ';
      continue;
    }
    const lower = char.toLowerCase();
    at.push(i);
    text += lower.length === 1 ? lower : char;
  }
  at.push(source.length);
  return { text, at };
}

function hashOf(text: string, start: number, length: number, salt: Salt): [number, number] {
  let h1 = 0;
  let h2 = 0;
  for (let i = start; i < start + length; i++) {
    const code = text.charCodeAt(i);
    h1 = (h1 * salt.a + code) % P1;
    h2 = (h2 * salt.b + code) % P2;
  }
  return [h1, h2];
}

function power(base: number, exponent: number, prime: number): number {
  let result = 1;
  for (let i = 0; i < exponent; i++) result = (result * base) % prime;
  return result;
}

/** `autocomplete` tokens of fields that hold a person's name (HTML's autofill field names). */
const NAME_AUTOCOMPLETE = new Set(['name', 'given-name', 'additional-name', 'family-name', 'nickname', 'username']);
/** A field's `name` or `id` that says it holds a person's name. */
const NAME_FIELD = /^(?:(?:full|first|last|given|family|middle|sur|nick|display|user|person|contact)[-_ ]?name|name|fname|lname)$/i;

/** Whether a field holds a person's name, by its autofill token or its name or id. */
export function isNameField(hints: { autocomplete?: string | null; name?: string | null; id?: string | null }): boolean {
  const tokens = (hints.autocomplete ?? '').toLowerCase().split(/\s+/);
  if (tokens.some((token) => NAME_AUTOCOMPLETE.has(token))) return true;
  return [hints.name, hints.id].some((value) => !!value && NAME_FIELD.test(value));
}

/**
 * The parts of a typed name a page may show on their own ("Welcome, Rosalind!"): each word of
 * at least MIN_SECRET_LENGTH letters, when the value has more than one. Found as whole words, like the value.
 */
export function nameParts(value: string): string[] {
  const words = comparable(value).text.trim().split(' ').map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''));
  if (words.length < 2) return [];
  return [...new Set(words.filter((word) => word.length >= MIN_SECRET_LENGTH))];
}

/** The fingerprint of a typed value, or undefined for one too short or too long to look for. */
export function fingerprint(value: string, salt: Salt): Fingerprint | undefined {
  const text = comparable(value).text.trim();
  if (text.length < MIN_SECRET_LENGTH || text.length > MAX_SECRET_LENGTH) return undefined;
  const [h1, h2] = hashOf(text, 0, text.length, salt);
  return { length: text.length, h1, h2 };
}

/** Whether a field's value now begins with the value an earlier fingerprint was made of (typing went on). */
export function extendsPrint(value: string, earlier: Fingerprint, salt: Salt): boolean {
  const text = comparable(value).text.trimStart();
  if (text.length < earlier.length) return false;
  const [h1, h2] = hashOf(text, 0, earlier.length, salt);
  return h1 === earlier.h1 && h2 === earlier.h2;
}

const key = (length: number, h1: number, h2: number) => `${length}:${h1}:${h2}`;

/**
 * Where the fingerprinted values show in a text, as ranges of the original text: whole values
 * only (a value that starts or ends with a letter or digit is not found inside a longer word).
 */
export function findFingerprints(source: string, prints: readonly Fingerprint[], salt: Salt): Array<{ start: number; end: number }> {
  if (prints.length === 0) return [];
  const { text, at } = comparable(source);
  const wanted = new Set(prints.map((p) => key(p.length, p.h1, p.h2)));
  const found: Array<{ start: number; end: number }> = [];
  for (const length of new Set(prints.map((p) => p.length))) {
    if (length > text.length) continue;
    const top1 = power(salt.a, length - 1, P1);
    const top2 = power(salt.b, length - 1, P2);
    let [h1, h2] = hashOf(text, 0, length, salt);
    for (let start = 0; ; start++) {
      const end = start + length;
      if (wanted.has(key(length, h1, h2)) && !(WORD.test(text[start]!) && WORD.test(text[start - 1] ?? '')) && !(WORD.test(text[end - 1]!) && WORD.test(text[end] ?? ''))) {
        found.push({ start: at[start]!, end: at[end - 1]! + 1 });
      }
      if (end >= text.length) break;
      const out = text.charCodeAt(start);
      const next = text.charCodeAt(end);
      h1 = ((((h1 - ((out * top1) % P1) + P1) % P1) * salt.a) + next) % P1;
      h2 = ((((h2 - ((out * top2) % P2) + P2) % P2) * salt.b) + next) % P2;
    }
  }
  found.sort((x, y) => x.start - y.start || y.end - x.end);
  return found.filter((match, i) => !found.slice(0, i).some((earlier) => match.start < earlier.end));
}
