import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { Annotation } from '#shared/annotation-geometry';
import { ErrorBody } from '#shared/errors';
import { ExportDto } from '#shared/exports';
import type { GuideDto, SlideDto } from '#shared/guides';
import { SharedGuideDto } from '#shared/share/shared-guide';
import { INTRO_MS } from '../../functions/domain/export/timeline';
import { ApiClient, signUp } from '../support/api-client';
import { makePro } from '../support/team';
import { postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();
const work = mkdtempSync(path.join(os.tmpdir(), 'stepcast-annotations-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const W = 1280;
const H = 800;
/** a long arrow across the screen's empty lower half, and a label above it */
const ARROW: Annotation = { id: 'arrow1', kind: 'arrow', colour: 'rose', from: { x: 0.1, y: 0.7 }, to: { x: 0.6, y: 0.7 } };
const LABEL: Annotation = { id: 'label1', kind: 'label', colour: 'indigo', x: 0.1, y: 0.8, text: 'Start <here> & save' };

/** An author on Pro: annotations are checked in exports, a Pro feature. */
async function author() {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  await makePro(user.id);
  return client;
}

async function guideWithScreenshot(c: ApiClient): Promise<{ guide: GuideDto; slide: SlideDto }> {
  const guide = (await c.post('/api/guides', { title: 'Annotated guide' })).json as GuideDto;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="#f8fafc"/><rect width="${W}" height="64" fill="#4338ca"/></svg>`;
  const image = await sharp(Buffer.from(svg)).png().toBuffer();
  const upload = await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length });
  expect([200, 201, 204]).toContain(await postUpload(upload.json, image, 'image/png'));
  const slide = (await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.json.key, text: 'Press **Save**', click: { x: 900, y: 200 } })).json as SlideDto;
  return { guide: (await c.get(`/api/guides/${guide.id}`)).json as GuideDto, slide };
}

const slidePath = (guide: GuideDto, slide: SlideDto) => `/api/guides/${guide.id}/slides/${slide.id}`;

async function exportAndWait(c: ApiClient, guideId: string, body: unknown) {
  const created = await c.post(`/api/guides/${guideId}/exports`, body);
  expect(created.status, created.text).toBe(202);
  await stack().server.workers.idle();
  const done = ExportDto.parse((await c.get(`/api/exports/${ExportDto.parse(created.json).id}`)).json);
  expect(done.state, done.error ?? '').toBe('done');
  const response = await fetch(done.downloadUrl!);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

/** The pixels near (x, y) of a raw RGB image in the rose of the palette (#e11d48), not the ring's pink. */
function roseNear(raw: Buffer, width: number, x: number, y: number, reach: number): number {
  let count = 0;
  for (let dy = -reach; dy <= reach; dy++) {
    for (let dx = -reach; dx <= reach; dx++) {
      const i = ((Math.round(y) + dy) * width + Math.round(x) + dx) * 3;
      const [r, g, b] = [raw[i]!, raw[i + 1]!, raw[i + 2]!];
      if (r > 170 && g < 80 && b < 120) count++;
    }
  }
  return count;
}

describe('annotations on a slide', () => {
  it('are saved through the slide PATCH, answered to the editor and to the share page, and removed with an empty list', async () => {
    const c = await author();
    const { guide, slide } = await guideWithScreenshot(c);
    expect(slide.annotations).toEqual([]);

    const saved = await c.request('PATCH', slidePath(guide, slide), { annotations: [ARROW, LABEL] });
    expect(saved.status, saved.text).toBe(200);
    expect((saved.json as SlideDto).annotations).toEqual([ARROW, LABEL]);
    const read = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(read.slides[0]!.annotations).toEqual([ARROW, LABEL]);
    expect(read.revision).toBe(guide.revision + 1);

    expect((await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
    const shared = SharedGuideDto.parse((await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json);
    expect(shared.slides[0]!.annotations).toEqual([ARROW, LABEL]);

    const cleared = await c.request('PATCH', slidePath(guide, slide), { annotations: [] });
    expect((cleared.json as SlideDto).annotations).toEqual([]);
  });

  it.each([
    ['a point off the screenshot', [{ ...ARROW, to: { x: 1.5, y: 0.2 } }], 'Use a number from 0 to 1.'],
    ['a label longer than 80 characters', [{ ...LABEL, text: 'x'.repeat(81) }], 'Use at most 80 characters.'],
    ['a colour outside the palette', [{ ...ARROW, colour: '#00ff00' }], 'Use a colour from the palette.'],
    ['an unknown kind', [{ id: 'x', kind: 'circle', colour: 'rose', x: 0.5, y: 0.5 }], 'Use an arrow, a rectangle, a label or a badge.'],
    ['two annotations with one id', [ARROW, { ...LABEL, id: ARROW.id }], 'Each annotation needs its own id.'],
    ['more than 30', Array.from({ length: 31 }, (_, i) => ({ id: `b${i}`, kind: 'badge', colour: 'ink', x: 0.5, y: 0.5 })), 'Use at most 30 annotations on a step.'],
    ['markup smuggled into a field', [{ ...ARROW, onload: 'alert(1)' }], 'Unrecognized key'],
  ])('refuses %s as invalid (422) in the one error shape, and changes nothing', async (_name, annotations, message) => {
    const c = await author();
    const { guide, slide } = await guideWithScreenshot(c);
    expect((await c.request('PATCH', slidePath(guide, slide), { annotations: [ARROW] })).status).toBe(200);
    const before = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;

    const refused = await c.request('PATCH', slidePath(guide, slide), { annotations, text: 'Changed' });
    expect(refused.status).toBe(422);
    const body = ErrorBody.parse(refused.json);
    expect(body.error.code).toBe('validation_failed');
    expect(Object.entries(body.error.details ?? {}).find(([field]) => field.startsWith('annotations'))?.[1]).toContain(message);
    const after = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(after.slides[0]!.annotations).toEqual([ARROW]);
    expect(after.slides[0]!.text).toBe('Press **Save**');
    expect(after.revision).toBe(before.revision);
  });

  it('are in every export: inline SVG in HTML, drawn onto the Markdown image and the video frame', async () => {
    const c = await author();
    const { guide, slide } = await guideWithScreenshot(c);
    // No zoom, so the video's frame stays put and its pixels can be found.
    expect((await c.request('PATCH', slidePath(guide, slide), { annotations: [ARROW, LABEL], zoomLevel: 1 })).status).toBe(200);

    const html = (await exportAndWait(c, guide.id, { format: 'html', options: { audio: false } })).toString('utf8');
    expect(html).toContain('<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800"');
    expect(html).toContain('data-annotation="arrow1" data-kind="arrow"');
    expect(html).toContain('>Start &lt;here&gt; &amp; save</text>');

    const zip = unzipSync(new Uint8Array(await exportAndWait(c, guide.id, { format: 'markdown' })));
    const png = sharp(Buffer.from(zip['images/step-01.png']!));
    const { data, info } = await png.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBe(W);
    // the middle of the arrow's shaft is rose; the same place above it is the bare screenshot
    expect(roseNear(data, info.width, 0.35 * W, 0.7 * H, 2)).toBeGreaterThan(15);
    expect(roseNear(data, info.width, 0.35 * W, 0.5 * H, 2)).toBe(0);

    const mp4 = await exportAndWait(c, guide.id, { format: 'mp4', options: { resolution: '720p' } });
    const file = path.join(work, 'annotated.mp4');
    writeFileSync(file, mp4);
    const frame = execFileSync(ffmpeg.path, ['-v', 'error', '-ss', String(INTRO_MS / 1000 + 1), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 16 * 1024 * 1024 });
    // The screenshot is fitted into the 1280×720 frame with a margin, centred.
    const margin = Math.round(720 * 0.04);
    const scale = Math.min((1280 - 2 * margin) / W, (720 - 2 * margin) / H);
    const left = (1280 - W * scale) / 2;
    const top = (720 - H * scale) / 2;
    expect(roseNear(frame, 1280, left + 0.35 * W * scale, top + 0.7 * H * scale, 2)).toBeGreaterThan(10);
    expect(roseNear(frame, 1280, left + 0.35 * W * scale, top + 0.5 * H * scale, 2)).toBe(0);
  }, 120_000);
});
