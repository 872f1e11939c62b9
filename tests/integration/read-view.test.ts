import { parse } from 'parse5';
import { describe, expect, it } from 'vitest';
import type { GuideDto } from '#shared/guides';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { SERVER_FRAME_ATTRIBUTE } from '#shared/share/frame';
import { sharePath } from '#shared/share/link';
import { db } from '../../functions/db/service';
import { ApiClient, signUp } from '../support/api-client';
import { readHead } from '../support/html-head';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';

// The read view (`?view=read`) as the edge serves it: the whole guide as a document in the page's
// HTML, readable, printable and searchable before (and without) any script. Needs the web build
// (npm run build): the edge renders with its renderer, as share.test.ts's first frame does.
const stack = useIsolatedStack();

async function makePro(userId: string) {
  await db().entities.subscription.put({ userId, stripeCustomerId: `cus_${userId}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
}

async function authorWithGuide(title: string, opts: { slides?: number; pro?: boolean } = {}) {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  if (opts.pro) await makePro(user.id);
  const guide = (await client.post('/api/guides', { title })).json as { id: string; title: string };
  for (let i = 0; i < (opts.slides ?? 3); i++) {
    const image = await pngImage(640, 400, { r: 40 * i, g: 100, b: 200 });
    const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: `Open **menu ${i + 1}**`, narration: `Now we open menu number ${i + 1}.`, click: { x: 100, y: 50 } });
  }
  await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
  return { client, guide };
}

type Node = { tagName?: string; attrs?: Array<{ name: string; value: string }>; childNodes?: Node[]; value?: string };
const attrsOf = (node: Node) => Object.fromEntries((node.attrs ?? []).map((a) => [a.name, a.value]));
const all = (node: Node, found: Node[] = []): Node[] => {
  found.push(node);
  for (const child of node.childNodes ?? []) all(child, found);
  return found;
};
const textOf = (node: Node): string => (node.value ?? '') + (node.childNodes ?? []).map(textOf).join('');

/** `#root` as a browser's parser reads it: its attributes, its text, each step's section and the images. */
function readDocument(html: string) {
  const root = all(parse(html) as unknown as Node).find((node) => node.tagName === 'div' && attrsOf(node)['id'] === 'root');
  if (!root) throw new Error('the page has no #root');
  const inside = all(root);
  return {
    attrs: attrsOf(root),
    text: textOf(root).replace(/\s+/g, ' '),
    steps: inside.filter((node) => node.tagName === 'li' && /^step-\d+$/.test(attrsOf(node)['id'] ?? '')).map((node) => ({ id: attrsOf(node)['id'], text: textOf(node).replace(/\s+/g, ' ') })),
    images: inside.filter((node) => node.tagName === 'img').map(attrsOf),
    scripts: inside.filter((node) => node.tagName === 'script').length,
  };
}

const page = async (path: string) => {
  const response = await fetch(`${stack().url}${path}`);
  return { status: response.status, html: await response.text() };
};

describe('the read view, rendered at the edge', () => {
  it('holds every step as a section of the document (number, text, screenshot, narration) before any script, each addressable as #step-N', async () => {
    const { guide } = await authorWithGuide('Open the menus', { slides: 3 });
    const shared = (await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    const { status, html } = await page(`${sharePath(guide)}?view=read`);
    expect(status).toBe(200);
    const doc = readDocument(html);
    expect(doc.attrs).toHaveProperty(SERVER_FRAME_ATTRIBUTE);
    expect(doc.scripts).toBe(0);
    expect(doc.steps.map((step) => step.id)).toEqual(['step-1', 'step-2', 'step-3']);
    for (const [i, step] of doc.steps.entries()) {
      // Real text, found by the browser's find: the step's words (bold as text) and its narration.
      expect(step.text).toContain(`Step ${i + 1}`);
      expect(step.text).toContain(`Open menu ${i + 1}`);
      expect(step.text).toContain(`Now we open menu number ${i + 1}.`);
    }
    // Every screenshot with its size (nothing moves as they load); the first at once, the rest lazily.
    const screenshots = doc.images.filter((image) => image['src']?.startsWith('/assets/'));
    expect(screenshots.map((image) => image['src'])).toEqual(shared.slides.map((slide) => slide.screenshotUrl));
    expect(screenshots.every((image) => image['width'] === '640' && image['height'] === '400')).toBe(true);
    expect(screenshots[0]).toMatchObject({ loading: 'eager', fetchpriority: 'high', elementtiming: 'first-slide' });
    expect(screenshots.slice(1).every((image) => image['loading'] === 'lazy')).toBe(true);
    // The highlight ring is drawn on each step's screenshot, at its click point (100, 50 of 640 × 400).
    expect(html.match(/class="guide-doc__ring"[^>]*left:15\.625%;top:12\.5%/g)).toHaveLength(3);
  });

  it('carries its print stylesheet inline: the page chrome hidden, no step split across pages, screenshots within the page', async () => {
    const { guide } = await authorWithGuide('Print me', { slides: 2 });
    const { html } = await page(`${sharePath(guide)}?view=read`);
    const head = html.slice(0, html.indexOf('</head>'));
    const print = /@media print\{([\s\S]*?\})\}/.exec(head.replace(/\s*\n\s*/g, ''))?.[1] ?? '';
    expect(print).toMatch(/\.share-header[^{]*\{display:none!important/);
    expect(print).toMatch(/\.guide-doc__step\{[^}]*break-inside:avoid/);
    expect(print).toMatch(/\.guide-doc__canvas\{[^}]*max-width:/);
  });

  it('opens the step a link names without script (#step-N anchors) and keeps ?step= for the app', async () => {
    const { guide } = await authorWithGuide('Deep link', { slides: 3 });
    const { html } = await page(`${sharePath(guide)}?view=read&step=2`);
    const doc = readDocument(html);
    // The whole document still: the reader may scroll back.
    expect(doc.steps).toHaveLength(3);
    // The view switch links each view at that step, so it works without script too.
    const links = all(parse(html) as unknown as Node).filter((node) => node.tagName === 'a' && (attrsOf(node)['class'] ?? '').includes('share-views__option')).map(attrsOf);
    const urls = links.map((link) => new URL(link['href']!, 'http://page.invalid/'));
    expect(urls.map((url) => url.searchParams.get('view'))).toEqual(['watch', 'read', 'try']);
    expect(urls.every((url) => url.searchParams.get('step') === '2')).toBe(true);
    // The document's link lands on the step's section, script or not.
    expect(urls.map((url) => url.hash)).toEqual(['', '#step-2', '']);
    expect(links.find((link) => link['aria-current'] === 'page')?.['href']).toContain('view=read');
  });

  it('is noindex by default, and canonical to the share link', async () => {
    const { guide } = await authorWithGuide('Not for search engines', { slides: 1 });
    for (const path of [sharePath(guide), `${sharePath(guide)}?view=read`, `${sharePath(guide)}?view=try`]) {
      const head = readHead((await page(path)).html);
      expect(head.property('robots')).toBe('noindex');
      expect(head.canonical).toBe(`${stack().url}${sharePath(guide)}`);
    }
  });

  it('lets search engines index a public guide whose author allows it, canonical to its read view in all three views; private or embedded, never', async () => {
    const { client, guide } = await authorWithGuide('Index me', { slides: 2, pro: true });
    const patched = await client.request('PATCH', `/api/guides/${guide.id}`, { indexable: true });
    expect(patched.status).toBe(200);
    expect((patched.json as GuideDto).indexable).toBe(true);
    expect(((await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json as SharedGuideDto).indexable).toBe(true);
    for (const path of [sharePath(guide), `${sharePath(guide)}?view=read`, `${sharePath(guide)}?view=try`]) {
      const head = readHead((await page(path)).html);
      expect(head.property('robots')).toBeUndefined();
      expect(head.canonical).toBe(`${stack().url}${sharePath(guide)}?view=read`);
    }
    expect(readHead((await page(`${sharePath(guide)}/embed?view=read`)).html).property('robots')).toBe('noindex');

    // Made private: nobody outside sees it, let alone a search engine.
    await client.request('PATCH', `/api/guides/${guide.id}`, { visibility: 'private' });
    expect(readHead((await page(`${sharePath(guide)}?view=read`)).html).property('robots')).toBe('noindex');
  });

  it('refuses a setting that is not a yes or no, changing nothing', async () => {
    const { client, guide } = await authorWithGuide('Strict', { slides: 1 });
    const response = await client.request('PATCH', `/api/guides/${guide.id}`, { indexable: 'yes' });
    expect(response.status).toBe(422);
    expect(response.json).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
    expect(((await client.get(`/api/guides/${guide.id}`)).json as GuideDto).indexable).toBe(false);
  });

  it("serves the embed's read and try views as the shell and the data, which the embed's own chunk renders", async () => {
    const { guide } = await authorWithGuide('Embedded document', { slides: 2, pro: true });
    for (const view of ['read', 'try']) {
      const { status, html } = await page(`${sharePath(guide)}/embed?view=${view}`);
      expect(status).toBe(200);
      expect(html).toContain('stepcast-shared-guide');
      expect(readDocument(html).attrs).not.toHaveProperty(SERVER_FRAME_ATTRIBUTE);
    }
  });
});
