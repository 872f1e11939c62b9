import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOWN_BRAND, MAX_LOGO_BYTES } from '#shared/brand-look';
import { contrastRatio } from '#shared/brand-contrast';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { sharePath } from '#shared/share/link';
import { db } from '../../functions/db/service';
import { ApiClient, signUp } from '../support/api-client';
import sharp from 'sharp';
import { jpegImage, pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';
import { activeOrgId, join, makePro } from '../support/team';

/**
 * The organisation's brand (issue 32): GET and PUT /api/brand, its logo upload, and the brand in
 * the share answer. Against the real table, bucket and local CloudFront stand-in.
 */
const stack = useIsolatedStack();

const BRAND = { logoKey: null, primaryColor: '#0f766e', accentColor: '#b91c1c', font: 'serif', showBadge: false } as const;

async function owner(opts: { pro?: boolean } = {}) {
  const client = new ApiClient(stack().url);
  const { user, email } = await signUp(client);
  if (opts.pro) await makePro(user.id);
  return { client, userId: user.id, email };
}

async function publishedGuide(client: ApiClient, title = 'Branded guide') {
  const guide = (await client.post('/api/guides', { title })).json as { id: string };
  const image = await pngImage(320, 200);
  const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
  await postUpload(upload, image, 'image/png');
  await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: 'Step 1' });
  expect((await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
  return guide;
}

async function uploadLogo(client: ApiClient, bytes: Uint8Array, contentType: string, declared = contentType) {
  const upload = await client.post('/api/brand/logo-uploads', { contentType: declared, contentLength: bytes.length });
  expect(upload.status, upload.text).toBe(200);
  expect(await postUpload(upload.json, bytes, declared)).toBeLessThan(300);
  return upload.json.key as string;
}

const storedBrand = async (orgId: string) => (await db().entities.organization.get({ orgId }).go({ attributes: ['brand'] })).data?.brand;

describe('GET and PUT /api/brand', () => {
  it('answers a free organisation Stepcast\'s look, not applied, and refuses its PUT with plan_limit, changing nothing', async () => {
    const { client } = await owner();
    const got = await client.get('/api/brand');
    expect(got.status).toBe(200);
    expect(got.json).toMatchObject({ primaryColor: '#4338ca', showBadge: true, logoKey: null, logoUrl: null, applied: false });
    const put = await client.request('PUT', '/api/brand', BRAND);
    expect(put.status).toBe(402);
    expect(put.json.error.code).toBe('plan_limit');
    expect(put.json.error.message).toMatch(/Pro/);
    const logo = await client.post('/api/brand/logo-uploads', { contentType: 'image/png', contentLength: 100 });
    expect(logo.status).toBe(402);
    expect(await storedBrand(await activeOrgId(client))).toBeUndefined();
  });

  it('round-trips a Pro organisation\'s brand and lowercases its colours', async () => {
    const { client } = await owner({ pro: true });
    const put = await client.request('PUT', '/api/brand', { ...BRAND, primaryColor: '#0F766E' });
    expect(put.status, put.text).toBe(200);
    expect(put.json).toEqual({ ...BRAND, logoUrl: null, applied: true });
    expect((await client.get('/api/brand')).json).toEqual({ ...BRAND, logoUrl: null, applied: true });
  });

  it('refuses a colour without AA contrast against the white text it carries, naming a darker shade that passes', async () => {
    const { client } = await owner({ pro: true });
    expect((await client.request('PUT', '/api/brand', BRAND)).status).toBe(200);
    const put = await client.request('PUT', '/api/brand', { ...BRAND, primaryColor: '#facc15' });
    expect(put.status).toBe(422);
    expect(put.json.error.code).toBe('validation_failed');
    const suggestion = put.json.error.details.primaryColorSuggestion as string;
    expect(suggestion).toMatch(/^#[0-9a-f]{6}$/);
    expect(contrastRatio(suggestion, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(put.json.error.message).toContain('#facc15');
    expect(put.json.error.message).toContain(`Try ${suggestion}`);
    expect(put.json.error.details.primaryColor).toMatch(/4\.5:1/);
    expect(put.json.error.details.accentColor).toBeUndefined();
    // and the suggestion is accepted as it is
    expect((await client.request('PUT', '/api/brand', { ...BRAND, primaryColor: suggestion })).status).toBe(200);
  });

  it.each([
    ['a colour that is not #rrggbb', { primaryColor: 'teal' }, 'primaryColor'],
    ['a short colour', { accentColor: '#fff' }, 'accentColor'],
    ['a font that is not one of the stacks', { font: 'Comic Sans' }, 'font'],
    ['a missing field', { showBadge: undefined }, 'showBadge'],
    ['an unknown field', { logoUrl: 'https://evil.example/x.png' }, ''],
  ])('refuses %s with validation_failed, changing nothing', async (_name, change, field) => {
    const { client } = await owner({ pro: true });
    expect((await client.request('PUT', '/api/brand', BRAND)).status).toBe(200);
    const orgId = await activeOrgId(client);
    const before = await storedBrand(orgId);
    const put = await client.request('PUT', '/api/brand', { ...BRAND, ...change });
    expect(put.status).toBe(422);
    expect(put.json.error.code).toBe('validation_failed');
    if (field) expect(Object.keys(put.json.error.details)).toContain(field);
    expect(await storedBrand(orgId)).toEqual(before);
  });

  it('lets a member read the brand but not change it', async () => {
    const { client: ownerClient } = await owner({ pro: true });
    expect((await ownerClient.request('PUT', '/api/brand', BRAND)).status).toBe(200);
    const member = new ApiClient(stack().url);
    const { email } = await signUp(member, { mailApiUrl: stack().mailApiUrl });
    await join(stack().mailApiUrl, ownerClient, await activeOrgId(ownerClient), { client: member, email }, 'member');
    expect((await member.get('/api/brand')).json).toMatchObject({ primaryColor: BRAND.primaryColor, applied: true });
    const put = await member.request('PUT', '/api/brand', { ...BRAND, primaryColor: '#1d4ed8' });
    expect(put.status).toBe(403);
    expect(put.json.error.code).toBe('forbidden');
    expect((await member.post('/api/brand/logo-uploads', { contentType: 'image/png', contentLength: 100 })).status).toBe(403);
    expect((await ownerClient.get('/api/brand')).json.primaryColor).toBe(BRAND.primaryColor);
  });
});

describe('the logo', () => {
  it('is uploaded like a screenshot, checked, kept by its content and served as an image', async () => {
    const { client } = await owner({ pro: true });
    const logo = await pngImage(200, 80, { r: 15, g: 118, b: 110 });
    const key = await uploadLogo(client, logo, 'image/png');
    expect(key).toMatch(/^pending\/orgs\/[^/]+\/brand\/[^/]+\.png$/);
    const put = await client.request('PUT', '/api/brand', { ...BRAND, logoKey: key });
    expect(put.status, put.text).toBe(200);
    expect(put.json.logoKey).toMatch(/^orgs\/[^/]+\/brand\/[^/]+\.png$/);
    const served = await fetch(`${stack().url}${put.json.logoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(logo)).toBe(true);
    // saving again with the logo it names keeps it
    const again = await client.request('PUT', '/api/brand', { ...BRAND, logoKey: put.json.logoKey, showBadge: true });
    expect(again.status, again.text).toBe(200);
    expect(again.json.logoUrl).toBe(put.json.logoUrl);
  });

  it.each([
    ['SVG, which can carry script', { contentType: 'image/svg+xml', contentLength: 300 }, 'contentType'],
    ['a file over 1 MB', { contentType: 'image/png', contentLength: MAX_LOGO_BYTES + 1 }, 'contentLength'],
  ])('refuses an upload of %s before it is sent', async (_name, body, field) => {
    const { client } = await owner({ pro: true });
    const upload = await client.post('/api/brand/logo-uploads', body);
    expect(upload.status).toBe(422);
    expect(Object.keys(upload.json.error.details)).toContain(field);
  });

  it.each([
    ['bytes that are not an image', async () => ({ bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), type: 'image/png' }), /not a PNG, JPEG or WebP/],
    ['a JPEG uploaded as a PNG', async () => ({ bytes: await jpegImage(100, 100), type: 'image/png' }), /not the image type/],
    ['an image over 2048 pixels a side', async () => ({ bytes: await pngImage(2100, 40), type: 'image/png' }), /limited to 2048 pixels/],
    ['an image too small to see', async () => ({ bytes: await pngImage(8, 8), type: 'image/png' }), /at least 16 pixels/],
  ])('refuses %s when the brand is saved, deletes it and changes nothing', async (_name, make, message) => {
    const { client } = await owner({ pro: true });
    expect((await client.request('PUT', '/api/brand', BRAND)).status).toBe(200);
    const orgId = await activeOrgId(client);
    const { bytes, type } = await make();
    const key = await uploadLogo(client, bytes, type);
    const put = await client.request('PUT', '/api/brand', { ...BRAND, logoKey: key });
    expect(put.status).toBe(422);
    expect(put.json.error.code).toBe('validation_failed');
    expect(put.json.error.message).toMatch(message);
    expect(Object.keys(put.json.error.details)).toEqual(['logoKey']);
    expect(await storedBrand(orgId)).toEqual(BRAND);
    // the refused upload is gone: naming it again finds nothing
    const retry = await client.request('PUT', '/api/brand', { ...BRAND, logoKey: key });
    expect(retry.json.error.message).toMatch(/not uploaded/);
  });

  it("refuses another organisation's upload and any key that is not a pending logo", async () => {
    const { client: other } = await owner({ pro: true });
    const theirs = await uploadLogo(other, await pngImage(64, 64), 'image/png');
    const { client } = await owner({ pro: true });
    for (const logoKey of [theirs, 'orgs/x/guides/y/shot.png', '../../etc/passwd']) {
      const put = await client.request('PUT', '/api/brand', { ...BRAND, logoKey });
      expect(put.status, logoKey).toBe(422);
      expect(put.json.error.details.logoKey).toBeDefined();
    }
    // theirs is still theirs to use
    expect((await other.request('PUT', '/api/brand', { ...BRAND, logoKey: theirs })).status).toBe(200);
  });
});

describe('the brand in the share answer', () => {
  const anonymous = () => new ApiClient(stack().url);

  it("carries Stepcast's brand for a free organisation, whatever it stored", async () => {
    const { client } = await owner();
    const guide = await publishedGuide(client);
    await db().entities.organization.patch({ orgId: await activeOrgId(client) }).set({ brand: BRAND }).go();
    const shared = (await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    expect(shared.brand).toEqual(DEFAULT_SHOWN_BRAND);
  });

  it("carries a Pro organisation's brand with its logo's URL, clears CloudFront's copies when it changes, and falls back when Pro lapses", async () => {
    const { client, userId } = await owner({ pro: true });
    const guide = await publishedGuide(client);
    expect(((await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto).brand).toEqual(DEFAULT_SHOWN_BRAND);
    const key = await uploadLogo(client, await pngImage(120, 40), 'image/png');
    stack().server.cdnInvalidations.length = 0;
    const put = await client.request('PUT', '/api/brand', { ...BRAND, logoKey: key });
    expect(put.status, put.text).toBe(200);
    expect(stack().server.cdnInvalidations).toEqual(expect.arrayContaining([`/api/share/${guide.id}*`]));
    const shared = (await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    expect(shared.brand).toEqual({ primaryColor: BRAND.primaryColor, accentColor: BRAND.accentColor, font: 'serif', showBadge: false, logoUrl: put.json.logoUrl });

    await db().entities.subscription.patch({ userId }).set({ status: 'canceled' }).go();
    // A plan that ends clears the share answers (billing.ts); each instance reads the plan again within a minute.
    const { Brand } = await import('../../functions/domain/brand');
    expect(await Brand.shown(await activeOrgId(client), Date.now() + 61_000)).toEqual(DEFAULT_SHOWN_BRAND);
  });
});

describe('the brand on the social image and the edge frame', () => {
  it("draws a Pro organisation's social preview in its primary colour with its logo, and sets its colours on the share page's root", async () => {
    const { client } = await owner({ pro: true });
    const key = await uploadLogo(client, await pngImage(160, 64, { r: 249, g: 115, b: 22 }), 'image/png');
    expect((await client.request('PUT', '/api/brand', { ...BRAND, logoKey: key })).status).toBe(200);
    const guide = await publishedGuide(client, 'Branded preview');
    const shared = (await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    const image = await sharp(Buffer.from(await (await fetch(`${stack().url}${shared.socialImageUrl}`)).arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...image.data.subarray((y * image.info.width + x) * image.info.channels, (y * image.info.width + x) * image.info.channels + 3)];
    // the glow starts at the primary (#0f766e) in the top left corner
    expect(pixel(2, 2)).toEqual([0x0f, 0x76, 0x6e]);
    // the logo on its plate over the screenshot's corner (48 margin, 16 inset, 12 padding)
    expect(pixel(48 + 16 + 12 + 20, 48 + 16 + 12 + 20)).toEqual([249, 115, 22]);

    const html = await (await fetch(`${stack().url}${sharePath({ id: guide.id, title: 'Branded preview' })}`)).text();
    expect(html).toContain(shared.socialImageUrl!);
    const root = /<div id="root" data-server-frame style="([^"]*)"/.exec(html);
    expect(root?.[1]).toContain('--brand-primary:#0f766e');
    expect(root?.[1]).toContain('--brand-accent:#b91c1c');
    expect(root?.[1]).toContain('--brand-font:Charter');
  });

  it('redraws the social previews of the guides already published when the brand changes, without a publish', async () => {
    const { client } = await owner({ pro: true });
    const guide = await publishedGuide(client, 'Published before the brand');
    const drawn = async () => {
      const shared = (await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json as SharedGuideDto;
      const image = await sharp(Buffer.from(await (await fetch(`${stack().url}${shared.socialImageUrl}`)).arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
      return { url: shared.socialImageUrl, corner: [...image.data.subarray(2 * image.info.width * image.info.channels + 2 * image.info.channels, 2 * image.info.width * image.info.channels + 2 * image.info.channels + 3)] };
    };
    const before = await drawn();
    expect(before.corner).not.toEqual([0x0f, 0x76, 0x6e]);
    expect((await client.request('PUT', '/api/brand', BRAND)).status).toBe(200);
    const after = await drawn();
    expect(after.url).not.toBe(before.url);
    expect(after.corner).toEqual([0x0f, 0x76, 0x6e]);
    // Back to Stepcast's look: the preview follows again.
    expect((await client.request('PUT', '/api/brand', { ...BRAND, primaryColor: '#4338ca' })).status).toBe(200);
    expect((await drawn()).corner).toEqual([0x43, 0x38, 0xca]);
  });
});
