import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import type { GuideDto } from '#shared/guides';
import { localS3Client } from '../../infra/local/emulators';
import { expirePendingUploads } from '../../infra/local/assets';
import { ApiClient, signUp } from '../support/api-client';
import { pngBomb, pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';
import { subscribe } from '../support/team';

const stack = useIsolatedStack();
const s3 = () => localS3Client(stack().s3Endpoint);

async function author() {
  const client = new ApiClient(stack().url);
  await signUp(client);
  return client;
}

async function newGuide(c: ApiClient) {
  const response = await c.post('/api/guides', { title: 'Invoice a customer' });
  expect(response.status).toBe(201);
  return response.json as GuideDto;
}

async function upload(c: ApiClient, guideId: string, bytes: Buffer, contentType = 'image/png') {
  const presigned = await c.post(`/api/guides/${guideId}/uploads`, { contentType, contentLength: bytes.length });
  expect(presigned.status).toBe(200);
  expect([200, 201, 204]).toContain(await postUpload(presigned.json, bytes, contentType));
  return presigned.json.key as string;
}

async function exists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: stack().bucketName, Key: key }));
    return true;
  } catch {
    return false;
  }
}

async function putObject(key: string, body: string | Buffer, contentType: string) {
  await s3().send(new PutObjectCommand({ Bucket: stack().bucketName, Key: key, Body: body, ContentType: contentType }));
}

const SCRIPT_SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';

