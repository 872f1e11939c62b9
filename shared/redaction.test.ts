import { describe, expect, it } from 'vitest';
import { findSensitiveText, isSensitive, MAX_AUTHOR_SELECTORS, parseAuthorSelectors, SENSITIVE_SELECTOR, SENSITIVE_TEXT_LABELS, type RedactionCandidate, type SensitiveTextKind } from './redaction';

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

/**
 * Text that is personal data wherever it shows (issue 27): found in a screenshot's page text
 * by pattern, checked where a pattern alone would find too much (a card number's Luhn digit, an
 * IBAN's mod-97), so that order numbers, dates and phone-like ids are left alone.
 */
const TEXT_CASES: Array<{ name: string; text: string; found: Array<[string, SensitiveTextKind]> }> = [
  { name: 'an e-mail address in a sentence', text: 'Signed in as alex.morgan+work@halden-roos.example today', found: [['alex.morgan+work@halden-roos.example', 'email']] },
  { name: 'a card number in groups', text: 'Card 4111 1111 1111 1111 expires 04/29', found: [['4111 1111 1111 1111', 'card']] },
  { name: 'a card number in one run, and with dashes', text: '5500005555555559 or 3782-822463-10005', found: [['5500005555555559', 'card'], ['3782-822463-10005', 'card']] },
  { name: 'an IBAN, grouped', text: 'Pay to GB82 WEST 1234 5698 7654 32 by Friday', found: [['GB82 WEST 1234 5698 7654 32', 'account']] },
  { name: 'an IBAN in one run', text: 'DE89370400440532013000', found: [['DE89370400440532013000', 'account']] },
  { name: 'an API key with a known prefix', text: 'key: sk_live_51HxQ2vKZ8hG4PqR7tY9wB3n', found: [['sk_live_51HxQ2vKZ8hG4PqR7tY9wB3n', 'token']] },
  { name: 'a JSON web token', text: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c', found: [['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c', 'token']] },
  { name: 'a long random secret of mixed letters and digits', text: 'secret=Q7mZ2xL9pR4tV8nB3kW6yH1cF5jD0sGa', found: [['Q7mZ2xL9pR4tV8nB3kW6yH1cF5jD0sGa', 'token']] },
  { name: 'a 16-digit number failing the card check', text: 'Order 4111 1111 1111 1112', found: [] },
  { name: 'an IBAN-shaped code failing its check', text: 'GB82 WEST 1234 5698 7654 33', found: [] },
  { name: 'dates, prices, a phone-like id and ordinary words', text: 'On 2026-11-26 we paid $1,234.56 — ticket 555-0142, see docs/architecture-overview-and-principles', found: [] },
  { name: 'a long word of letters only', text: 'Supercalifragilisticexpialidociousness', found: [] },
];

describe('sensitive text in a page', () => {
  it.each(TEXT_CASES)('$name', ({ text, found }) => {
    expect(findSensitiveText(text).map((m) => [text.slice(m.start, m.end), m.kind])).toEqual(found);
  });

  it('names each kind for the design view', () => {
    expect(SENSITIVE_TEXT_LABELS).toEqual({ typed: 'Typed value', email: 'E-mail address', card: 'Card number', account: 'Account number', token: 'Token or key' });
  });
});
