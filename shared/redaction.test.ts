import { describe, expect, it } from 'vitest';
import { isSensitive, MAX_AUTHOR_SELECTORS, parseAuthorSelectors, SENSITIVE_SELECTOR, type RedactionCandidate } from './redaction';

const CASES: Array<{ name: string; element: RedactionCandidate; sensitive: boolean }> = [
  { name: 'a password field', element: { tag: 'input', type: 'password' }, sensitive: true },
  { name: 'a password field typed in capitals', element: { tag: 'INPUT', type: 'PASSWORD' }, sensitive: true },
  { name: 'an email field', element: { tag: 'input', type: 'email' }, sensitive: true },
  { name: 'a telephone field', element: { tag: 'input', type: 'tel' }, sensitive: true },
  { name: 'a text field with autocomplete=email', element: { tag: 'input', type: 'text', autocomplete: 'email' }, sensitive: true },
  { name: 'a text field with a sectioned email token', element: { tag: 'input', autocomplete: 'section-work work email' }, sensitive: true },
  { name: 'a card number', element: { tag: 'input', autocomplete: 'cc-number' }, sensitive: true },
  { name: 'a card expiry select', element: { tag: 'select', autocomplete: 'billing cc-exp-month' }, sensitive: true },
  { name: 'a card security code', element: { tag: 'input', autocomplete: 'cc-csc' }, sensitive: true },
  { name: 'a national phone number', element: { tag: 'input', autocomplete: 'tel-national' }, sensitive: true },
  { name: 'a one-time code', element: { tag: 'input', type: 'text', autocomplete: 'one-time-code' }, sensitive: true },
  { name: 'a text field holding a password', element: { tag: 'input', type: 'text', autocomplete: 'current-password' }, sensitive: true },
  { name: 'anything marked data-redact', element: { tag: 'code', dataRedact: true }, sensitive: true },
  { name: 'a name field', element: { tag: 'input', type: 'text', autocomplete: 'name' }, sensitive: false },
  { name: 'a search field', element: { tag: 'input', type: 'search' }, sensitive: false },
  { name: 'a country select', element: { tag: 'select', autocomplete: 'country-name' }, sensitive: false },
  { name: 'a button', element: { tag: 'button', type: 'submit' }, sensitive: false },
  { name: 'a div whose type attribute says password (not an input)', element: { tag: 'div', type: 'password' }, sensitive: false },
  { name: 'autocomplete=off', element: { tag: 'input', autocomplete: 'off' }, sensitive: false },
  { name: 'a token that only contains "email" in a longer word', element: { tag: 'input', autocomplete: 'emailish' }, sensitive: false },
];

describe('redaction selection', () => {
  it.each(CASES)('$name → sensitive: $sensitive', ({ element, sensitive }) => {
    expect(isSensitive(element)).toBe(sensitive);
  });

  it('the CSS selector names every built-in rule', () => {
    for (const part of ['input[type="password" i]', 'input[type="email" i]', 'input[type="tel" i]', '[autocomplete*="cc-" i]', '[autocomplete~="one-time-code" i]', '[data-redact]']) {
      expect(SENSITIVE_SELECTOR).toContain(part);
    }
  });

  it('reads author selectors one per line, trimmed, without blanks or duplicates', () => {
    expect(parseAuthorSelectors('  .secret \n\n#balance\n.secret\r\n[data-private="true"]')).toEqual(['.secret', '#balance', '[data-private="true"]']);
  });

  it('keeps a selector that contains a comma whole', () => {
    expect(parseAuthorSelectors('.a, .b')).toEqual(['.a, .b']);
  });

  it('drops over-long selectors and stops at the limit', () => {
    expect(parseAuthorSelectors(`${'a'.repeat(201)}\n.ok`)).toEqual(['.ok']);
    const many = Array.from({ length: 30 }, (_, i) => `.s${i}`).join('\n');
    expect(parseAuthorSelectors(many)).toHaveLength(MAX_AUTHOR_SELECTORS);
  });
});
