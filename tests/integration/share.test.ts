import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { CloudFrontRequestEvent } from 'aws-lambda';
import { parse } from 'parse5';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { SERVER_FRAME_ATTRIBUTE, SHARE_FRAME_RENDERER_FILE } from '#shared/share/frame';
import { sharePath } from '#shared/share/link';
import { db } from '../../functions/db/service';
import { handler as edgeHandler } from '../../functions/edge/share';
import { ApiClient, signUp } from '../support/api-client';
import { countDynamoRequests } from '../support/dynamo-counter';
import { readHead } from '../support/html-head';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();

/** Makes the user's subscription Pro, as a confirmed Stripe checkout would. */
async function makePro(userId: string) {
  await db().entities.subscription.put({ userId, stripeCustomerId: `cus_${userId}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
}

async function authorWithGuide(title: string, opts: { publish?: boolean; slides?: number; pro?: boolean } = {}) {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  if (opts.pro) await makePro(user.id);
  const guide = (await client.post('/api/guides', { title })).json;
  for (let i = 0; i < (opts.slides ?? 2); i++) {
    const image = await pngImage(640, 400, { r: 40 * i, g: 100, b: 200 });
    const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: `Step ${i + 1}`, narration: `Say ${i + 1}`, click: { x: 100, y: 50 } });
  }
  if (opts.publish !== false) await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
  return { client, guide: guide as { id: string; title: string }, userId: user.id };
}

const anonymous = () => new ApiClient(stack().url);

describe('GET /api/share/{id}', () => {
  it('answers a published guide to anyone, with effective zoom and highlight and a brief public cache', async () => {
    const { client, guide } = await authorWithGuide('Export a report');
    await client.request('PATCH', `/api/guides/${guide.id}`, { zoomLevel: 2.5 });
    // Viewers see a draft's changes once they are published.
    expect((await client.post(`/api/guides/${guide.id}/publish`, {})).status).toBe(200);
    const response = await anonymous().get(`/api/share/${guide.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=60, s-maxage=\d+/);
    // CloudFront keeps it an hour or more: every change viewers must see clears it (below).
    expect(Number(/s-maxage=(\d+)/.exec(response.headers.get('cache-control')!)![1])).toBeGreaterThanOrEqual(3600);
    const shared = response.json as SharedGuideDto;
    expect(shared.title).toBe('Export a report');
    expect(shared.organizationName).toContain('workspace');
    expect(shared.slides.map((s) => s.text)).toEqual(['Step 1', 'Step 2']);
    expect(shared.slides[0]).toMatchObject({ zoomLevel: 2.5, isHighlightVisible: true, click: { x: 100, y: 50 }, width: 640, height: 400 });
    expect(shared.socialImageUrl).toMatch(/^\/assets\/.*social-.*\.png$/);
  });

  it('makes the 1200×630 social preview from the second slide', async () => {
    const { guide } = await authorWithGuide('Preview me', { slides: 3 });
    const shared = (await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    const image = await fetch(`${stack().url}${shared.socialImageUrl}`);
    expect(image.status).toBe(200);
    const { default: sharp } = await import('sharp');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([1200, 630]);
  });

  it('does not find a draft, a missing guide, or a private guide for a stranger — the same 404, never cached', async () => {
    const draft = await authorWithGuide('Draft', { publish: false });
    const priv = await authorWithGuide('Private', { pro: true });
    await priv.client.request('PATCH', `/api/guides/${priv.guide.id}`, { visibility: 'private' });
    const stranger = new ApiClient(stack().url);
    await signUp(stranger);
    const answers = await Promise.all([
      anonymous().get(`/api/share/${draft.guide.id}`),
      anonymous().get('/api/share/AAAAAAAAAAAA'),
      anonymous().get(`/api/share/${priv.guide.id}`),
      stranger.get(`/api/share/${priv.guide.id}`),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(ErrorBody.parse(answer.json)).toEqual({ error: { code: 'not_found', message: 'Guide not found.' } });
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('plays a private guide for a member of its organisation, never cached', async () => {
    const priv = await authorWithGuide('Members only', { pro: true });
    await priv.client.request('PATCH', `/api/guides/${priv.guide.id}`, { visibility: 'private' });
    const response = await priv.client.get(`/api/share/${priv.guide.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('the share page edge (through the local server)', () => {
  const hostile = [
    '"><script>alert(1)</script>',
    '</title><meta http-equiv=refresh content="0;url=https://evil.example">',
    'Right\u202Eto left override',
    'Zero\u200Bwidth\u200Djoiners',
    'Ship it 🚀 with émojis & ampersands',
  ];

  it.each(hostile)('writes the title %j into the head as text only', async (title) => {
    const { guide } = await authorWithGuide(title, { slides: 1 });
    const html = await (await fetch(`${stack().url}${sharePath(guide)}`)).text();
    const head = readHead(html);
    expect(head.titles).toBe(1);
    expect(head.title).toBe(`${title} | Stepcast`);
    expect(head.property('og:title')).toBe(`${title} | Stepcast`);
    expect(head.property('description')).toBe(`${title} - Shared guide from Stepcast`);
    expect(head.metas.some((m) => m['http-equiv'])).toBe(false);
    // Scripts: the app's own files, and one inert JSON data block (never executed).
    expect(head.scripts.every((s) => s.src?.startsWith('/static/') || s.type === 'module' || s.type === 'application/json')).toBe(true);
    expect(html).not.toContain('<script>alert(1)');
  });

  it('gives the guide\'s Open Graph and Twitter tags, with its preview image', async () => {
    const { guide } = await authorWithGuide('Invite a teammate');
    const shared = (await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    const response = await fetch(`${stack().url}${sharePath(guide)}`);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const head = readHead(await response.text());
    expect(head.canonical).toBe(`${stack().url}${sharePath(guide)}`);
    expect(head.property('og:url')).toBe(`${stack().url}${sharePath(guide)}`);
    expect(head.property('og:image')).toBe(`${stack().url}${shared.socialImageUrl}`);
    expect(head.property('og:image:width')).toBe('1200');
    expect(head.property('og:image:height')).toBe('630');
    expect(head.property('twitter:card')).toBe('summary_large_image');
    const embed = await fetch(`${stack().url}${sharePath(guide)}/embed`);
    expect(embed.headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(embed.headers.get('x-frame-options')).toBeNull();
  });

  it('gives a private guide exactly the bytes, and the 404, a missing guide gets', async () => {
    const priv = await authorWithGuide('Top secret roadmap', { pro: true });
    await priv.client.request('PATCH', `/api/guides/${priv.guide.id}`, { visibility: 'private' });
    const privateResponse = await fetch(`${stack().url}${sharePath(priv.guide)}`);
    const missingResponse = await fetch(`${stack().url}/share/top-secret-roadmap-ZZZZZZZZZZZZ`);
    const privateHtml = await privateResponse.text();
    expect(privateHtml).toBe(await missingResponse.text());
    expect(privateHtml).not.toContain('Top secret roadmap');
    expect(privateResponse.status).toBe(404);
    expect(missingResponse.status).toBe(404);
    expect(readHead(privateHtml).property('og:image')).toBe(`${stack().url}/og-card.png`);
  });

  it('answers a share link to no guide (missing, short or malformed) with 404 and the same page, and a public one with 200', async () => {
    const { guide } = await authorWithGuide('Public and published');
    expect((await fetch(`${stack().url}${sharePath(guide)}`)).status).toBe(200);
    for (const pathname of ['/share/nothing-ZZZZZZZZZZZZ', '/share/short', '/share/x/y/z', '/share/nothing-ZZZZZZZZZZZZ/embed']) {
      const response = await fetch(`${stack().url}${pathname}`);
      expect(response.status, pathname).toBe(404);
      expect(await response.text(), pathname).toContain('<div id="root">');
    }
  });
});

describe('the deployed edge handler (CloudFront event fixtures)', () => {
  let slowOrigin: string;
  let closeSlow: () => void;
  /** The API requests the hanging origin received (it answers none). */
  let apiRequests = 0;

  beforeAll(async () => {
    // An origin whose API never answers: the edge must answer the shell with generic tags in time.
    const server = http.createServer((req, res) => {
      if (req.url === '/index.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><html><head><meta charset="utf-8"><title>Shell</title></head><body><div id="root"></div><script type="module" src="/static/app.js"></script></body></html>');
        return;
      }
      apiRequests += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    slowOrigin = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    closeSlow = () => server.closeAllConnections();
    return () => server.close();
  });

  function fixture(host: string, uri: string, proto: 'http' | 'https' = 'http'): CloudFrontRequestEvent {
    return {
      Records: [
        {
          cf: {
            config: { distributionDomainName: 'd111111abcdef8.cloudfront.net', distributionId: 'EDFDVBD6EXAMPLE', eventType: 'origin-request', requestId: 'x' },
            request: {
              clientIp: '203.0.113.178',
              method: 'GET',
              querystring: '',
              uri,
              headers: {
                host: [{ key: 'Host', value: host }],
                'cloudfront-forwarded-proto': [{ key: 'CloudFront-Forwarded-Proto', value: proto }],
                'user-agent': [{ key: 'User-Agent', value: 'Twitterbot/1.0' }],
              },
            },
          },
        },
      ],
    };
  }

  it('answers the shell with generic tags within its timeout when the API is slow', async () => {
    const result = await edgeHandler(fixture(slowOrigin, '/share/some-guide-abcdefghijkl'));
    // It asked the API, which never answers: its own timeout ended the wait (without one, this
    // test would time out).
    expect(apiRequests).toBeGreaterThan(0);
    closeSlow();
    expect(result.status).toBe('200');
    const head = readHead(result.body!);
    expect(head.title).toBe('Stepcast — narrated step-by-step guides');
    expect(head.property('robots')).toBe('noindex');
    expect(result.headers!['content-security-policy']![0]!.value).toContain("frame-ancestors 'none'");
  });

  it('answers a published guide through the same module CloudFront runs', async () => {
    const { guide } = await authorWithGuide('Fixture guide', { pro: true });
    const host = new URL(stack().url).host;
    const result = await edgeHandler(fixture(host, `${sharePath(guide)}/embed`));
    expect(readHead(result.body!).title).toBe('Fixture guide | Stepcast');
    expect(result.headers!['content-security-policy']![0]!.value).toContain('frame-ancestors *');
  });

  it('answers a segment shorter than 12 characters with the generic page and 404, not an error', async () => {
    const host = new URL(stack().url).host;
    const result = await edgeHandler(fixture(host, '/share/short'));
    expect(result.status).toBe('404');
    expect(readHead(result.body!).title).toBe('Stepcast — narrated step-by-step guides');
  });
});

describe('the share page carries a public guide for the app', () => {
  it('writes the guide as an inert JSON data block and preloads the first screenshot', async () => {
    const { guide } = await authorWithGuide('</script><script>alert(1)</script> & friends');
    const html = await (await fetch(`${stack().url}${sharePath(guide)}`)).text();
    const block = /<script type="application\/json" id="stepcast-shared-guide" data-guide-id="([^"]+)">([\s\S]*?)<\/script>/.exec(html);
    expect(block?.[1]).toBe(guide.id);
    const data = JSON.parse(block![2]!) as SharedGuideDto;
    expect(data.title).toBe('</script><script>alert(1)</script> & friends');
    expect(block![2]).not.toContain('</script');
    const head = readHead(html);
    const preload = head.links.find((l) => l.rel === 'preload');
    expect(preload).toMatchObject({ as: 'image', fetchpriority: 'high', href: data.slides[0]!.screenshotUrl });
    expect(head.scripts.filter((s) => s.type !== 'application/json').every((s) => !s.src || s.src.startsWith('/static/'))).toBe(true);
  });

  it('leaves a private guide\'s page without data', async () => {
    const priv = await authorWithGuide('Quiet', { pro: true });
    await priv.client.request('PATCH', `/api/guides/${priv.guide.id}`, { visibility: 'private' });
    const html = await (await fetch(`${stack().url}${sharePath(priv.guide)}`)).text();
    expect(html).not.toContain('stepcast-shared-guide');
  });
});

/** The page's `#root` as a browser's parser sees it: its attributes, images and headings. */
function readRoot(html: string) {
  type Node = { tagName?: string; attrs?: Array<{ name: string; value: string }>; childNodes?: Node[]; value?: string; content?: Node };
  const attrsOf = (node: Node) => Object.fromEntries((node.attrs ?? []).map((a) => [a.name, a.value]));
  const all = (node: Node, found: Node[] = []): Node[] => {
    found.push(node);
    for (const child of node.childNodes ?? []) all(child, found);
    return found;
  };
  const text = (node: Node): string => (node.value ?? '') + (node.childNodes ?? []).map(text).join('');
  const root = all(parse(html) as unknown as Node).find((node) => node.tagName === 'div' && attrsOf(node)['id'] === 'root');
  if (!root) throw new Error('the page has no #root');
  const inside = all(root).slice(1);
  return {
    attrs: attrsOf(root),
    images: inside.filter((node) => node.tagName === 'img').map(attrsOf),
    headings: inside.filter((node) => node.tagName === 'h1').map(text),
    scripts: inside.filter((node) => node.tagName === 'script').length,
    empty: inside.length === 0,
  };
}

describe("the share page's first frame, rendered at the edge", () => {
  it('is built: the web build made the renderer and the shells the frame needs (npm run build)', () => {
    expect(existsSync(path.resolve(import.meta.dirname, '../..', SHARE_FRAME_RENDERER_FILE))).toBe(true);
  });

  it('shows the public guide\'s first slide in #root before any script runs, with its styles inline', async () => {
    const { guide } = await authorWithGuide('Add a contact', { slides: 3 });
    const shared = (await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    const html = await (await fetch(`${stack().url}${sharePath(guide)}`)).text();
    const root = readRoot(html);
    expect(root.attrs).toHaveProperty(SERVER_FRAME_ATTRIBUTE);
    expect(root.headings).toEqual(['Add a contact']);
    const screenshot = root.images.find((image) => image['elementtiming'] === 'first-slide');
    expect(screenshot).toMatchObject({ src: shared.slides[0]!.screenshotUrl, width: '640', height: '400', fetchpriority: 'high' });
    expect(root.scripts).toBe(0);
    // The player's stylesheet is linked from the head, so the frame is laid out as the app lays it out.
    // The player's and the page's styles are inline in the head: the frame is laid out as the app
    // lays it out, without waiting for a stylesheet request.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toMatch(/<style>[\s\S]*\.player__stage\{[\s\S]*\.shared-guide\{[\s\S]*<\/style>/);
    // The files stay named, disabled (never fetched), so the app does not load them again.
    const stylesheets = readHead(html).links.filter((link) => link.rel === 'stylesheet');
    expect(stylesheets.length).toBeGreaterThan(0);
    expect(stylesheets.every((link) => 'disabled' in link)).toBe(true);
  });

  it('shows the step the link names (?step=), and only the parameters the page depends on reach the edge', async () => {
    const { guide } = await authorWithGuide('Three steps', { slides: 3 });
    const shared = (await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    const html = await (await fetch(`${stack().url}${sharePath(guide)}?step=3&utm_source=x`)).text();
    const images = readRoot(html).images;
    expect(images[0]?.src).toBe(shared.slides[2]!.screenshotUrl);
    expect(images.some((image) => image['elementtiming'] === 'first-slide')).toBe(true);
  });

  it('renders the embed\'s frame: the player alone, no site header', async () => {
    const { guide } = await authorWithGuide('Embedded guide', { slides: 2, pro: true });
    const shared = (await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    const html = await (await fetch(`${stack().url}${sharePath(guide)}/embed`)).text();
    const root = readRoot(html);
    expect(root.attrs).toHaveProperty(SERVER_FRAME_ATTRIBUTE);
    expect(root.images[0]).toMatchObject({ src: shared.slides[0]!.screenshotUrl, elementtiming: 'first-slide' });
    expect(html).not.toContain('Create your own guide');
  });

  it.each(['"><script>alert(1)</script>', '</title><meta http-equiv=refresh content="0;url=https://evil.example">'])(
    'writes the title %j into the frame as text only',
    async (title) => {
      const { guide } = await authorWithGuide(title, { slides: 1 });
      const html = await (await fetch(`${stack().url}${sharePath(guide)}`)).text();
      const root = readRoot(html);
      expect(root.headings).toEqual([title]);
      expect(root.scripts).toBe(0);
      expect(readHead(html).metas.some((m) => m['http-equiv'])).toBe(false);
    },
  );

  it('never renders a frame for a private guide (the anonymous edge cannot read it), nor for a missing one', async () => {
    const priv = await authorWithGuide('Private frame', { pro: true });
    await priv.client.request('PATCH', `/api/guides/${priv.guide.id}`, { visibility: 'private' });
    const html = await (await fetch(`${stack().url}${sharePath(priv.guide)}`)).text();
    expect(readRoot(html).empty).toBe(true);
    expect(readRoot(await (await fetch(`${stack().url}/share/gone-ZZZZZZZZZZZZ`)).text()).empty).toBe(true);
  });
});

describe("the shared guide's DynamoDB reads", () => {
  it('is one read once seen (the guide item; its published version is kept by the function), and a rename, a publish and a redaction show at once', async () => {
    const { client, guide } = await authorWithGuide('Counted guide', { slides: 2 });
    expect((await anonymous().get(`/api/share/${guide.id}`)).status).toBe(200);
    const counter = countDynamoRequests();
    counter.reset();
    const answer = (await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    expect(counter.snapshot()).toEqual({ GetItemCommand: 1 });

    const [organization] = (await client.get('/api/auth/organization/list')).json as Array<{ id: string; name: string }>;
    expect(answer.organizationName).toBe(organization!.name);
    const renamed = await client.post('/api/auth/organization/update', { organizationId: organization!.id, data: { name: 'Renamed Docs Team' } });
    expect(renamed.status).toBe(200);
    expect(((await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto).organizationName).toBe('Renamed Docs Team');

    const [first] = answer.slides;
    expect((await client.request('PATCH', `/api/guides/${guide.id}/slides/${first!.id}`, { text: 'Step one, edited' })).status).toBe(200);
    expect(((await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto).slides[0]!.text).toBe('Step 1');
    expect((await client.post(`/api/guides/${guide.id}/publish`, {})).status).toBe(200);
    expect(((await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto).slides[0]!.text).toBe('Step one, edited');

    const redacted = await client.post(`/api/guides/${guide.id}/slides/${first!.id}/redact`, { boxes: [{ x: 10, y: 10, width: 50, height: 20, style: 'solid' }] });
    expect(redacted.status, redacted.text).toBe(200);
    const after = (await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    expect(after.slides[0]!.screenshotUrl).not.toBe(first!.screenshotUrl);
  });
});

describe('CloudFront keeps a public answer until a change viewers must see clears it', () => {
  const cleared = () => stack().server.cdnInvalidations;
  /** one wildcard path a guide: its answer in every language (`?lang=`) */
  const sharePaths = (id: string) => [`/api/share/${id}*`];

  it('clears the guide\'s share answers on publish, unpublish, visibility change and redaction', async () => {
    const { client, guide } = await authorWithGuide('Cleared guide', { pro: true });
    expect(cleared()).toEqual(expect.arrayContaining(sharePaths(guide.id)));

    const steps: Array<[string, () => Promise<{ status: number; text: string }>]> = [
      ['publish', () => client.post(`/api/guides/${guide.id}/publish`, {})],
      ['unpublish', () => client.request('PATCH', `/api/guides/${guide.id}`, { status: 'draft' })],
      ['publish again', () => client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })],
      ['make private', () => client.request('PATCH', `/api/guides/${guide.id}`, { visibility: 'private' })],
      ['make public', () => client.request('PATCH', `/api/guides/${guide.id}`, { visibility: 'public' })],
    ];
    for (const [name, step] of steps) {
      cleared().length = 0;
      const response = await step();
      expect(response.status, `${name}: ${response.text}`).toBe(200);
      expect(cleared(), name).toEqual(expect.arrayContaining(sharePaths(guide.id)));
    }

    const shared = (await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    cleared().length = 0;
    const redacted = await client.post(`/api/guides/${guide.id}/slides/${shared.slides[0]!.id}/redact`, { boxes: [{ x: 10, y: 10, width: 50, height: 20, style: 'solid' }] });
    expect(redacted.status, redacted.text).toBe(200);
    expect(cleared()).toEqual(expect.arrayContaining(sharePaths(guide.id)));
  });

  it("clears every published guide of an organisation when its name (its brand on the share page) changes, and nothing for a draft's edit", async () => {
    const { client, guide } = await authorWithGuide('Branded guide');
    cleared().length = 0;
    const first = ((await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto).slides[0]!;
    expect((await client.request('PATCH', `/api/guides/${guide.id}/slides/${first.id}`, { text: 'Draft words' })).status).toBe(200);
    expect(cleared()).toEqual([]);

    const [organization] = (await client.get('/api/auth/organization/list')).json as Array<{ id: string; name: string }>;
    expect((await client.post('/api/auth/organization/update', { organizationId: organization!.id, data: { name: 'New Brand' } })).status).toBe(200);
    expect(cleared()).toEqual(expect.arrayContaining(sharePaths(guide.id)));
  });

  it('keeps a guide published before versions (its live steps are what viewers see, so every edit shows) only a minute', async () => {
    const { client, guide } = await authorWithGuide('Live steps');
    await db().entities.guide.patch({ guideId: guide.id }).remove(['publishedVersion']).go();
    const first = await anonymous().get(`/api/share/${guide.id}`);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=60, s-maxage=60(,|$)/);
    const slide = (first.json as SharedGuideDto).slides[0]!;
    expect((await client.request('PATCH', `/api/guides/${guide.id}/slides/${slide.id}`, { text: 'Live words' })).status).toBe(200);
    expect(((await anonymous().get(`/api/share/${guide.id}`)).json as SharedGuideDto).slides[0]!.text).toBe('Live words');

    expect((await client.post(`/api/guides/${guide.id}/publish`, {})).status).toBe(200);
    const versioned = await anonymous().get(`/api/share/${guide.id}`);
    expect(Number(/s-maxage=(\d+)/.exec(versioned.headers.get('cache-control')!)![1])).toBeGreaterThanOrEqual(3600);
  });

  it('answers a private guide and a draft so that no shared cache keeps them', async () => {
    const priv = await authorWithGuide('Never kept', { pro: true });
    await priv.client.request('PATCH', `/api/guides/${priv.guide.id}`, { visibility: 'private' });
    expect((await priv.client.get(`/api/share/${priv.guide.id}`)).headers.get('cache-control')).toBe('private, no-store');
    const draft = await authorWithGuide('Draft only', { publish: false });
    expect((await draft.client.get(`/api/share/${draft.guide.id}`)).headers.get('cache-control')).toBe('no-store');
  });
});
