import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import { buildFinderScript, FINDER_MODULE, finderModule } from '../../extension/build-finder';
import { GuideMeDto } from '#shared/guide-me-contracts';
import { SharedGuideDto } from '#shared/share/shared-guide';
import type { LocatorCandidate } from '#shared/locator';
import type * as Locate from '../../extension/src/content/guide-me/locate';
import { db } from '../../functions/db/service';
import { ApiClient, signUp } from '../support/api-client';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();
const anonymous = () => new ApiClient(stack().url);

const CAPTURES = [
  { action: 'click', element: { tag: 'a', role: 'link', name: 'New contact', testId: 'new-contact', cssPath: 'html > body > main > a' }, page: { title: 'Contacts', url: 'https://crm.example.com/', viewportWidth: 1280 } },
  // A covered field: found by its structure only, never by what it shows.
  { action: 'type', element: { tag: 'input', role: 'textbox', name: 'Card 4242', text: 'Card 4242', redacted: true, cssPath: '#card' }, page: { title: 'Pay', url: 'https://crm.example.com/pay', viewportWidth: 1280 } },
] as const;

async function authorWithCapturedGuide(options: { publish?: boolean } = {}) {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  const guide = (await client.post('/api/guides', { title: 'Add a contact' })).json as { id: string };
  for (const [i, capture] of CAPTURES.entries()) {
    const image = await pngImage(1280, 800);
    const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: `Step **${i + 1}**`, narration: `Say ${i + 1}`, click: { x: 100, y: 50 }, capture });
  }
  // A slide made from an uploaded image: nothing to find, no page.
  const image = await pngImage(640, 400);
  const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
  await postUpload(upload, image, 'image/png');
  await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: 'The end' });
  if (options.publish !== false) await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
  return { client, guide, userId: user.id };
}

