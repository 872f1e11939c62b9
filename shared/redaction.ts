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
