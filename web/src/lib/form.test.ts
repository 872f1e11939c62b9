import { describe, expect, it } from 'vitest';
import { SignUpBody } from '#shared/auth';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { ApiError } from './api-error';
import { errorMessage, NETWORK_ERROR_MESSAGE, parseValues, serverFieldErrors } from './form';

describe('errorMessage', () => {
  it.each([
    {
      name: 'a code the form names gets the form message',
      error: new ApiError(401, 'Please sign in.', 'unauthorized'),
      expected: 'Invalid email or password.',
    },
    {
      name: 'another API error keeps the message written for people',
      error: new ApiError(429, 'Too many attempts. Please wait 10 seconds and try again.', 'rate_limited'),
      expected: 'Too many attempts. Please wait 10 seconds and try again.',
    },
    { name: 'an internal error is generic', error: new ApiError(500, 'stack trace here', 'internal'), expected: GENERIC_ERROR_MESSAGE },
    { name: 'an answer without the error shape is generic', error: new ApiError(502, '<html>Bad gateway</html>'), expected: GENERIC_ERROR_MESSAGE },
    { name: 'a network failure says so', error: new TypeError('Failed to fetch'), expected: NETWORK_ERROR_MESSAGE },
    { name: 'anything else is generic', error: new Error('boom'), expected: GENERIC_ERROR_MESSAGE },
  ])('$name', ({ error, expected }) => {
    expect(errorMessage(error, { unauthorized: 'Invalid email or password.' })).toBe(expected);
  });
});

describe('serverFieldErrors', () => {
  it('answers the fields of a validation failure', () => {
    const error = new ApiError(422, 'Invalid body', 'validation_failed', { email: 'Enter a valid email address.', '': 'root' });
    expect(serverFieldErrors(error)).toEqual({ email: 'Enter a valid email address.' });
  });

  it('answers nothing for other errors', () => {
    expect(serverFieldErrors(new ApiError(409, 'Taken', 'conflict'))).toBeUndefined();
  });
});

describe('parseValues', () => {
  it('gives one message per field from the shared schema', () => {
    const result = parseValues(SignUpBody, { name: '', email: 'nope', password: 'short' });
    expect(result).toEqual({
      success: false,
      errors: { name: 'Enter your name.', email: 'Enter a valid email address.', password: 'Use at least 8 characters.' },
    });
  });

  it('answers the parsed data (the email lowercased) when valid', () => {
    const result = parseValues(SignUpBody, { name: 'Ada', email: ' Ada@Example.COM ', password: 'correct horse' });
    expect(result).toEqual({ success: true, data: { name: 'Ada', email: 'ada@example.com', password: 'correct horse' } });
  });
});
