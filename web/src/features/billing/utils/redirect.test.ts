import { describe, expect, it } from 'vitest';
import { safeRedirectUrl } from './redirect';

describe('safeRedirectUrl', () => {
  it.each([
    { name: 'a Stripe checkout page', value: 'https://checkout.stripe.com/c/pay/cs_test_1', expected: 'https://checkout.stripe.com/c/pay/cs_test_1' },
    { name: 'the local double over http', value: 'http://localhost:3905/checkout/cs_1', expected: 'http://localhost:3905/checkout/cs_1' },
    { name: 'javascript: is refused', value: 'javascript:alert(1)', expected: undefined },
    { name: 'data: is refused', value: 'data:text/html,hi', expected: undefined },
    { name: 'no url', value: undefined, expected: undefined },
    { name: 'null', value: null, expected: undefined },
    { name: 'an empty url', value: '', expected: undefined },
  ])('$name', ({ value, expected }) => {
    expect(safeRedirectUrl(value, 'https://stepcast.app')).toBe(expected);
  });
});
