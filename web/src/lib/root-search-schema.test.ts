import { describe, expect, it } from 'vitest';
import { parseRootSearch } from './root-search-schema';

describe('parseRootSearch', () => {
  it.each([
    { name: 'no parameters', search: '', expected: {} },
    { name: 'a Stripe session id', search: '?stripe_session_id=cs_test_123', expected: { stripe_session_id: 'cs_test_123' } },
    { name: 'subscribe=true raises the flag', search: '?subscribe=true', expected: { subscribe: true } },
    { name: 'a bare subscribe raises the flag', search: '?subscribe', expected: { subscribe: true } },
    { name: 'subscribe=1 raises the flag', search: '?subscribe=1', expected: { subscribe: true } },
    { name: 'subscribe=false lowers it', search: '?subscribe=false', expected: { subscribe: false } },
    { name: 'both together', search: '?subscribe=true&stripe_session_id=cs_1', expected: { subscribe: true, stripe_session_id: 'cs_1' } },
    { name: 'an unknown subscribe value is dropped', search: '?subscribe=maybe', expected: {} },
    { name: 'an empty session id is dropped', search: '?stripe_session_id=', expected: {} },
    { name: 'an absurdly long session id is dropped', search: `?stripe_session_id=${'x'.repeat(501)}`, expected: {} },
    { name: 'other parameters are ignored', search: '?utm_source=newsletter&redirect=/x', expected: {} },
  ])('$name', ({ search, expected }) => {
    const parsed = parseRootSearch(search);
    expect(Object.fromEntries(Object.entries(parsed).filter(([, value]) => value !== undefined))).toEqual(expected);
  });

  it('takes the first of repeated values', () => {
    expect(parseRootSearch(new URLSearchParams('subscribe=true&subscribe=false')).subscribe).toBe(true);
  });
});
