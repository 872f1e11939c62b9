import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-error';
import { prefetchSharedGuide, requestSharedGuide, takePrefetchedSharedGuide } from './prefetch-shared-guide';

function answerWith(status: number, body: string) {
  const fetch = vi.fn(async () => new Response(body, { status, statusText: status === 404 ? 'Not Found' : '' }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('requestSharedGuide', () => {
  it('answers the body of a guide, asking for JSON with the session cookie', async () => {
    const fetch = answerWith(200, '{"id":"abcdefghijkl"}');
    expect(await requestSharedGuide('abcdefghijkl')).toBe('{"id":"abcdefghijkl"}');
    expect(fetch).toHaveBeenCalledWith('/api/share/abcdefghijkl', expect.objectContaining({ credentials: 'include' }));
  });

  it.each([
    { name: 'the error shape', status: 404, body: '{"error":{"code":"not_found","message":"Guide not found."}}', message: 'Guide not found.' },
    { name: 'plain text', status: 502, body: 'Bad gateway\n', message: 'Bad gateway' },
    { name: 'nothing', status: 404, body: '', message: 'Not Found' },
  ])('throws ApiError with the status and the message of $name', async ({ status, body, message }) => {
    answerWith(status, body);
    const error = await requestSharedGuide('abcdefghijkl').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, message });
  });
});

describe('prefetchSharedGuide', () => {
  it.each([
    { pathname: '/share/add-a-contact-abcdefghijkl', id: 'abcdefghijkl' },
    { pathname: '/share/add-a-contact-abcdefghijkl/embed', id: 'abcdefghijkl' },
    { pathname: '/share/abcdefghijkl/', id: 'abcdefghijkl' },
  ])('asks for the guide of $pathname once, for the page to take', async ({ pathname, id }) => {
    const fetch = answerWith(200, '{}');
    expect(prefetchSharedGuide(pathname)).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(await takePrefetchedSharedGuide(id)).toBe('{}');
    expect(takePrefetchedSharedGuide(id)).toBeUndefined();
  });

  it.each(['/', '/dashboard', '/share/x-abcdefghijkl/design', '/share'])('leaves %s alone', (pathname) => {
    const fetch = answerWith(200, '{}');
    expect(prefetchSharedGuide(pathname)).toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks nothing for a segment too short to hold an id, and leaves the error to the page', () => {
    const fetch = answerWith(200, '{}');
    expect(prefetchSharedGuide('/share/short')).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });
});
