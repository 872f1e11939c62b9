import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import { db } from '../../functions/db/service';
import { freePort } from '../../infra/local/ports';
import { ApiClient, signUp } from '../support/api-client';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';

// Stripe and S3 are pointed at ports where nothing listens, after the stack is up and before
// the functions first use them (their clients are made on first use).
const stack = useIsolatedStack();

beforeAll(async () => {
  process.env.STRIPE_API_URL = `http://127.0.0.1:${await freePort()}`;
  process.env.S3_ENDPOINT = `http://127.0.0.1:${await freePort()}`;
});

describe('when Stripe is down', () => {
  it('answers checkout with a clear 502 in the error shape, before its timeout, and records nothing', async () => {
    const client = new ApiClient(stack().url);
    const { user } = await signUp(client);
    const response = await client.post('/api/stripe/subscription/checkout-session');
    // The function's own answer: had it waited out its 20 s timeout, the platform would have
    // answered a bare 503 service_unavailable instead.
    expect(response.status).toBe(502);
    expect(ErrorBody.parse(response.json).error).toEqual({ code: 'upstream_failed', message: 'Payments are unavailable right now. Please try again in a minute.' });
    expect((await db().entities.subscription.get({ userId: user.id }).go()).data).toBeNull();
  });
});

describe('when S3 is down during an upload', () => {
  it('refuses the slide with a clear 503 and leaves the guide as it was', async () => {
    const client = new ApiClient(stack().url);
    await signUp(client);
    const guide = (await client.post('/api/guides', { title: 'Upload while S3 is down' })).json;
    const image = await pngImage(200, 100);
    // Signing needs no S3; the browser's upload then fails, and adding the slide finds S3 down.
    const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await expect(postUpload(upload, image, 'image/png')).rejects.toThrow();
    const response = await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: 'Click **Save**' });
    expect(response.status).toBe(503);
    expect(ErrorBody.parse(response.json).error.code).toBe('service_unavailable');
    const detail = (await client.get(`/api/guides/${guide.id}`)).json;
    expect(detail.slides).toHaveLength(0);
    expect(detail.slideCount).toBe(0);
  });
});

describe('when S3 is down during a redaction', () => {
  it('refuses it with a clear 503 and leaves the slide on its picture', async () => {
    const client = new ApiClient(stack().url);
    await signUp(client);
    const guide = (await client.post('/api/guides', { title: 'Redact while S3 is down' })).json;
    const { data: stored } = await db().entities.guide.get({ guideId: guide.id }).go();
    // A slide whose screenshot was stored while S3 was up (written directly: S3 is down for this file).
    const screenshotKey = `orgs/${stored!.orgId}/guides/${guide.id}/before.png`;
    await db().entities.slide.create({ guideId: guide.id, slideId: 'slide-1', orgId: stored!.orgId, order: 0, screenshotKey, width: 200, height: 100 }).go();
    const response = await client.post(`/api/guides/${guide.id}/slides/slide-1/redact`, { boxes: [{ x: 10, y: 10, width: 50, height: 20, style: 'solid' }] });
    expect(response.status).toBe(503);
    expect(ErrorBody.parse(response.json).error.code).toBe('service_unavailable');
    const { data: slide } = await db().entities.slide.get({ guideId: guide.id, slideId: 'slide-1' }).go();
    expect(slide?.screenshotKey).toBe(screenshotKey);
  });
});
