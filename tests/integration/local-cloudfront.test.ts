import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy, uploadConnectSrc } from '#shared/security-headers';
import {
  ASSET_HEADERS,
  IMMUTABLE_CACHE_CONTROL,
  REVALIDATE_CACHE_CONTROL,
  siteHeaders,
} from '../../infra/cdk/behaviours';
import { localS3Client } from '../../infra/local/emulators';
import { startAppServer, type AppServer } from '../../infra/local/server';
import { ApiClient, signUp } from '../support/api-client';
import type { Context } from 'aws-lambda';
import { apiEvent } from '../support/api-event';
import { useIsolatedStack } from '../support/isolated-stack';

// The local server must answer the SPA and /assets/* paths as the CloudFront distribution does
// (infra/cdk/stacks/web-stack.ts): design.md counts any difference as a defect.

const stack = useIsolatedStack();
const SHELL = '<!doctype html><title>Stepcast</title><div id="root"></div>';
const PRICING = '<!doctype html><title>Pricing</title><div id="root"><h1>Pricing</h1></div>';
const AUDIO = Buffer.from('ID3 narration of slide one, content-addressed');
const AUDIO_KEY = 'org-1/guide-1/narration-3f2a.mp3';

let webRoot: string;
let server: AppServer;
let s3: S3Client;

beforeAll(async () => {
  // A build of our own, so the test does not depend on `npm run build` having run.
  webRoot = mkdtempSync(path.join(tmpdir(), 'stepcast-web-'));
  writeFileSync(path.join(webRoot, 'index.html'), SHELL);
  mkdirSync(path.join(webRoot, 'static'));
  writeFileSync(path.join(webRoot, 'static', 'app-1a2b.js'), 'console.log("app")');
  writeFileSync(path.join(webRoot, 'static', 'app-1a2b.js.map'), '{"version":3}');
  writeFileSync(path.join(webRoot, 'static', 'big-3c4d.js'), `export const words = ${JSON.stringify('step '.repeat(2_000))};`);
  mkdirSync(path.join(webRoot, '.vite'));
  writeFileSync(path.join(webRoot, '.vite', 'manifest.json'), '{}');
  // One prerendered page; the landing page is not, so index.html stays the shell.
  mkdirSync(path.join(webRoot, 'pricing'));
  writeFileSync(path.join(webRoot, 'pricing', 'index.html'), PRICING);
  writeFileSync(path.join(webRoot, 'prerendered.json'), JSON.stringify(['/pricing']));
  // As the local stack sets it (s3rver's origin): the pages' CSP must allow uploads there.
  process.env.UPLOAD_ORIGIN = new URL(stack().s3Endpoint).origin;
  s3 = localS3Client(stack().s3Endpoint);
  await s3.send(
    new PutObjectCommand({ Bucket: stack().bucketName, Key: AUDIO_KEY, Body: AUDIO, ContentType: 'audio/mpeg' }),
  );
  server = await startAppServer({ port: 0, webRoot, s3, bucket: stack().bucketName });
});

afterAll(async () => {
  await server?.close();
  s3?.destroy();
  rmSync(webRoot, { recursive: true, force: true });
});

function expectHeaders(response: Response, expected: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(expected)) expect(response.headers.get(name), name).toBe(value);
}

/** The page headers CloudFront adds, as the local server reads them for this request. */
const SITE_HEADERS = () => siteHeaders(process.env.UPLOAD_ORIGIN);

