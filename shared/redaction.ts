/**
 * What the capture extension covers with a solid fill before a screenshot leaves the browser
 * (design.md §5, capture-notes.md "Redaction"): password, email, telephone, credit-card and
 * one-time-code fields by input type and autocomplete token, anything marked `data-redact`, and
 * the CSS selectors an author adds in the extension's popup.
 */

/** Input types whose value is sensitive whatever their autocomplete says. */
export const SENSITIVE_INPUT_TYPES = ['password', 'email', 'tel'] as const;

/** The solid fill drawn over sensitive content (slate-600), opaque so nothing shows through. */
export const REDACTION_FILL = { r: 71, g: 85, b: 105 } as const;

/** The built-in rules as one CSS selector, for `querySelectorAll` in the page. */
export const SENSITIVE_SELECTOR = [
  ...SENSITIVE_INPUT_TYPES.map((type) => `input[type="${type}" i]`),
  '[autocomplete~="email" i]',
  '[autocomplete~="tel" i]',
  '[autocomplete*="tel-" i]',
  '[autocomplete*="cc-" i]',
  '[autocomplete~="one-time-code" i]',
  '[autocomplete~="current-password" i]',
  '[autocomplete~="new-password" i]',
  '[data-redact]',
].join(',');

/** Most selectors an author may add, and the longest one. */
export const MAX_AUTHOR_SELECTORS = 20;
export const MAX_AUTHOR_SELECTOR_LENGTH = 200;

/** The attributes of an element that decide whether it is sensitive. */
export interface RedactionCandidate {
  tag: string;
  type?: string | null | undefined;
  autocomplete?: string | null | undefined;
  /** the element carries `data-redact` (any value) */
  dataRedact?: boolean | undefined;
}

function isSensitiveAutocomplete(autocomplete: string): boolean {
  // Autocomplete holds space-separated tokens, e.g. "section-billing shipping cc-number".
  return autocomplete
    .toLowerCase()
    .split(/\s+/)
    .some((token) => token === 'email' || token === 'tel' || token.startsWith('tel-') || token.startsWith('cc-') || token === 'one-time-code' || token === 'current-password' || token === 'new-password');
}

/** True when the built-in rules cover this element (author selectors are matched in the page). */
export function isSensitive(candidate: RedactionCandidate): boolean {
  if (candidate.dataRedact) return true;
  const type = (candidate.type ?? '').toLowerCase();
  if (candidate.tag.toLowerCase() === 'input' && (SENSITIVE_INPUT_TYPES as readonly string[]).includes(type)) return true;
  return isSensitiveAutocomplete(candidate.autocomplete ?? '');
}

/**
 * The author's selectors from the popup's text box: one per line, trimmed, blank lines and
 * duplicates dropped, at most MAX_AUTHOR_SELECTORS of at most MAX_AUTHOR_SELECTOR_LENGTH
 * characters. Syntax is checked in the page, where an invalid one is skipped alone.
 */
export function parseAuthorSelectors(text: string): string[] {
  const selectors: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const selector = line.trim();
    if (!selector || selector.length > MAX_AUTHOR_SELECTOR_LENGTH || selectors.includes(selector)) continue;
    selectors.push(selector);
    if (selectors.length === MAX_AUTHOR_SELECTORS) break;
  }
  return selectors;
}

/**
 * Personal data in a screenshot's page text (issue 27), found wherever it shows, not only in the
 * fields it was typed in: every value the author typed during the capture ('typed', matched by a
 * salted fingerprint, never by the value: extension/src/lib/secret-match.ts) and text that is
 * personal data by its shape. Patterns that would find too much alone are checked: a card
 * number by its Luhn digit, an IBAN by its mod-97 check digits.
 */
export const SENSITIVE_TEXT_KINDS = ['typed', 'email', 'card', 'account', 'token'] as const;
export type SensitiveTextKind = (typeof SENSITIVE_TEXT_KINDS)[number];

export const SENSITIVE_TEXT_LABELS: Record<SensitiveTextKind, string> = {
  typed: 'Typed value',
  email: 'E-mail address',
  card: 'Card number',
  account: 'Account number',
  token: 'Token or key',
};

export interface SensitiveTextMatch {
  start: number;
  end: number;
  kind: Exclude<SensitiveTextKind, 'typed'>;
}

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** 13 to 19 digits, grouped by single spaces or dashes */
const CARD = /(?<![\d-])\d(?:[ -]?\d){12,18}(?![\d-])/g;
const IBAN = /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g;
const TOKENS = [
  // JSON web tokens
  /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}/g,
  // keys with a vendor's prefix: Stripe, GitHub, Slack, AWS, Google
  /\b(?:sk|pk|rk)_(?:live|test)_[A-Za-z0-9]{10,}\b/g,
  /\bgh[pousr]_[A-Za-z0-9]{30,}\b/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  // long random runs: hex, or letters of both cases with digits (not a path, not a word)
  /(?<![A-Za-z0-9_\-/.])(?:[a-f0-9]{32,}|[A-Fa-f0-9]{40,})(?![A-Za-z0-9_\-/.])/g,
  /(?<![A-Za-z0-9_\-/.])(?=[A-Za-z0-9_-]*[A-Z])(?=[A-Za-z0-9_-]*[a-z])(?=(?:[A-Za-z_-]*\d){4})[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_\-/.])/g,
];

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function ibanValid(compact: string): boolean {
  if (compact.length < 15 || compact.length > 34) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const char of rearranged) {
    const value = char >= 'A' && char <= 'Z' ? String(char.charCodeAt(0) - 55) : char;
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** The longest IBAN at the start of a candidate (a grouped one may run into the next capitals). */
function ibanAt(candidate: string): number | undefined {
  for (let text = candidate; text.replace(/ /g, '').length >= 15; text = text.replace(/ ?[A-Z0-9]+$/, '')) {
    if (ibanValid(text.replace(/ /g, ''))) return text.length;
    if (!text.includes(' ')) break;
  }
  return undefined;
}

/** The personal data a text shows by its shape, in order, never overlapping. */
export function findSensitiveText(text: string): SensitiveTextMatch[] {
  const found: SensitiveTextMatch[] = [];
  for (const match of text.matchAll(EMAIL)) found.push({ start: match.index, end: match.index + match[0].length, kind: 'email' });
  for (const match of text.matchAll(CARD)) {
    const digits = match[0].replace(/[ -]/g, '');
    if (digits.length >= 13 && digits.length <= 19 && luhn(digits)) found.push({ start: match.index, end: match.index + match[0].length, kind: 'card' });
  }
  for (const match of text.matchAll(IBAN)) {
    const length = ibanAt(match[0]);
    if (length !== undefined) found.push({ start: match.index, end: match.index + length, kind: 'account' });
  }
  for (const pattern of TOKENS) {
    for (const match of text.matchAll(pattern)) found.push({ start: match.index, end: match.index + match[0].length, kind: 'token' });
  }
  found.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: SensitiveTextMatch[] = [];
  for (const match of found) if (!kept.some((k) => match.start < k.end && k.start < match.end)) kept.push(match);
  return kept;
}
