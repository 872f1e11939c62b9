import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiErrorFromBody, createApiClient, redirectTarget } from './api-client';
import { ApiError } from './api-error';

const BASE = 'https://stepcast.test';

function fakeFetch(response: Response) {
  return vi.fn<typeof fetch>(async () => response);
}

describe('apiErrorFromBody', () => {
  it.each([
    {
      name: 'the error shape gives its code, message and details',
      status: 422,
      body: JSON.stringify({ error: { code: 'validation_failed', message: 'Title is required', details: { title: 'Required' } } }),
      expected: { status: 422, code: 'validation_failed', message: 'Title is required', details: { title: 'Required' } },
    },
    {
      name: 'a code outside the closed table is not trusted',
      status: 400,
      body: JSON.stringify({ error: { code: 'made_up', message: 'x' } }),
      expected: { status: 400, code: undefined, message: 'x' },
    },
    {
      name: "a gateway's JSON answer gives its message, never the JSON",
      status: 503,
      body: JSON.stringify({ message: 'Service Unavailable' }),
      expected: { status: 503, code: undefined, message: 'Service Unavailable' },
    },
    {
      name: 'JSON without a message falls back to the status text, never the JSON',
      status: 503,
      body: JSON.stringify({ Message: null, errors: [1] }),
      expected: { status: 503, code: undefined, message: 'Service Unavailable' },
    },
    {
      name: 'an HTML error page falls back to the status text',
      status: 502,
      body: '<html><body>502 Bad Gateway</body></html>',
      expected: { status: 502, code: undefined, message: 'Service Unavailable' },
    },
    {
      name: 'a text answer becomes the message',
      status: 502,
      body: 'Bad gateway from upstream\n',
      expected: { status: 502, code: undefined, message: 'Bad gateway from upstream' },
    },
    {
      name: 'an empty answer falls back to the status text',
      status: 503,
      body: '',
      expected: { status: 503, code: undefined, message: 'Service Unavailable' },
    },
  ])('$name', ({ status, body, expected }) => {
    const error = apiErrorFromBody(status, 'Service Unavailable', body);
    expect(error).toBeInstanceOf(ApiError);
    expect({ status: error.status, code: error.code, message: error.message, ...(error.details && { details: error.details }) }).toEqual(expected);
  });
});

describe('redirectTarget', () => {
  it.each([
    { name: 'an https url with the flag', body: { url: 'https://checkout.stripe.com/c/1', redirect: true }, expected: 'https://checkout.stripe.com/c/1' },
    { name: 'a relative url resolves against the site', body: { url: '/dashboard', redirect: true }, expected: `${BASE}/dashboard` },
    { name: 'no flag, no navigation', body: { url: 'https://x.test' }, expected: undefined },
    { name: 'a flag that is not true', body: { url: 'https://x.test', redirect: 'true' }, expected: undefined },
    { name: 'javascript: is never followed', body: { url: 'javascript:alert(1)', redirect: true }, expected: undefined },
    { name: 'data: is never followed', body: { url: 'data:text/html,hi', redirect: true }, expected: undefined },
    { name: 'not an object', body: 'https://x.test', expected: undefined },
  ])('$name', ({ body, expected }) => {
    expect(redirectTarget(body, BASE)).toBe(expected);
  });
});

describe('createApiClient', () => {
  it('sends the session cookie and JSON, and parses the answer with the schema', async () => {
    const fetch = fakeFetch(Response.json({ id: 'abcdefghijkl', extra: 1 }));
    const api = createApiClient({ fetch, baseUrl: BASE });

    const result = await api.post('/api/guides', { title: 'Demo' }, z.object({ id: z.string() }));

    expect(result).toEqual({ id: 'abcdefghijkl' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(String(url as string)).toBe(`${BASE}/api/guides`);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify({ title: 'Demo' }) });
    expect(init?.headers).toMatchObject({ 'content-type': 'application/json', accept: 'application/json' });
  });

  it('throws ApiError with the status and code of a failed call', async () => {
    const api = createApiClient({
      fetch: fakeFetch(Response.json({ error: { code: 'not_found', message: 'Guide not found' } }, { status: 404 })),
      baseUrl: BASE,
    });
    await expect(api.get('/api/share/abcdefghijkl', z.unknown())).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('rejects an answer that does not match the schema', async () => {
    const api = createApiClient({ fetch: fakeFetch(Response.json({ title: 42 })), baseUrl: BASE });
    await expect(api.get('/api/x', z.object({ title: z.string() }))).rejects.toThrow();
  });

  it('navigates to the url of a redirect answer', async () => {
    const navigate = vi.fn();
    const api = createApiClient({
      fetch: fakeFetch(Response.json({ url: 'https://checkout.stripe.com/c/1', redirect: true })),
      baseUrl: BASE,
      navigate,
    });
    await api.request('/api/auth/sign-in/social', { method: 'POST', body: {} });
    expect(navigate).toHaveBeenCalledWith('https://checkout.stripe.com/c/1');
  });

  it('sends no body and no content type on a GET', async () => {
    const fetch = fakeFetch(new Response(null, { status: 204 }));
    await createApiClient({ fetch, baseUrl: BASE }).request('/api/x');
    const init = fetch.mock.calls[0]![1];
    expect(init?.body).toBeNull();
    expect(init?.headers).not.toHaveProperty('content-type');
  });
});