describe('local CloudFront: the SPA (default behaviour)', () => {
  it('answers a client-side route with the shell, the page CSP and revalidation', async () => {
    const response = await fetch(`${server.url}/dashboard/recents`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(SHELL);
    expect(response.headers.get('content-security-policy')).toBe(
      contentSecurityPolicy('none', uploadConnectSrc(new URL(stack().s3Endpoint).origin)),
    );
    expect(response.headers.get('cache-control')).toBe(REVALIDATE_CACHE_CONTROL);
    expectHeaders(response, SITE_HEADERS());
  });

  it('answers a prerendered page with its own file, with or without a trailing slash', async () => {
    for (const pathname of ['/pricing', '/pricing/']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(200);
      expect(await response.text(), pathname).toBe(PRICING);
      expect(response.headers.get('cache-control')).toBe(REVALIDATE_CACHE_CONTROL);
      expectHeaders(response, SITE_HEADERS());
    }
  });

  it('answers the landing page and client-side routes with /index.html, the shell, as the landing page is not prerendered', async () => {
    for (const pathname of ['/', '/dashboard/recents', '/dashboard', '/auth', '/accept-invitation/abc']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(200);
      expect(await response.text(), pathname).toBe(SHELL);
    }
  });

  it('answers a path that is no page with 404 and the same shell, whose app shows its not-found screen', async () => {
    for (const pathname of ['/pricing/annual', '/no-such-page', '/gallery/no-such-guide', '/dashboards']) {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status, pathname).toBe(404);
      expect(await response.text(), pathname).toBe(SHELL);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expectHeaders(response, SITE_HEADERS());
    }
  });

  it('never serves prerendered.json, which only the synth reads', async () => {
    expect((await fetch(`${server.url}/prerendered.json`)).status).toBe(404);
  });

  it("reads UPLOAD_ORIGIN per request, so the pages' CSP follows the local stack's bucket", async () => {
    const saved = process.env.UPLOAD_ORIGIN;
    try {
      process.env.UPLOAD_ORIGIN = 'http://127.0.0.1:45123';
      const csp = (await fetch(`${server.url}/dashboard`)).headers.get('content-security-policy');
      expect(csp).toContain("connect-src 'self' http://127.0.0.1:45123;");
      delete process.env.UPLOAD_ORIGIN;
      expect((await fetch(`${server.url}/dashboard`)).headers.get('content-security-policy')).toBe(contentSecurityPolicy('none'));
    } finally {
      process.env.UPLOAD_ORIGIN = saved;
    }
  });

  it('serves a hashed bundle as immutable, with the same headers', async () => {
    const response = await fetch(`${server.url}/static/app-1a2b.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log("app")');
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expectHeaders(response, SITE_HEADERS());
  });

  it.each(['/static/x.js', '/favicon.ico', '/guides/my.guide'])(
    'answers a missing file with an extension (%s) with a plain 404, not the shell',
    async (pathname) => {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).not.toMatch(/html/);
      expect(await response.text()).not.toContain('<div id="root">');
      expectHeaders(response, SITE_HEADERS());
    },
  );

  it.each([
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
  ])('compresses text as CloudFront does (Accept-Encoding: %s → %s), and leaves it alone when not asked', async (accept, encoding) => {
    const { gunzipSync, brotliDecompressSync } = await import('node:zlib');
    const http = await import('node:http');
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      http.get(`${server.url}/static/big-3c4d.js`, { headers: { 'accept-encoding': accept } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });
    expect(raw.headers['content-encoding']).toBe(encoding);
    expect(raw.headers['vary']).toBe('accept-encoding');
    const text = (encoding === 'br' ? brotliDecompressSync(raw.body) : gunzipSync(raw.body)).toString();
    expect(text).toContain('step step');
    expect(raw.body.length).toBeLessThan(text.length / 5);
    const plain = await new Promise<Record<string, unknown>>((resolve, reject) => {
      http.get(`${server.url}/static/big-3c4d.js`, (res) => {
        res.resume();
        resolve(res.headers);
      }).on('error', reject);
    });
    expect(plain['content-encoding']).toBeUndefined();
  });

  it('never serves the build manifest in .vite/, which only the prerender reads', async () => {
    expect((await fetch(`${server.url}/.vite/manifest.json`)).status).toBe(404);
  });

  it('answers a source map with 404, as it is never deployed', async () => {
    const response = await fetch(`${server.url}/static/app-1a2b.js.map`);
    expect(response.status).toBe(404);
  });
});

describe('local CloudFront: /assets/* (the asset bucket)', () => {
  it('serves an object with nosniff, immutable caching and the headers CloudFront adds', async () => {
    const response = await fetch(`${server.url}/assets/${AUDIO_KEY}`);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(AUDIO);
    expect(response.headers.get('content-type')).toBe('audio/mpeg');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expectHeaders(response, ASSET_HEADERS);
  });

  it('answers a byte range with 206 and the range, for audio and video seeking', async () => {
    const response = await fetch(`${server.url}/assets/${AUDIO_KEY}`, { headers: { range: 'bytes=0-2' } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes 0-2/${AUDIO.length}`);
    expect(Buffer.from(await response.arrayBuffer()).toString()).toBe('ID3');
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expectHeaders(response, ASSET_HEADERS);
  });

  it('answers a missing asset with 404 that is not cached as immutable', async () => {
    const response = await fetch(`${server.url}/assets/org-1/guide-1/missing.png`);
    expect(response.status).toBe(404);
    expect(response.headers.get('cache-control')).toBeNull();
    expectHeaders(response, ASSET_HEADERS);
  });
});

