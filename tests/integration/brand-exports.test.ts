import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { unzipSync } from 'fflate';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExportDto } from '#shared/exports';
import type { GuideDto } from '#shared/guides';
import { INTRO_MS } from '../../functions/domain/export/timeline';
import { ApiClient, signUp } from '../support/api-client';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';
import { makePro } from '../support/team';

/**
 * The organisation's brand in every export (issue 32), read back from the files: an MP4 frame's
 * pixels, the PDF's colours, font and logo, the HTML's CSS and the Markdown's logo and badge line.
 */
const stack = useIsolatedStack();
const work = mkdtempSync(path.join(os.tmpdir(), 'stepcast-brand-exports-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const TEAL = { r: 0x0f, g: 0x76, b: 0x6e };
const ORANGE = { r: 0xf9, g: 0x73, b: 0x16 };
const BRAND = { primaryColor: '#0f766e', accentColor: '#b91c1c', font: 'serif', showBadge: false };

let client: ApiClient;
let guide: GuideDto;
let logo: Buffer;

async function exportAndWait(format: string, options: Record<string, unknown> = {}) {
  const created = await client.post(`/api/guides/${guide.id}/exports`, { format, options });
  expect(created.status, created.text).toBe(202);
  await stack().server.workers.idle();
  const done = ExportDto.parse((await client.get(`/api/exports/${created.json.id}`)).json);
  expect(done.state, done.error ?? '').toBe('done');
  return Buffer.from(await (await fetch(done.downloadUrl!)).arrayBuffer());
}

async function putBrand(change: Partial<typeof BRAND> = {}) {
  const key = (await client.get('/api/brand')).json.logoKey as string;
  const put = await client.request('PUT', '/api/brand', { ...BRAND, logoKey: key, ...change });
  expect(put.status, put.text).toBe(200);
}

beforeAll(async () => {
  client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  await makePro(user.id);
  guide = (await client.post('/api/guides', { title: 'Branded export' })).json as GuideDto;
  for (const i of [1, 2]) {
    const image = await pngImage(640, 400, { r: 240, g: 240, b: 240 });
    const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    expect((await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: `Step ${i}`, narration: `Say ${i}`, click: { x: 100, y: 50 } })).status).toBe(201);
  }
  expect((await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
  logo = await pngImage(240, 96, ORANGE);
  const upload = (await client.post('/api/brand/logo-uploads', { contentType: 'image/png', contentLength: logo.length })).json;
  await postUpload(upload, logo, 'image/png');
  const put = await client.request('PUT', '/api/brand', { ...BRAND, logoKey: upload.key });
  expect(put.status, put.text).toBe(200);
}, 60_000);

/** The frame at `seconds` as raw RGB. */
function frameAt(file: string, seconds: number, width: number) {
  const raw = execFileSync(ffmpeg.path, ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 64 * 1024 * 1024 });
  return (x: number, y: number) => {
    const at = (y * width + x) * 3;
    return { r: raw[at]!, g: raw[at + 1]!, b: raw[at + 2]! };
  };
}

const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }, within = 12) =>
  Math.abs(a.r - b.r) <= within && Math.abs(a.g - b.g) <= within && Math.abs(a.b - b.b) <= within;

describe('the brand in exports', () => {
  it("draws the MP4's intro card on the primary colour with the logo above the title, and fades through the primary", async () => {
    const file = path.join(work, 'brand.mp4');
    writeFileSync(file, await exportAndWait('mp4', { resolution: '720p' }));
    const card = frameAt(file, INTRO_MS / 2 / 1000, 1280);
    // the gradient starts at the primary in the top left corner
    expect(card(4, 4), JSON.stringify(card(4, 4))).toSatisfy((p: { r: number; g: number; b: number }) => near(p, TEAL));
    // the logo sits above the title, centred: orange pixels in the upper middle
    let orange = 0;
    for (let y = 150; y < 360; y += 2) for (let x = 500; x < 780; x += 2) if (near(card(x, y), ORANGE, 24)) orange++;
    expect(orange, 'orange logo pixels above the title').toBeGreaterThan(500);
    // the first frame is faded in from the primary
    expect(frameAt(file, 0, 1280)(640, 700)).toSatisfy((p: { r: number; g: number; b: number }) => near(p, TEAL, 16));
  }, 180_000);

  it("sets the PDF in the brand's font and colour, with its logo on the cover and no product badge", async () => {
    const bytes = await exportAndWait('pdf');
    const doc = await PDFDocument.load(bytes);
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => (object instanceof PDFDict ? object.get(PDFName.of('BaseFont'))?.toString() : undefined))
      .filter(Boolean);
    expect(fonts.some((name) => /DejaVuSerif/.test(name!)), fonts.join(', ')).toBe(true);
    expect(fonts.some((name) => /^\/DejaVuSans(-Bold)?-\d+$/.test(name!)), fonts.join(', ')).toBe(false);
    // the cover carries an image (the logo), and its bar is drawn in the primary colour
    const cover = doc.getPage(0);
    const xObjects = cover.node.Resources()?.lookup(PDFName.of('XObject'));
    expect(xObjects instanceof PDFDict ? xObjects.keys().length : 0).toBe(1);
    const contents = cover.node.Contents();
    const streams = contents instanceof PDFRawStream ? [contents] : contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [];
    const drawn = streams
      .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
      .map((stream) => (stream.dict.get(PDFName.of('Filter')) ? inflateSync(Buffer.from(stream.contents)) : Buffer.from(stream.contents)).toString('latin1'))
      .join('\n');
    expect(drawn).toMatch(/0\.0588\d* 0\.4627\d* 0\.4313\d* rg/);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(text).toContain('Branded export');
    expect(text).not.toContain('Stepcast');
  }, 120_000);

  it("gives the HTML export the brand's colours and font as CSS, its logo inline, and no badge", async () => {
    const html = (await exportAndWait('html')).toString('utf8');
    expect(html).toContain(':root{--brand:#0f766e;--accent:#b91c1c}');
    expect(html).toMatch(/body\{font-family:Charter, [^}]*'DejaVu Serif', serif\}/);
    const inline = /<img class="logo" alt="Logo" src="data:image\/png;base64,([^"]+)">/.exec(html);
    expect(Buffer.from(inline![1]!, 'base64').equals(logo)).toBe(true);
    expect(html).not.toContain('Made with Stepcast');
  }, 120_000);

  it('heads the Markdown with the logo, and closes it with "Made with Stepcast" only while the brand shows the badge', async () => {
    const files = unzipSync(new Uint8Array(await exportAndWait('markdown')));
    expect(Buffer.from(files['images/logo.png']!).equals(logo)).toBe(true);
    const markdown = new TextDecoder().decode(files['guide.md']);
    expect(markdown.startsWith('![Logo](images/logo.png)\n\n# Branded export\n\n2 steps.\n')).toBe(true);
    expect(markdown).not.toContain('Stepcast');

    await putBrand({ showBadge: true });
    const badged = new TextDecoder().decode(unzipSync(new Uint8Array(await exportAndWait('markdown')))['guide.md']);
    expect(badged.trimEnd().endsWith('---\n\nMade with Stepcast')).toBe(true);
  }, 120_000);
});

