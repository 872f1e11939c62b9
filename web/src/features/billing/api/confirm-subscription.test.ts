import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api-error';
import { isConfirmRetryable } from './confirm-subscription';

describe('isConfirmRetryable (product-spec.md §8: the confirmation is retried)', () => {
  it.each([
    { name: 'a checkout Stripe has not completed yet (409)', error: new ApiError(409, 'not complete', 'conflict'), expected: true },
    { name: 'Stripe unavailable (502)', error: new ApiError(502, 'upstream', 'upstream_failed'), expected: true },
    { name: 'rate limited (429)', error: new ApiError(429, 'slow down', 'rate_limited'), expected: true },
    { name: 'the network failed', error: new TypeError('Failed to fetch'), expected: true },
    { name: 'a checkout that is not the person’s (404) is final', error: new ApiError(404, 'not found', 'not_found'), expected: false },
    { name: 'a malformed id (400) is final', error: new ApiError(400, 'bad', 'bad_request'), expected: false },
    { name: 'signed out (401) is final', error: new ApiError(401, 'who', 'unauthorized'), expected: false },
  ])('$name → $expected', ({ error, expected }) => {
    expect(isConfirmRetryable(error)).toBe(expected);
  });
});