describe('local CloudFront: a build whose landing page is prerendered', () => {
  const LANDING = '<!doctype html><title>Stepcast — narrated guides</title><div id="root"><h1>Landing</h1></div>';
  const GALLERY_ITEM = '<!doctype html><title>Acme CRM</title><div id="root"><h1>Acme CRM</h1></div>';
  let root: string;
  let site: AppServer;

  beforeAll(async () => {
    // As web/prerender.ts leaves web/dist: index.html is the landing page, the shell moved aside.
    root = mkdtempSync(path.join(tmpdir(), 'stepcast-web-'));
    writeFileSync(path.join(root, 'index.html'), LANDING);
    writeFileSync(path.join(root, '__spa-fallback.html'), SHELL);
    mkdirSync(path.join(root, 'pricing'));
    writeFileSync(path.join(root, 'pricing', 'index.html'), PRICING);
    writeFileSync(path.join(root, 'prerendered.json'), JSON.stringify(['/', '/pricing']));
    site = await startAppServer({ port: 0, webRoot: root, s3, bucket: stack().bucketName });
  });

  afterAll(async () => {
    await site?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['/', LANDING],
    ['/pricing', PRICING],
    ['/dashboard/recents', SHELL],
    ['/auth', SHELL],
  ])('%s → its prerendered page, else the SPA shell', async (pathname, body) => {
    const response = await fetch(`${site.url}${pathname}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(body);
    expectHeaders(response, SITE_HEADERS());
  });

  it('answers a path that is neither a page nor an app route (/auth/sign-in) with 404 and the shell', async () => {
    const response = await fetch(`${site.url}/auth/sign-in`);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(SHELL);
  });

  it('picks up a new build of prerendered.json without a restart', async () => {
    const before = await fetch(`${site.url}/gallery/acme-crm`);
    expect(before.status).toBe(404);
    expect(await before.text()).toBe(SHELL);
    mkdirSync(path.join(root, 'gallery', 'acme-crm'), { recursive: true });
    writeFileSync(path.join(root, 'gallery', 'acme-crm', 'index.html'), GALLERY_ITEM);
    const manifest = path.join(root, 'prerendered.json');
    writeFileSync(manifest, JSON.stringify(['/', '/pricing', '/gallery/acme-crm']));
    // A later modification time, whatever the file system's timestamp resolution.
    const later = new Date(Date.now() + 5_000);
    utimesSync(manifest, later, later);
    expect(await (await fetch(`${site.url}/gallery/acme-crm`)).text()).toBe(GALLERY_ITEM);
    expect(await (await fetch(`${site.url}/gallery/acme-crm/`)).text()).toBe(GALLERY_ITEM);
  });
});

describe('local CloudFront: /api/share/* (cacheable at the edge)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function publicGuide() {
    const author = new ApiClient(stack().url);
    const { email, password } = await signUp(author);
    const guide = (await author.post('/api/guides', { title: 'Cached at the edge' })).json as { id: string };
    expect((await author.post(`/api/guides/${guide.id}/slides`, { text: 'Click **Save**' })).status).toBe(201);
    const published = await author.request('PATCH', `/api/guides/${guide.id}`, { status: 'published', visibility: 'public' });
    expect(published.status).toBe(200);
    return { author, email, password, guideId: guide.id };
  }

  it('refuses methods other than GET and HEAD, as the behaviour allows no others', async () => {
    const response = await fetch(`${stack().url}/api/share/abcdefghijkl`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(403);
  });

  it('answers the same with a query string, which the cache key leaves out (and the API never sees)', async () => {
    const { guideId } = await publicGuide();
    const plain = await fetch(`${stack().url}/api/share/${guideId}`);
    const withQuery = await fetch(`${stack().url}/api/share/${guideId}?visibility=private&x=1`);
    expect(withQuery.status).toBe(200);
    expect(await withQuery.text()).toBe(await plain.text());
  });

  it("never sends a Set-Cookie on /api/share/*, and the API makes an answer that refreshes a session uncacheable", async () => {
    const { email, password, guideId } = await publicGuide();
    const viaCloudFront = new ApiClient(stack().url);
    const direct = new ApiClient(stack().url);
    for (const client of [viaCloudFront, direct]) {
      expect((await client.post('/api/auth/sign-in/email', { email, password, rememberMe: true })).status).toBe(200);
    }
    // A day and more later, both sessions are due for their refresh.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60 * 1000 });

    // The API itself: the member's new session, on an answer no cache may keep.
    const event = apiEvent({ method: 'GET', path: `/api/share/${guideId}`, cookies: [direct.cookie!], proto: 'http' });
    // Loaded once the stack has set APP_ORIGIN: an API function refuses to start without it.
    const { handler: shareHandler } = await import('../../functions/http/share/index');
    const origin = await shareHandler(event, {} as Context); // a Lambda context is not read by the handler
    expect(origin.statusCode).toBe(200);
    expect(origin.headers?.['cache-control']).toBe('private, no-store');
    expect(origin.cookies?.some((cookie) => cookie.startsWith('stepcast.session='))).toBe(true);

    // Through the local CloudFront: the same answer, without the cookie (a second line of defence).
    const response = await viaCloudFront.get(`/api/share/${guideId}`);
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);

    // A viewer with no session gets the public, cacheable answer.
    vi.useRealTimers();
    expect((await fetch(`${stack().url}/api/share/${guideId}`)).headers.get('cache-control')).toMatch(/^public/);
  });
});

describe('local CloudFront: both loopback names', () => {
  it('sends a page asked for at 127.0.0.1 to the same page at localhost (APP_ORIGIN), where signing in works', async () => {
    const port = new URL(stack().url).port;
    const other = `http://127.0.0.1:${port}`;
    for (const pathname of ['/auth?mode=sign-in', '/dashboard', '/share/a-guide-AbCdEfGhIjKl?step=2', '/']) {
      const answer = await fetch(`${other}${pathname}`, { redirect: 'manual' });
      expect(answer.status, pathname).toBe(308);
      expect(answer.headers.get('location'), pathname).toBe(`${stack().url}${pathname}`);
    }
    // The API answers on either name (scripts and health checks): a page never runs on the other one.
    expect((await fetch(`${other}/api/health/live`)).status).toBe(200);
    // Signing in from the page the redirect lands on is trusted.
    const client = new ApiClient(stack().url);
    const { email, password } = await signUp(client, { verified: false });
    expect((await new ApiClient(stack().url).post('/api/auth/sign-in/email', { email, password })).status).toBe(200);
    // A sign-in sent from a page at 127.0.0.1 is still refused: one origin signs in, the one every link names.
    expect((await new ApiClient(stack().url, other).post('/api/auth/sign-in/email', { email, password })).status).toBe(403);
  });
});
