import { describe, expect, it } from 'vitest';
import { afterSignIn, afterSignUp, parseAuthSearch, verificationErrorMessage } from './auth-search';

describe('parseAuthSearch', () => {
  it('reads the mode, redirect, token and error', () => {
    expect(parseAuthSearch(new URLSearchParams('mode=reset&token=abc&redirect=%2Fdashboard%2Fwelcome&error=gone'))).toEqual({
      mode: 'reset',
      redirect: '/dashboard/welcome',
      token: 'abc',
      error: 'gone',
    });
  });

  it('opens sign-in when the mode is missing or unknown', () => {
    expect(parseAuthSearch(new URLSearchParams('')).mode).toBe('sign-in');
    expect(parseAuthSearch(new URLSearchParams('mode=admin')).mode).toBe('sign-in');
  });
});

describe('afterSignIn', () => {
  it.each([
    { name: 'a same-site path with its search', redirect: '/dashboard/welcome?x=1', expected: '/dashboard/welcome?x=1' },
    { name: 'no redirect', redirect: undefined, expected: '/dashboard' },
    { name: 'a protocol-relative url', redirect: '//evil.example', expected: '/dashboard' },
    { name: 'a backslash trick', redirect: '/\\evil.example', expected: '/dashboard' },
    { name: 'an absolute url', redirect: 'https://evil.example/dashboard', expected: '/dashboard' },
    { name: 'a javascript: url', redirect: 'javascript:alert(1)', expected: '/dashboard' },
  ])('$name → $expected', ({ redirect, expected }) => {
    expect(afterSignIn(redirect)).toBe(expected);
  });
});

describe('afterSignUp', () => {
  it('goes to the first-run page unless a safe redirect was given', () => {
    expect(afterSignUp(undefined)).toBe('/dashboard/welcome');
    expect(afterSignUp('//evil.example')).toBe('/dashboard/welcome');
    expect(afterSignUp('/accept-invitation/abc')).toBe('/accept-invitation/abc');
  });
});

describe('verificationErrorMessage', () => {
  it('explains an expired or used link and falls back for unknown codes', () => {
    expect(verificationErrorMessage('bad_request')).toMatch(/invalid or has expired/);
    expect(verificationErrorMessage('<script>')).toBe('We could not verify your email address. Please try the link again.');
  });
});
