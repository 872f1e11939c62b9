import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import { effectiveHighlight, effectiveZoomLevel, type GuideDto } from '#shared/guides';
import { orderBetween } from '#shared/order';
import { ApiClient, signUp } from '../support/api-client';
import { jpegImage, pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';
import { objectExists } from '../support/storage';

const stack = useIsolatedStack();

async function author() {
  const client = new ApiClient(stack().url);
  await signUp(client);
  return client;
}

async function newGuide(c: ApiClient, title = 'Invoice a customer', folderId?: string) {
  const response = await c.post('/api/guides', { title, ...(folderId ? { folderId } : {}) });
  expect(response.status).toBe(201);
  return response.json as GuideDto;
}

/** Uploads an image and adds it as a slide; answers the slide. */
async function addScreenshotSlide(c: ApiClient, guideId: string, image: Buffer, contentType = 'image/png', extra: Record<string, unknown> = {}) {
  const upload = await c.post(`/api/guides/${guideId}/uploads`, { contentType, contentLength: image.length });
  expect(upload.status).toBe(200);
  expect([200, 201, 204]).toContain(await postUpload(upload.json, image, contentType));
  return c.post(`/api/guides/${guideId}/slides`, { screenshotKey: upload.json.key, text: 'Click **Save**', ...extra });
}

describe('guides', () => {
  it('creates a draft guide with a 12-character id and reads it back with its slides', async () => {
    const c = await author();
    const guide = await newGuide(c, '  Send an invoice  ');
    expect(guide.id).toMatch(/^[A-Za-z0-9]{12}$/);
    expect(guide).toMatchObject({ title: 'Send an invoice', status: 'draft', visibility: 'public', slideCount: 0, folderId: null, slides: [] });
    expect((await c.get(`/api/guides/${guide.id}`)).json.title).toBe('Send an invoice');
  });

  it('lists the recents most recently updated first, with a working cursor', async () => {
    const c = await author();
    const a = await newGuide(c, 'Alpha');
    const b = await newGuide(c, 'Beta');
    const g = await newGuide(c, 'Gamma');
    await c.request('PATCH', `/api/guides/${a.id}`, { title: 'Alpha (edited)' });
    const first = (await c.get('/api/guides?limit=2')).json;
    expect(first.items.map((i: { id: string }) => i.id)).toEqual([a.id, g.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await c.get(`/api/guides?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`)).json;
    expect(second.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
    expect((await c.get('/api/guides?cursor=not-a-cursor')).status).toBe(422);
  });

  it('searches titles case-insensitively', async () => {
    const c = await author();
    await newGuide(c, 'Export a REPORT');
    await newGuide(c, 'Invite a teammate');
    const found = (await c.get('/api/guides?q=report')).json.items;
    expect(found.map((i: { title: string }) => i.title)).toEqual(['Export a REPORT']);
  });

  it('refuses the fourth guide on the free plan with plan_limit, even when two race for the last place', async () => {
    const c = await author();
    await newGuide(c, 'One');
    await newGuide(c, 'Two');
    const [x, y] = await Promise.all([c.post('/api/guides', { title: 'Three' }), c.post('/api/guides', { title: 'Three too' })]);
    expect([x.status, y.status].sort()).toEqual([201, 402]);
    const refused = await c.post('/api/guides', { title: 'Four' });
    expect(refused.status).toBe(402);
    expect(ErrorBody.parse(refused.json).error.code).toBe('plan_limit');
    expect((await c.get('/api/guides')).json.items).toHaveLength(3);
    // Deleting one frees a place.
    const items = (await c.get('/api/guides')).json.items;
    expect((await c.request('DELETE', `/api/guides/${items[0].id}`)).status).toBe(204);
    expect((await c.post('/api/guides', { title: 'Four' })).status).toBe(201);
  });

  it('keeps private guides for Pro', async () => {
    const c = await author();
    const guide = await newGuide(c);
    const response = await c.request('PATCH', `/api/guides/${guide.id}`, { visibility: 'private' });
    expect(response.status).toBe(402);
    expect((await c.get(`/api/guides/${guide.id}`)).json.visibility).toBe('public');
  });

  it('updates title, defaults and status, and refuses fields it does not know', async () => {
    const c = await author();
    const guide = await newGuide(c);
    // A guide is published with a step to show.
    expect((await c.post(`/api/guides/${guide.id}/slides`, { text: 'Click **Save**' })).status).toBe(201);
    const updated = await c.request('PATCH', `/api/guides/${guide.id}`, { title: 'New title', zoomLevel: 2, isHighlightVisible: false, status: 'published' });
    expect(updated.json).toMatchObject({ title: 'New title', zoomLevel: 2, isHighlightVisible: false, status: 'published' });
    expect((await c.request('PATCH', `/api/guides/${guide.id}`, { orgId: 'other' })).status).toBe(422);
    expect((await c.request('PATCH', `/api/guides/${guide.id}`, { zoomLevel: 99 })).status).toBe(422);
  });
});

describe('slides and screenshots', () => {
  it('appends slides in order, moves one by the midpoint rule, and applies overrides of the right type', async () => {
    const c = await author();
    const guide = await newGuide(c);
    const ids = [];
    for (const text of ['one', 'two', 'three']) ids.push((await c.post(`/api/guides/${guide.id}/slides`, { text })).json.id);
    let detail = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(detail.slides.map((s) => [s.text, s.order])).toEqual([['one', 0], ['two', 1], ['three', 2]]);
    // Move "three" between "one" and "two".
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${ids[2]}`, { order: orderBetween(0, 1) });
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${ids[1]}`, { zoomLevel: 3, isHighlightVisible: false });
    detail = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(detail.slides.map((s) => s.text)).toEqual(['one', 'three', 'two']);
    const two = detail.slides.find((s) => s.text === 'two')!;
    expect(effectiveZoomLevel(two, detail)).toBe(3);
    expect(effectiveHighlight(two, detail)).toBe(false);
    const one = detail.slides.find((s) => s.text === 'one')!;
    expect(effectiveZoomLevel(one, detail)).toBe(detail.zoomLevel);
    // Clearing an override brings back the guide's default.
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${ids[1]}`, { zoomLevel: null });
    detail = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(detail.slides.find((s) => s.text === 'two')!.zoomLevel).toBeNull();
  });

  it('counts slides added in parallel, with their given orders, and keeps the first as the thumbnail', async () => {
    const c = await author();
    const guide = await newGuide(c);
    const images = await Promise.all([0, 1, 2, 3, 4].map((i) => pngImage(200, 120, { r: 40 * i, g: 10, b: 90 })));
    const uploads = await Promise.all(
      images.map(async (image) => {
        const upload = (await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
        await postUpload(upload, image, 'image/png');
        return upload.key as string;
      }),
    );
    const added = await Promise.all(uploads.map((key, order) => c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: key, order, text: `Step ${order + 1}` })));
    expect(added.map((r) => r.status)).toEqual([201, 201, 201, 201, 201]);
    const detail = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(detail.slideCount).toBe(5);
    expect(detail.slides.map((s) => s.text)).toEqual(['Step 1', 'Step 2', 'Step 3', 'Step 4', 'Step 5']);
    expect(detail.thumbnailUrl).toBe(detail.slides[0]!.screenshotUrl);
  });

  it('renumbers the slides when repeated moves exhaust the gap', async () => {
    const c = await author();
    const guide = await newGuide(c);
    const a = (await c.post(`/api/guides/${guide.id}/slides`, { text: 'a' })).json;
    const b = (await c.post(`/api/guides/${guide.id}/slides`, { text: 'b' })).json;
    const moving = (await c.post(`/api/guides/${guide.id}/slides`, { text: 'm' })).json;
    let low = a.order;
    const high = b.order;
    for (let i = 0; i < 60; i++) {
      const next = orderBetween(low, high);
      await c.request('PATCH', `/api/guides/${guide.id}/slides/${moving.id}`, { order: next });
      const slides = (await c.get(`/api/guides/${guide.id}`)).json.slides as Array<{ id: string; order: number }>;
      const orders = slides.map((s) => s.order);
      for (let j = 1; j < orders.length; j++) expect(orders[j]!).toBeGreaterThan(orders[j - 1]!);
      low = slides.find((s) => s.id === moving.id)!.order;
      if (Number.isInteger(low)) break;
    }
    const final = (await c.get(`/api/guides/${guide.id}`)).json.slides.map((s: { text: string }) => s.text);
    expect(final).toEqual(['a', 'm', 'b']);
  });

  it('uploads a screenshot by presigned POST, records its size, and serves it with nosniff', async () => {
    const c = await author();
    const guide = await newGuide(c);
    const slide = await addScreenshotSlide(c, guide.id, await pngImage(1280, 800), 'image/png', { click: { x: 640, y: 400 } });
    expect(slide.status).toBe(201);
    expect(slide.json).toMatchObject({ width: 1280, height: 800, click: { x: 640, y: 400 } });
    expect(slide.json.screenshotUrl).toMatch(/^\/assets\/orgs\//);
    const asset = await fetch(`${stack().url}${slide.json.screenshotUrl}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('image/png');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    const detail = (await c.get(`/api/guides/${guide.id}`)).json;
    expect(detail.slideCount).toBe(1);
    expect(detail.thumbnailUrl).toBe(slide.json.screenshotUrl);
  });

  it('signs a policy that limits size, type, key and time', async () => {
    const c = await author();
    const guide = await newGuide(c);
    const upload = (await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/webp', contentLength: 5000 })).json;
    const policy = JSON.parse(Buffer.from(upload.fields.Policy, 'base64').toString());
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 5000],
        ['eq', '$Content-Type', 'image/webp'],
        { key: upload.key },
      ]),
    );
    // Under the pending prefix: never served, and gone after a day unless a slide claims it.
    expect(upload.key).toMatch(new RegExp(`^pending/orgs/[^/]+/guides/${guide.id}/[A-Za-z0-9_-]+\\.webp$`));
    const expiresIn = new Date(policy.expiration).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60 * 1000);
  });

  it.each([
    ['an SVG', 'image/svg+xml', 422],
    ['a GIF', 'image/gif', 422],
    ['more than 10 MB', 'image/png', 422, 10 * 1024 * 1024 + 1],
  ])('refuses to sign an upload of %s', async (_, contentType, status, contentLength = 1000) => {
    const c = await author();
    const guide = await newGuide(c);
    expect((await c.post(`/api/guides/${guide.id}/uploads`, { contentType, contentLength })).status).toBe(status);
  });

  const abuses: Array<[string, () => Promise<Buffer>, string]> = [
    ['HTML saved as .png', async () => Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/png'],
    ['an SVG sent as PNG', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/png'],
    ['a JPEG declared as PNG', () => jpegImage(), 'image/png'],
    ['a truncated PNG', async () => (await pngImage(200, 200)).subarray(0, 40), 'image/png'],
    ['more than 10 MB (the emulator ignores the policy)', async () => Buffer.concat([await pngImage(10, 10), Buffer.alloc(10 * 1024 * 1024 + 10)]), 'image/png'],
  ];

  it.each(abuses)('deletes and refuses an upload of %s', async (_, make, contentType) => {
    const c = await author();
    const guide = await newGuide(c);
    const body = await make();
    const upload = (await c.post(`/api/guides/${guide.id}/uploads`, { contentType, contentLength: Math.min(body.length, 10 * 1024 * 1024) })).json;
    await postUpload(upload, body, contentType);
    const response = await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key });
    expect(response.status).toBe(422);
    expect(ErrorBody.parse(response.json).error.code).toBe('validation_failed');
    expect(await objectExists(stack(), upload.key)).toBe(false);
    expect((await c.get(`/api/guides/${guide.id}`)).json.slides).toHaveLength(0);
  });

  it('refuses a screenshot key of another guide', async () => {
    const c = await author();
    const mine = await newGuide(c, 'Mine');
    const other = await newGuide(c, 'Other');
    const image = await pngImage(100, 100);
    const upload = (await c.post(`/api/guides/${other.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    expect((await c.post(`/api/guides/${mine.id}/slides`, { screenshotKey: upload.key })).status).toBe(404);
  });

  it('deletes a slide with its screenshot, and a guide with all of its assets', async () => {
    const c = await author();
    const guide = await newGuide(c);
    const first = (await addScreenshotSlide(c, guide.id, await pngImage(300, 200))).json;
    const second = (await addScreenshotSlide(c, guide.id, await pngImage(300, 200, { r: 1, g: 2, b: 3 }))).json;
    expect((await c.request('DELETE', `/api/guides/${guide.id}/slides/${first.id}`)).status).toBe(204);
    expect(await objectExists(stack(), first.screenshotKey)).toBe(false);
    expect((await c.get(`/api/guides/${guide.id}`)).json.thumbnailUrl).toBe(second.screenshotUrl);
    expect((await c.request('DELETE', `/api/guides/${guide.id}`)).status).toBe(204);
    expect(await objectExists(stack(), second.screenshotKey)).toBe(false);
    expect((await c.get(`/api/guides/${guide.id}`)).status).toBe(404);
  });

  it('duplicates a guide with copies of its screenshots', async () => {
    const c = await author();
    const guide = await newGuide(c, 'Original');
    await addScreenshotSlide(c, guide.id, await pngImage(320, 200));
    const copy = await c.post(`/api/guides/${guide.id}/duplicate`);
    expect(copy.status).toBe(201);
    expect(copy.json).toMatchObject({ title: 'Original (copy)', status: 'draft', slideCount: 1 });
    expect(copy.json.slides[0].screenshotKey).toContain(`/guides/${copy.json.id}/`);
    await c.request('DELETE', `/api/guides/${guide.id}`);
    expect((await fetch(`${stack().url}${copy.json.slides[0].screenshotUrl}`)).status).toBe(200);
  });
});

describe('folders', () => {
  it('lists a folder\'s guides, moves guides in, and on delete moves them to no folder', async () => {
    const c = await author();
    const folder = (await c.post('/api/folders', { name: 'Billing' })).json;
    expect((await c.get('/api/folders')).json.map((f: { name: string }) => f.name)).toEqual(['Billing']);
    const inFolder = await newGuide(c, 'In folder', folder.id);
    const moved = await newGuide(c, 'Moved');
    await newGuide(c, 'Loose');
    await c.request('PATCH', `/api/guides/${moved.id}`, { folderId: folder.id });
    const listed = (await c.get(`/api/guides?folderId=${folder.id}`)).json.items.map((i: { title: string }) => i.title);
    expect(listed).toEqual(['Moved', 'In folder']);
    expect((await c.request('PATCH', `/api/folders/${folder.id}`, { name: 'Invoices' })).json.name).toBe('Invoices');
    expect((await c.request('DELETE', `/api/folders/${folder.id}`)).status).toBe(204);
    expect((await c.get(`/api/guides/${inFolder.id}`)).json.folderId).toBeNull();
    expect((await c.get(`/api/guides?folderId=${folder.id}`)).status).toBe(404);
  });
});

describe('tenancy: another organisation\'s ids reach nothing', () => {
  let owner: ApiClient;
  let stranger: ApiClient;
  let guide: GuideDto;
  let slideId: string;
  let folderId: string;

  beforeAll(async () => {
    owner = await author();
    stranger = await author();
    folderId = (await owner.post('/api/folders', { name: 'Secret' })).json.id;
    guide = await newGuide(owner, 'Secret guide', folderId);
    slideId = (await addScreenshotSlide(owner, guide.id, await pngImage(200, 100))).json.id;
  });

  const routes: Array<[string, () => [string, string, unknown?]]> = [
    ['read a guide', () => ['GET', `/api/guides/${guide.id}`]],
    ['update a guide', () => ['PATCH', `/api/guides/${guide.id}`, { title: 'Pwned' }]],
    ['delete a guide', () => ['DELETE', `/api/guides/${guide.id}`]],
    ['duplicate a guide', () => ['POST', `/api/guides/${guide.id}/duplicate`, {}]],
    ['add a slide', () => ['POST', `/api/guides/${guide.id}/slides`, { text: 'x' }]],
    ['update (reorder) a slide', () => ['PATCH', `/api/guides/${guide.id}/slides/${slideId}`, { order: 5 }]],
    ['delete a slide', () => ['DELETE', `/api/guides/${guide.id}/slides/${slideId}`]],
    ['redact a slide', () => ['POST', `/api/guides/${guide.id}/slides/${slideId}/redact`, { boxes: [{ x: 1, y: 1, width: 10, height: 10, style: 'solid' }] }]],
    ['sign an upload', () => ['POST', `/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: 100 }]],
    ['list a folder', () => ['GET', `/api/guides?folderId=${folderId}`]],
    ['rename a folder', () => ['PATCH', `/api/folders/${folderId}`, { name: 'Pwned' }]],
    ['delete a folder', () => ['DELETE', `/api/folders/${folderId}`]],
    ['create a guide in the folder', () => ['POST', '/api/guides', { title: 'x', folderId }]],
  ];

  it.each(routes)('%s → 404', async (_, route) => {
    const [method, path, body] = route();
    const response = await stranger.request(method, path, body);
    expect(response.status).toBe(404);
    expect(ErrorBody.parse(response.json).error.code).toBe('not_found');
  });

  it('moving one\'s own guide into a foreign folder → 404', async () => {
    const mine = await newGuide(stranger, 'Mine');
    expect((await stranger.request('PATCH', `/api/guides/${mine.id}`, { folderId })).status).toBe(404);
  });

  it('leaves everything as it was', async () => {
    const detail = (await owner.get(`/api/guides/${guide.id}`)).json;
    expect(detail).toMatchObject({ title: 'Secret guide', folderId, slideCount: 1 });
    expect((await owner.get('/api/folders')).json.map((f: { name: string }) => f.name)).toEqual(['Secret']);
  });

  it('the API refuses a signed-out caller', async () => {
    expect((await new ApiClient(stack().url).get('/api/guides')).status).toBe(401);
  });
});