describe('serving assets', () => {
  it('serves an SVG that reached the bucket as a download that cannot run script', async () => {
    await putObject('orgs/o1/guides/g1/evil.svg', SCRIPT_SVG, 'image/svg+xml');
    const response = await fetch(`${stack().url}/assets/orgs/o1/guides/g1/evil.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/octet-stream');
    expect(response.headers.get('content-disposition')).toBe('attachment');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the type of the key, never the type the upload claimed', async () => {
    await putObject('orgs/o1/guides/g1/page.png', '<html><script>alert(1)</script></html>', 'text/html');
    const response = await fetch(`${stack().url}/assets/orgs/o1/guides/g1/page.png`);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('content-disposition')).toBeNull();
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it.each([
    ['a PDF export', 'export.pdf', 'application/pdf', 'attachment'],
    ['a voiceover', 'voice.mp3', 'audio/mpeg', null],
    ['a narrated video', 'guide.mp4', 'video/mp4', null],
    ['an HTML export', 'guide.html', 'text/html; charset=utf-8', 'attachment'],
  ])('serves %s as %s', async (_what, name, type, disposition) => {
    await putObject(`orgs/o1/guides/g1/${name}`, 'bytes', 'text/html');
    const response = await fetch(`${stack().url}/assets/orgs/o1/guides/g1/${name}`);
    expect(response.headers.get('content-type')).toBe(type);
    expect(response.headers.get('content-disposition')).toBe(disposition);
  });

  it.each([
    ['/assets/%00', 404],
    ['/assets/orgs/%00/x.png', 404],
    ['/assets/%E0%A4%A', 404],
    ['/assets/orgs/../secret.png', 404],
    ['/assets/.hidden', 404],
  ])('answers %s with %s, never a 5xx', async (path, status) => {
    expect((await fetch(`${stack().url}${path}`)).status).toBe(status);
  });

  it('never serves a pending upload or a private guide\'s asset at /assets, even when it exists', async () => {
    await putObject('pending/orgs/o1/guides/g1/up.png', await pngImage(10, 10), 'image/png');
    await putObject('private/orgs/o1/guides/g1/shot.png', await pngImage(10, 10), 'image/png');
    expect((await fetch(`${stack().url}/assets/pending/orgs/o1/guides/g1/up.png`)).status).toBe(404);
    expect((await fetch(`${stack().url}/assets/private/orgs/o1/guides/g1/shot.png`)).status).toBe(404);
    expect((await fetch(`${stack().url}/assets/private%2Forgs/o1/guides/g1/shot.png`)).status).toBe(404);
  });
});

describe('uploads', () => {
  it('refuses a 256-megapixel PNG bomb with a clear error, without decoding it, and deletes it', async () => {
    const c = await author();
    const guide = await newGuide(c);
    const bomb = pngBomb(16_384);
    expect(bomb.length).toBeLessThan(100_000);
    const key = await upload(c, guide.id, bomb);
    const before = process.memoryUsage().rss;
    const response = await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: key });
    expect(response.status).toBe(422);
    expect(response.json.error.message).toMatch(/16384×16384 pixels; screenshots are limited to 40 megapixels/);
    // Decoding would have taken 256 MB.
    expect(process.memoryUsage().rss - before).toBeLessThan(128 * 1024 * 1024);
    expect(await exists(key)).toBe(false);
  });

  it('keeps an upload pending until a slide claims it; the lifecycle rule deletes unclaimed ones after a day', async () => {
    const c = await author();
    const guide = await newGuide(c);
    const claimed = await upload(c, guide.id, await pngImage(64, 40));
    const abandoned = await upload(c, guide.id, await pngImage(64, 41));
    expect(claimed.startsWith('pending/')).toBe(true);
    const slide = await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: claimed });
    expect(slide.status).toBe(201);
    expect(slide.json.screenshotKey).toBe(claimed.slice('pending/'.length));
    expect(await exists(claimed)).toBe(false);
    expect(await exists(slide.json.screenshotKey)).toBe(true);
    expect((await fetch(`${stack().url}${slide.json.screenshotUrl}`)).status).toBe(200);
    // Not yet a day old: kept.
    await expirePendingUploads(s3(), stack().bucketName);
    expect(await exists(abandoned)).toBe(true);
    await expirePendingUploads(s3(), stack().bucketName, Date.now() + 25 * 60 * 60 * 1000);
    expect(await exists(abandoned)).toBe(false);
    expect(await exists(slide.json.screenshotKey)).toBe(true);
  });
});

describe('a private guide', () => {
  it('made private before private assets had their own place is moved there by the migration job', async () => {
    const c = await author();
    await subscribe(c, stack().stripe);
    const guide = await newGuide(c);
    const key = await upload(c, guide.id, await pngImage(100, 60));
    const slide = (await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: key })).json;
    // As the table held it before: private, its objects still at the public keys.
    const { db } = await import('../../functions/db/service');
    await db().entities.guide.patch({ guideId: guide.id }).set({ visibility: 'private' }).go();
    expect((await fetch(`${stack().url}${slide.screenshotUrl}`)).status).toBe(200);
    const { movePrivateGuidesAssets } = await import('../../functions/jobs/private-assets');
    expect(await movePrivateGuidesAssets()).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${stack().url}${slide.screenshotUrl}`)).status).toBe(404);
    expect(await exists(`private/${slide.screenshotKey}`)).toBe(true);
    const detail = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect((await fetch(detail.slides[0]!.screenshotUrl!)).status).toBe(200);
    expect(await movePrivateGuidesAssets()).toBeGreaterThanOrEqual(1);
  });

  it("stops serving its assets and its preview at /assets, and gives members short-lived URLs", async () => {
    const c = await author();
    await subscribe(c, stack().stripe);
    const guide = await newGuide(c);
    for (const colour of [20, 120]) {
      const key = await upload(c, guide.id, await pngImage(320, 200, { r: colour, g: 30, b: 90 }));
      expect((await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: key })).status).toBe(201);
    }
    expect((await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
    const publicGuide = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    const publicUrl = publicGuide.slides[0]!.screenshotUrl!;
    const shared = (await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json;
    expect(shared.socialImageUrl).toMatch(/^\/assets\//);
    expect((await fetch(`${stack().url}${publicUrl}`)).status).toBe(200);
    expect((await fetch(`${stack().url}${shared.socialImageUrl}`)).status).toBe(200);

    expect((await c.request('PATCH', `/api/guides/${guide.id}`, { visibility: 'private' })).status).toBe(200);
    // Every URL it had stops working; its preview is gone.
    expect((await fetch(`${stack().url}${publicUrl}`)).status).toBe(404);
    expect((await fetch(`${stack().url}${shared.socialImageUrl}`)).status).toBe(404);
    // Not visible to anyone outside.
    expect((await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).status).toBe(404);
    // Members get presigned URLs of a quarter of an hour, which work, and /assets never serves them.
    const privateGuide = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    const signed = new URL(privateGuide.slides[0]!.screenshotUrl!);
    expect(signed.origin).toBe(new URL(stack().s3Endpoint).origin);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('900');
    const image = await fetch(signed);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    const asMember = (await c.get(`/api/share/${guide.id}`)).json;
    expect(asMember.socialImageUrl).toBeNull();
    expect(new URL(asMember.slides[1].screenshotUrl).searchParams.get('X-Amz-Signature')).toBeTruthy();
    expect((await fetch(`${stack().url}/assets/${privateGuide.slides[0]!.screenshotKey}`)).status).toBe(404);
    // A new slide of a private guide never gets a public URL either.
    const later = await upload(c, guide.id, await pngImage(320, 200, { r: 200, g: 30, b: 90 }));
    const added = (await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: later })).json;
    expect(added.screenshotUrl).toMatch(/X-Amz-Signature=/);
    expect((await fetch(`${stack().url}/assets/${added.screenshotKey}`)).status).toBe(404);

    // Public again: back at /assets.
    expect((await c.request('PATCH', `/api/guides/${guide.id}`, { visibility: 'public' })).status).toBe(200);
    expect((await fetch(`${stack().url}${publicUrl}`)).status).toBe(200);
  });
});
