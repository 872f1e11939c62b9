import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '#shared/security-headers';
import {
  ASSET_HEADERS,
  IMMUTABLE_CACHE_CONTROL,
  REVALIDATE_CACHE_CONTROL,
  SITE_HEADERS,
} from '../../infra/cdk/behaviours';
import { localS3Client } from '../../infra/local/emulators';
import { startAppServer, type AppServer } from '../../infra/local/server';
import { useIsolatedStack } from '../support/isolated-stack';

// The local server must answer the SPA and /assets/* paths as the CloudFront distribution does
// (infra/cdk/stacks/web-stack.ts): design.md counts any difference as a defect.

const stack = useIsolatedStack();
const SHELL = '<!doctype html><title>Stepcast</title><div id="root"></div>';
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

describe('local CloudFront: the SPA (default behaviour)', () => {
  it('answers a client-side route with the shell, the page CSP and revalidation', async () => {
    const response = await fetch(`${server.url}/dashboard/recents`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toBe(SHELL);
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy('none'));
    expect(response.headers.get('cache-control')).toBe(REVALIDATE_CACHE_CONTROL);
    expectHeaders(response, SITE_HEADERS);
  });

  it('serves a hashed bundle as immutable, with the same headers', async () => {
    const response = await fetch(`${server.url}/static/app-1a2b.js`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('console.log("app")');
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expectHeaders(response, SITE_HEADERS);
  });

  it.each(['/static/x.js', '/favicon.ico', '/guides/my.guide'])(
    'answers a missing file with an extension (%s) with a plain 404, not the shell',
    async (pathname) => {
      const response = await fetch(`${server.url}${pathname}`);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).not.toMatch(/html/);
      expect(await response.text()).not.toContain('<div id="root">');
      expectHeaders(response, SITE_HEADERS);
    },
  );

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