describe('GET /api/share/{id}/guide-me', () => {
  it('answers each step’s page, action and locator candidates, strongest first, to anyone for a public guide', async () => {
    const { guide } = await authorWithCapturedGuide();
    const response = await anonymous().get(`/api/share/${guide.id}/guide-me`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const body = GuideMeDto.parse(response.json);
    expect(body.title).toBe('Add a contact');
    expect(body.steps.map((s) => [s.action, s.pageUrl])).toEqual([
      ['click', 'https://crm.example.com/'],
      ['type', 'https://crm.example.com/pay'],
      [null, null],
    ]);
    expect(body.steps[0]!.locators).toEqual([
      { strategy: 'role', role: 'link', name: 'New contact' },
      { strategy: 'testId', value: 'new-contact' },
      { strategy: 'css', value: 'html > body > main > a' },
    ]);
    expect(body.steps[0]).toMatchObject({ text: 'Step **1**', viewportWidth: 1280, click: { x: 100, y: 50 } });
    expect(body.steps[0]!.screenshotUrl).toMatch(/^\/assets\//);
    expect(body.steps[1]!.locators).toEqual([{ strategy: 'css', value: '#card' }]);
    expect(JSON.stringify(body)).not.toContain('4242');
    expect(body.steps[2]!.locators).toEqual([]);
  });

  it('never answers what a redacted element showed (an SSN in its label, placeholder, test id or name), nor a page’s query or fragment, and stores the page bare', async () => {
    const client = new ApiClient(stack().url);
    await signUp(client);
    const guide = (await client.post('/api/guides', { title: 'Pay' })).json as { id: string };
    const ssn = '078-05-1120';
    const capture = {
      action: 'type',
      element: { tag: 'input', role: 'textbox', name: `SSN ${ssn}`, label: ssn, placeholder: ssn, testId: `ssn-${ssn}`, fieldName: ssn, redacted: true, cssPath: '#ssn' },
      page: { title: 'Pay', url: 'https://crm.example.com/pay?token=SECRET123&user=42#frag', viewportWidth: 1280 },
    };
    const image = await pngImage(1280, 800);
    const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    const slide = await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: 'Type your number', click: { x: 100, y: 50 }, capture });
    expect(slide.status).toBe(201);
    // A slide stored before the API kept URLs bare: served bare all the same.
    const { data: stored } = await db().entities.slide.query.byGuide({ guideId: guide.id }).go();
    expect((stored[0]!.capture as { page: { url: string } }).page.url).toBe('https://crm.example.com/pay');
    await db().entities.slide.patch({ guideId: guide.id, slideId: stored[0]!.slideId }).set({ capture }).go();
    expect((await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);

    const body = GuideMeDto.parse((await anonymous().get(`/api/share/${guide.id}/guide-me`)).json);
    expect(body.steps[0]!.pageUrl).toBe('https://crm.example.com/pay');
    expect(body.steps[0]!.locators).toEqual([{ strategy: 'css', value: '#ssn' }]);
    const text = JSON.stringify(body);
    for (const secret of ['1120', 'SECRET123', 'token', 'frag', 'user=42']) expect(text).not.toContain(secret);
  });

  it('drops the words of an element whose screenshot area the author later redacted, from the published guide too', async () => {
    const client = new ApiClient(stack().url);
    await signUp(client);
    const guide = (await client.post('/api/guides', { title: 'Pay a supplier' })).json as { id: string };
    const image = await pngImage(1280, 800);
    const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    const capture = { action: 'click', element: { tag: 'button', role: 'button', name: 'Pay Jane Doe', testId: 'pay', cssPath: 'main > button' }, page: { title: 'Pay', url: 'https://crm.example.com/pay', viewportWidth: 1280 } };
    const slide = (await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: 'Click **Pay**', click: { x: 100, y: 50 }, capture })).json as { id: string };
    expect((await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
    const before = GuideMeDto.parse((await anonymous().get(`/api/share/${guide.id}/guide-me`)).json);
    expect(before.steps[0]!.locators[0]).toEqual({ strategy: 'role', role: 'button', name: 'Pay Jane Doe' });

    // The author blurs the button's name on the screenshot.
    const redacted = await client.post(`/api/guides/${guide.id}/slides/${slide.id}/redact`, { boxes: [{ x: 40, y: 30, width: 140, height: 40, style: 'blur' }] });
    expect(redacted.status).toBe(200);
    const after = GuideMeDto.parse((await anonymous().get(`/api/share/${guide.id}/guide-me`)).json);
    expect(after.steps[0]!.locators).toEqual([
      { strategy: 'testId', value: 'pay' },
      { strategy: 'css', value: 'main > button' },
    ]);
    expect(JSON.stringify(after)).not.toContain('Jane');
    // Nothing to publish: the picture the version shows was redacted with the draft's.
    expect(((await client.get(`/api/guides/${guide.id}`)).json as { hasUnpublishedChanges: boolean }).hasUnpublishedChanges).toBe(false);
  });

  it('finds neither a draft nor a private guide for a stranger (the share page’s 404); members walk private guides', async () => {
    const draft = await authorWithCapturedGuide({ publish: false });
    const priv = await authorWithCapturedGuide();
    await db().entities.subscription.put({ userId: priv.userId, stripeCustomerId: `cus_${priv.userId}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
    expect((await priv.client.request('PATCH', `/api/guides/${priv.guide.id}`, { visibility: 'private' })).status).toBe(200);
    const stranger = new ApiClient(stack().url);
    await signUp(stranger);
    for (const answer of [await anonymous().get(`/api/share/${draft.guide.id}/guide-me`), await anonymous().get(`/api/share/${priv.guide.id}/guide-me`), await stranger.get(`/api/share/${priv.guide.id}/guide-me`)]) {
      expect(answer.status).toBe(404);
      expect(ErrorBody.parse(answer.json).error.code).toBe('not_found');
    }
    const member = await priv.client.get(`/api/share/${priv.guide.id}/guide-me`);
    expect(member.status).toBe(200);
    expect(GuideMeDto.parse(member.json).steps).toHaveLength(3);
  });

  it('is not offered for a guide made from uploaded pictures: the share answer says so and guide-me answers 409', async () => {
    const client = new ApiClient(stack().url);
    await signUp(client);
    const guide = (await client.post('/api/guides', { title: 'Pictures only' })).json as { id: string };
    for (const text of ['One', 'Two']) {
      const image = await pngImage(640, 400);
      const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
      await postUpload(upload, image, 'image/png');
      await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text });
    }
    expect((await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
    expect(SharedGuideDto.parse((await anonymous().get(`/api/share/${guide.id}`)).json).guideMe).toBe(false);
    const answer = await anonymous().get(`/api/share/${guide.id}/guide-me`);
    expect(answer.status).toBe(409);
    expect(ErrorBody.parse(answer.json).error).toEqual({ code: 'conflict', message: 'This guide was made from pictures, not captured in an app, so there is no app to guide you through. Its steps are on this page.' });

    const captured = await authorWithCapturedGuide();
    expect(SharedGuideDto.parse((await anonymous().get(`/api/share/${captured.guide.id}`)).json).guideMe).toBe(true);
  });

  it('refuses an id that is not a guide id with the one error shape', async () => {
    const answer = await anonymous().get('/api/share/not!an!id/guide-me');
    expect(answer.status).toBe(422);
    expect(ErrorBody.safeParse(answer.json).success).toBe(true);
  });
});

/** The overlay's element finder, bundled as the extension bundles it, in real Chromium. */
describe('finding a step’s element in the viewer’s page', () => {
  let browser: Browser;
  let page: Page;
  let script: string;

  beforeAll(async () => {
    const result = await build({
      entryPoints: [path.resolve(import.meta.dirname, '../../extension/src/content/guide-me/locate.ts')],
      bundle: true,
      write: false,
      format: 'iife',
      globalName: 'stepcastLocate',
      target: 'chrome120',
    });
    script = result.outputFiles[0]!.text;
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    page = await browser.newPage({ viewport: { width: 1000, height: 700 } });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function find(html: string, candidates: LocatorCandidate[], near: { x: number; y: number } | null = null) {
    await page.setContent(`<!doctype html><html><body>${html}</body></html>`);
    await page.addScriptTag({ content: script });
    return page.evaluate(
      ({ candidates, near }) => {
        const found = (window as unknown as { stepcastLocate: typeof Locate }).stepcastLocate.locate(candidates, near);
        return found ? { strategy: found.strategy, id: found.element.id } : null;
      },
      { candidates, near },
    );
  }

  const save: LocatorCandidate[] = [
    { strategy: 'role', role: 'button', name: 'Save contact' },
    { strategy: 'text', value: 'Save contact' },
    { strategy: 'testId', value: 'save' },
    { strategy: 'css', value: 'main > button' },
  ];

  it('finds by role and accessible name first', async () => {
    expect(await find('<main><button id="b" data-testid="save">Save <span>contact</span></button></main>', save)).toEqual({ strategy: 'role', id: 'b' });
  });

  it('finds a renamed button by its test id, and without one by its CSS path', async () => {
    expect(await find('<main><button id="b" data-testid="save">Store contact</button></main>', save)).toEqual({ strategy: 'testId', id: 'b' });
    expect(await find('<main><button id="b">Store contact</button></main>', save)).toEqual({ strategy: 'css', id: 'b' });
  });

  it('finds nothing when no way matches, and never a hidden element', async () => {
    expect(await find('<div><button id="b">Store contact</button></div>', save)).toBeNull();
    expect(await find('<main><button id="b" hidden>Save contact</button><button id="c" style="visibility:hidden" data-testid="save">x</button></main>', save.slice(0, 3))).toBeNull();
  });

  it('finds a field by its label, and an unnamed field by the label beside it', async () => {
    const labelled = '<label for="e">Email</label><input id="e">';
    expect(await find(labelled, [{ strategy: 'role', role: 'textbox', name: 'Email' }])).toEqual({ strategy: 'role', id: 'e' });
    expect(await find('<div><span>Promo code</span><input id="p"></div>', [{ strategy: 'label', value: 'Promo code' }])).toEqual({ strategy: 'label', id: 'p' });
    expect(await find('<input id="q" placeholder="Search contacts">', [{ strategy: 'placeholder', value: 'Search contacts' }])).toEqual({ strategy: 'placeholder', id: 'q' });
  });

  it('among several matches, takes the one nearest where the author clicked', async () => {
    const html = '<button id="top" style="position:absolute;left:10px;top:10px">Edit</button><button id="bottom" style="position:absolute;left:10px;top:600px">Edit</button>';
    const edit: LocatorCandidate[] = [{ strategy: 'role', role: 'button', name: 'Edit' }];
    expect(await find(html, edit, { x: 30, y: 610 })).toEqual({ strategy: 'role', id: 'bottom' });
    expect(await find(html, edit, { x: 30, y: 20 })).toEqual({ strategy: 'role', id: 'top' });
  });

  it('is the finder the drift worker runs: its bundle is today’s (npx tsx extension/build-finder.ts writes it)', async () => {
    expect(finderModule(await buildFinderScript())).toBe(await readFile(FINDER_MODULE, 'utf8'));
  });

  it('survives a CSS path the selector engine refuses', async () => {
    expect(await find('<main><a id="a" href="#">Go</a></main>', [{ strategy: 'css', value: 'main >>> a[' }, { strategy: 'text', value: 'Go' }])).toEqual({ strategy: 'text', id: 'a' });
  });
});
