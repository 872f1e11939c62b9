import { describe, expect, it } from 'vitest';
import { SiteCookie } from '#shared/drift';
import { siteCookies } from './site-sign-in';

describe('the sign-in the popup saves', () => {
  it('maps Chromium cookies to the API’s shape: session cookies never expire early, SameSite names as the API spells them', () => {
    const mapped = siteCookies([
      { name: 'sid', value: 'v1', domain: 'app.example.com', path: '/', secure: true, httpOnly: true, sameSite: 'strict', session: true },
      { name: 'pref', value: 'v2', domain: '.example.com', path: '', secure: false, httpOnly: false, sameSite: 'no_restriction', session: false, expirationDate: 1_900_000_000.7 },
      { name: 'x', value: 'v3', domain: 'app.example.com', path: '/a', secure: false, httpOnly: false, sameSite: 'unspecified', session: false },
    ]);
    expect(mapped).toEqual([
      { name: 'sid', value: 'v1', domain: 'app.example.com', path: '/', expires: -1, httpOnly: true, secure: true, sameSite: 'Strict' },
      { name: 'pref', value: 'v2', domain: '.example.com', path: '/', expires: 1_900_000_000, httpOnly: false, secure: false, sameSite: 'None' },
      { name: 'x', value: 'v3', domain: 'app.example.com', path: '/a', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' },
    ]);
    for (const cookie of mapped) expect(SiteCookie.parse(cookie)).toEqual(cookie);
  });
});
