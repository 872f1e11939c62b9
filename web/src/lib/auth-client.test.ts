import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createAuthClient, resolveAuthBaseUrl } from './auth-client';

describe('resolveAuthBaseUrl', () => {
  it.each([
    { name: 'a base with a path is kept, without its trailing slash', value: 'https://stepcast.test/api/auth/', expected: 'https://stepcast.test/api/auth' },
    { name: 'a bare origin gets /api/auth', value: 'https://stepcast.test', expected: 'https://stepcast.test/api/auth' },
    { name: 'http is allowed (local development)', value: 'http://localhost:3000/api/auth', expected: 'http://localhost:3000/api/auth' },
  ])('$name', ({ value, expected }) => {
    expect(resolveAuthBaseUrl(value)).toBe(expected);
  });

  it.each(['not a url', '', '/api/auth', 'ftp://stepcast.test', 'javascript:alert(1)'])(
    'rejects %j with the invalid base URL message',
    (value) => {
      expect(() => resolveAuthBaseUrl(value)).toThrow(`Invalid base URL: ${value}. Please provide a valid base URL.`);
    },
  );
});

describe('createAuthClient', () => {
  it('throws at construction when the base URL is invalid', () => {
    expect(() => createAuthClient({ baseURL: 'stepcast' })).toThrow(/^Invalid base URL: stepcast\. Please provide a valid base URL\.$/);
  });

  it('calls paths under the base with the session cookie', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json(null));
    const client = createAuthClient({ baseURL: 'https://stepcast.test/api/auth', fetch });

    await client.get('/get-session', z.null());
    await client.post('/sign-out', undefined, z.unknown());

    expect(fetch.mock.calls.map(([url, init]) => [String(url as string), init?.method, init?.credentials])).toEqual([
      ['https://stepcast.test/api/auth/get-session', 'GET', 'include'],
      ['https://stepcast.test/api/auth/sign-out', 'POST', 'include'],
    ]);
  });

  it('follows a { url, redirect: true } answer', async () => {
    const navigate = vi.fn();
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ url: '/dashboard', redirect: true }));
    const client = createAuthClient({ baseURL: 'https://stepcast.test', fetch, navigate });

    await client.post('/sign-in/email', { email: 'a@b.c', password: 'x' }, z.unknown());

    expect(navigate).toHaveBeenCalledWith('https://stepcast.test/dashboard');
  });
});
