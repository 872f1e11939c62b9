import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import ffprobe from '@ffprobe-installer/ffprobe';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { unzipSync } from 'fflate';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { chromium } from 'playwright-core';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import { ExportDto, ExportListDto } from '#shared/exports';
import type { GuideDto } from '#shared/guides';
import { slugifyTitle } from '#shared/share/link';
import { slideDurationMs } from '#shared/slide-timing';
import { db } from '../../functions/db/service';
import { ABANDONED_MESSAGE } from '../../functions/domain/export/export';
import * as ExportJob from '../../functions/domain/export/job';
import { INTRO_MS, OUTRO_MS } from '../../functions/domain/export/timeline';
import { localS3Client } from '../../infra/local/emulators';
import { ApiClient, signUp } from '../support/api-client';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';
import { CLICKS, markedScreen, ringOffsets, type Picture } from '../support/ring-pixels';
import sharp from 'sharp';

const stack = useIsolatedStack();
const work = mkdtempSync(path.join(os.tmpdir(), 'stepcast-exports-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** An author whose organisation is on Pro: exports are a Pro feature (tests/integration/entitlements.test.ts). */
async function author() {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  await db().entities.subscription.put({ userId: user.id, stripeCustomerId: `cus_${user.id}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
  return client;
}

async function screenshot(step: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#f8fafc"/>
    <rect width="1280" height="64" fill="#4338ca"/><rect x="${200 + step * 120}" y="300" width="220" height="56" rx="10" fill="#0f766e"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A short MP3 made here with ffmpeg: a sine tone, as a voiceover stands in. */
function voiceover(seconds: number): Buffer {
  const file = path.join(work, `tone-${seconds}.mp3`);
  execFileSync(ffmpeg.path, ['-v', 'error', '-y', '-f', 'lavfi', '-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'libmp3lame', '-b:a', '64k', file]);
  return execFileSync('cat', [file]);
}

const TEXTS = ['Open **Settings**', 'Choose **Team**', 'Press **Invite**'];
const NARRATIONS = ['Open the settings.', 'Choose the team you want to grow.', 'Press invite to send the mail.'];

/** A three-step guide made through the API; with `audio`, each slide gets a voiceover of that many seconds. */
async function threeStepGuide(c: ApiClient, title = 'Invite a teammate', audio?: number): Promise<GuideDto> {
  const guide = (await c.post('/api/guides', { title })).json as GuideDto;
  for (const [i, text] of TEXTS.entries()) {
    const image = await screenshot(i + 1);
    const upload = await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length });
    expect([200, 201, 204]).toContain(await postUpload(upload.json, image, 'image/png'));
    const added = await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.json.key, text, narration: NARRATIONS[i], click: { x: 310 + i * 120, y: 328 } });
    expect(added.status).toBe(201);
  }
  const full = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
  if (audio) {
    const bytes = voiceover(audio);
    const s3 = localS3Client(stack().s3Endpoint);
    for (const slide of full.slides) {
      const key = `${full.slides[0]!.screenshotKey!.replace(/[^/]+$/, '')}voice-${slide.id}.mp3`;
      await s3.send(new PutObjectCommand({ Bucket: stack().bucketName, Key: key, Body: bytes, ContentType: 'audio/mpeg' }));
      await db().entities.slide.patch({ guideId: full.id, slideId: slide.id }).set({ audioKey: key, audioDurationMs: audio * 1000 }).go();
    }
  }
  return full;
}

async function exportAndWait(c: ApiClient, guideId: string, body: unknown) {
  const created = await c.post(`/api/guides/${guideId}/exports`, body);
  expect(created.status, created.text).toBe(202);
  const queued = ExportDto.parse(created.json);
  expect(queued).toMatchObject({ guideId, state: 'queued', progress: 0, downloadUrl: null, error: null });
  await stack().server.workers.idle();
  const done = await c.get(`/api/exports/${queued.id}`);
  expect(done.status).toBe(200);
  return ExportDto.parse(done.json);
}

async function download(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

function probe(file: string) {
  return JSON.parse(
    execFileSync(ffprobe.path, ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height,pix_fmt,avg_frame_rate', '-of', 'json', file], { encoding: 'utf8' }),
  ) as { format: { duration: string }; streams: Array<{ codec_type: string; codec_name: string; width?: number; height?: number; pix_fmt?: string; avg_frame_rate?: string }> };
}

/** The EBU R128 summary of a file's audio (ffmpeg's ebur128 filter): integrated loudness (LUFS) and true peak (dBTP). */
function loudnessOf(file: string): { integrated: number; truePeak: number } {
  const said = spawnSync(ffmpeg.path, ['-hide_banner', '-nostats', '-i', file, '-map', '0:a', '-af', 'ebur128=peak=true', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  const summary = said.slice(said.lastIndexOf('Summary:'));
  return { integrated: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]), truePeak: Number(/Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]) };
}

/** The mean volume (dBFS, ffmpeg's volumedetect) of a file's audio between two times in seconds; -91 for digital silence. */
function meanVolumeOf(file: string, fromS: number, toS: number): number {
  const said = spawnSync(ffmpeg.path, ['-hide_banner', '-nostats', '-ss', String(fromS), '-to', String(toS), '-i', file, '-map', '0:a', '-af', 'volumedetect', '-f', 'null', '-'], { encoding: 'utf8' }).stderr;
  const mean = /mean_volume:\s+(-?[\d.]+|-inf) dB/.exec(said)?.[1];
  return mean === undefined || mean === '-inf' ? -91 : Number(mean);
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const page = await localS3Client(stack().s3Endpoint).send(new ListObjectsV2Command({ Bucket: stack().bucketName, Prefix: prefix }));
  return (page.Contents ?? []).map((o) => o.Key!);
}

// The free plan holds 3 guides per organisation: each test has an author of its own.
describe('exports, each format end to end on a three-step guide', () => {
  let c: ApiClient;
  beforeEach(async () => {
    c = await author();
  });

  it('renders a narrated 1920×1080 MP4: H.264 and AAC, as long as its slides, captions beside it, downloaded as invite-a-teammate.mp4', async () => {
    const guide = await threeStepGuide(c, 'Invite a teammate', 1.2);
    const done = await exportAndWait(c, guide.id, { format: 'mp4', options: { resolution: '1080p' } });
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.progress).toBe(1);
    expect(done.fileName).toBe('invite-a-teammate.mp4');
    const { response, bytes } = await download(done.downloadUrl!);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="invite-a-teammate.mp4"');
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(bytes.length).toBe(done.bytes);
    // +faststart: the index (moov) comes before the media (mdat)
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    const file = path.join(work, 'guide.mp4');
    writeFileSync(file, bytes);
    const info = probe(file);
    const video = info.streams.filter((s) => s.codec_type === 'video');
    const audio = info.streams.filter((s) => s.codec_type === 'audio');
    expect(video).toEqual([expect.objectContaining({ codec_name: 'h264', width: 1920, height: 1080, pix_fmt: 'yuv420p', avg_frame_rate: '30/1' })]);
    expect(audio).toEqual([expect.objectContaining({ codec_name: 'aac' })]);
    expect(info.streams.filter((s) => s.codec_type === 'subtitle')).toEqual([expect.objectContaining({ codec_name: 'mov_text' })]);
    const expected = (INTRO_MS + OUTRO_MS + guide.slides.reduce((sum, s) => sum + slideDurationMs({ ...s, audioDurationMs: 1_200 }), 0)) / 1000;
    expect(Math.abs(Number(info.format.duration) - expected)).toBeLessThanOrEqual(0.2);
    const vtt = await download(done.subtitlesUrl!);
    expect(vtt.response.headers.get('content-disposition')).toBe('attachment; filename="invite-a-teammate.vtt"');
    const captions = vtt.bytes.toString('utf8');
    expect(captions.startsWith('WEBVTT')).toBe(true);
    for (const line of NARRATIONS) expect(captions).toContain(line);
    // loudness as ffmpeg's EBU R128 meter reads it: about -16 LUFS integrated, true peak under -1 dBTP
    const { integrated, truePeak } = loudnessOf(file);
    expect(Math.abs(integrated - -16), `integrated loudness ${integrated} LUFS`).toBeLessThanOrEqual(1);
    expect(truePeak, `true peak ${truePeak} dBTP`).toBeLessThanOrEqual(-1);
  }, 120_000);

  it('keeps the author\'s caption text ("&", dashes, emoji, tags as text) in the .vtt (escaped), the .srt and the MP4\'s subtitle track, two lines a cue at most', async () => {
    const guide = await threeStepGuide(c, 'Caption fidelity', 3);
    const narration = 'Click Save & Send — then wait 🎉 for <b>Sent</b>. The invoice goes to the customer at once and a copy lands in your outbox for later.';
    // the engine times only the spoken words: "&", "—" and the emoji have no timing of their own
    const spokenWords = narration.split(' ').filter((w) => /[\p{L}\p{N}]/u.test(w));
    const words = spokenWords.map((text, i) => ({ text, startMs: 100 + i * 110, endMs: 100 + i * 110 + 100 }));
    await db().entities.slide.patch({ guideId: guide.id, slideId: guide.slides[0]!.id }).set({ narration, words }).go();
    const done = await exportAndWait(c, guide.id, { format: 'mp4', options: { resolution: '720p' } });
    expect(done.state, done.error ?? '').toBe('done');

    const vtt = (await download(done.subtitlesUrl!)).bytes.toString('utf8');
    const vttText = vtt.split('\n\n').slice(1).map((block) => block.split('\n').slice(2).join(' ')).join(' ');
    expect(vttText).toContain('Click Save &amp; Send — then wait 🎉 for &lt;b&gt;Sent&lt;/b&gt;.');
    expect(vtt).not.toMatch(/<b>|<\/b>/);
    for (const block of vtt.split('\n\n').slice(1)) {
      const lines = block.trim().split('\n').slice(2);
      expect(lines.length).toBeLessThanOrEqual(2);
      for (const line of lines) expect([...line.replace(/&[a-z]+;/g, '_')].length).toBeLessThanOrEqual(42);
    }

    expect(done.subtitlesSrtUrl).toBeTruthy();
    const srt = await download(done.subtitlesSrtUrl!);
    expect(srt.response.headers.get('content-disposition')).toBe('attachment; filename="caption-fidelity.srt"');
    const srtText = srt.bytes.toString('utf8');
    // the first cue starts as the intro card ends: 3 s, or longer once the card's voice needs it
    expect(srtText.split('\n\n')[0]).toMatch(/^1\n00:00:0[3-9],\d{3} --> 00:00:\d\d,\d{3}\n/);
    const srtCues = srtText.trim().split('\n\n').map((block) => block.split('\n').slice(2).join(' '));
    expect(srtCues.join(' ')).toContain(narration);

    // the MP4's own subtitle track, read back as SubRip by ffmpeg
    const file = path.join(work, 'captions.mp4');
    writeFileSync(file, (await download(done.downloadUrl!)).bytes);
    const track = execFileSync(ffmpeg.path, ['-v', 'error', '-i', file, '-map', '0:s:0', '-f', 'srt', '-'], { encoding: 'utf8' });
    const trackText = track.trim().split(/\r?\n\r?\n/).map((block) => block.split(/\r?\n/).slice(2).join(' ')).join(' ');
    expect(trackText).toContain('Click Save & Send — then wait 🎉 for');
    expect(trackText).toContain('The invoice goes to the customer at once');
    // the same cue split in the track as in the files
    expect(track.trim().split(/\r?\n\r?\n/)).toHaveLength(srtText.trim().split('\n\n').length);
  }, 120_000);

  it('voices the intro and outro cards of a narrated MP4 from their text, in the guide’s voice: sound over each card’s time range', async () => {
    const guide = await threeStepGuide(c, 'Voiced cards', 1.2);
    const cards = await c.request('PATCH', `/api/guides/${guide.id}`, {
      introCard: { title: 'Invite a teammate in two minutes', subtitle: 'From the settings to a sent invitation' },
      outroCard: { title: 'Your teammate is on the way', cta: { label: 'Open the team page', url: 'https://example.com/team' } },
    });
    expect(cards.status, cards.text).toBe(200);
    const done = await exportAndWait(c, guide.id, { format: 'mp4', options: { resolution: '720p' } });
    expect(done.state, done.error ?? '').toBe('done');
    const file = path.join(work, 'voiced-cards.mp4');
    writeFileSync(file, (await download(done.downloadUrl!)).bytes);
    const duration = Number(probe(file).format.duration);
    // The intro is the first INTRO_MS at least, the outro the last OUTRO_MS at least; each must carry speech.
    expect(meanVolumeOf(file, 0.1, INTRO_MS / 1000 - 0.2), 'the intro card’s sound').toBeGreaterThan(-45);
    expect(meanVolumeOf(file, duration - OUTRO_MS / 1000 + 0.1, duration - 0.1), 'the outro card’s sound').toBeGreaterThan(-45);
  }, 180_000);

  it('renders a 720p MP4 of a guide without voiceovers, each slide as long as its reading time', async () => {
    const guide = await threeStepGuide(c, 'Reading time');
    const done = await exportAndWait(c, guide.id, { format: 'mp4', options: { resolution: '720p', burnCaptions: false } });
    expect(done.state, done.error ?? '').toBe('done');
    const file = path.join(work, 'silent.mp4');
    writeFileSync(file, (await download(done.downloadUrl!)).bytes);
    const info = probe(file);
    expect(info.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 });
    expect(info.streams.filter((s) => s.codec_type === 'audio')).toHaveLength(1);
    const expected = (INTRO_MS + OUTRO_MS + guide.slides.reduce((sum, s) => sum + slideDurationMs({ ...s, audioDurationMs: null }), 0)) / 1000;
    expect(Math.abs(Number(info.format.duration) - expected)).toBeLessThanOrEqual(0.2);
  }, 120_000);

  it('renders a PDF with a title page and every step as real text, on Letter pages when asked', async () => {
    const guide = await threeStepGuide(c, 'Invite a teammate ✓ "quoted" <b>');
    const done = await exportAndWait(c, guide.id, { format: 'pdf', options: { pageSize: 'letter' } });
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.fileName).toBe(`${slugifyTitle(guide.title)}.pdf`);
    const { response, bytes } = await download(done.downloadUrl!);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.getPageCount()).toBeGreaterThanOrEqual(2);
    expect(parsed.getPage(0).getSize()).toEqual({ width: 612, height: 792 });
    const { totalPages, text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
    expect(totalPages).toBe(parsed.getPageCount());
    for (const needle of ['Invite a teammate ✓ "quoted" <b>', '3 steps', 'Step 1', 'Step 3', 'Open Settings', 'Press Invite', NARRATIONS[1]!]) {
      expect(text).toContain(needle);
    }
  }, 60_000);

  it('renders a PDF that reads as a document: its language set, a bookmark per step opening on its page, and the call to action a real link', async () => {
    const guide = await threeStepGuide(c, 'Invite a teammate');
    const patched = await c.request('PATCH', `/api/guides/${guide.id}`, { outroCard: { title: 'All set', cta: { label: 'Open the team page', url: 'https://app.example/team' } } });
    expect(patched.status).toBe(200);
    const done = await exportAndWait(c, guide.id, { format: 'pdf' });
    expect(done.state, done.error ?? '').toBe('done');
    const bytes = (await download(done.downloadUrl!)).bytes;
    const parsed = await PDFDocument.load(bytes);
    expect(parsed.catalog.get(PDFName.of('Lang'))?.toString()).toBe('(en-US)');
    // pdf.js takes its buffer over: each reader gets a copy
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const outline = await pdf.getOutline();
    expect(outline.map((item) => item.title)).toEqual(['Step 1: Open Settings', 'Step 2: Choose Team', 'Step 3: Press Invite']);
    for (const [i, item] of outline.entries()) {
      const destination = item.dest as unknown[];
      const page = await pdf.getPageIndex(destination[0] as { num: number; gen: number });
      expect(text[page], `step ${i + 1}'s bookmark opens on its page`).toContain(`Step ${i + 1}`);
    }
    const last = await pdf.getPage(pdf.numPages);
    const links = (await last.getAnnotations()) as Array<{ subtype: string; url?: string }>;
    expect(links.filter((a) => a.subtype === 'Link').map((a) => a.url)).toEqual(['https://app.example/team']);
  }, 60_000);

  it('draws the guide’s emoji in the PDF (a monochrome emoji font beside DejaVu) instead of "?"', async () => {
    const guide = await threeStepGuide(c, 'Ship it 🚀');
    expect((await c.request('PATCH', `/api/guides/${guide.id}/slides/${guide.slides[0]!.id}`, { text: 'Click **Send** 🎉', narration: 'Then wait ✅ for the mail.' })).status).toBe(200);
    const done = await exportAndWait(c, guide.id, { format: 'pdf' });
    expect(done.state, done.error ?? '').toBe('done');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array((await download(done.downloadUrl!)).bytes)), { mergePages: true });
    for (const needle of ['Ship it 🚀', '🎉', 'Then wait ✅ for the mail.']) expect(text).toContain(needle);
    expect(text).not.toMatch(/Ship it \?|Send \?/);
  }, 60_000);

  it('puts several steps on a PDF page where they fit: two short steps with their screenshots share an A4 page', async () => {
    const guide = await threeStepGuide(c, 'Invite a teammate');
    const done = await exportAndWait(c, guide.id, { format: 'pdf' });
    expect(done.state, done.error ?? '').toBe('done');
    const { text } = await extractText(await getDocumentProxy(new Uint8Array((await download(done.downloadUrl!)).bytes)), { mergePages: false });
    // after the title page and the contents: step 1 and step 2 on one page
    const steps = text.slice(2);
    const first = steps.findIndex((page) => page.includes('Step 1'));
    expect(steps[first]).toContain('Step 2');
    expect(text.length).toBeLessThanOrEqual(4);
  }, 60_000);

  it('shows each step of the PDF as the full screenshot and a zoomed crop around the click by default, or one of them as the author chooses', async () => {
    const guide = await threeStepGuide(c, 'Invite a teammate');
    const imagesPerStep = async (options: object) => {
      const done = await exportAndWait(c, guide.id, { format: 'pdf', options });
      expect(done.state, done.error ?? '').toBe('done');
      const parsed = await PDFDocument.load((await download(done.downloadUrl!)).bytes);
      let images = 0;
      for (const page of parsed.getPages()) {
        const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
        images += xObjects ? xObjects.keys().length : 0;
      }
      return images / guide.slides.length;
    };
    expect(await imagesPerStep({})).toBe(2);
    expect(await imagesPerStep({ pictures: 'full' })).toBe(1);
    expect(await imagesPerStep({ pictures: 'zoomed' })).toBe(1);
    expect((await c.post(`/api/guides/${guide.id}/exports`, { format: 'pdf', options: { pictures: 'cropped' } })).status).toBe(422);
  }, 90_000);

  it('opens the PDF with a table of contents after the title page: each step a line that links to its page', async () => {
    const guide = await threeStepGuide(c, 'Invite a teammate');
    const done = await exportAndWait(c, guide.id, { format: 'pdf' });
    expect(done.state, done.error ?? '').toBe('done');
    const bytes = (await download(done.downloadUrl!)).bytes;
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
    expect(text[1]).toContain('Contents');
    for (const line of ['Step 1: Open Settings', 'Step 2: Choose Team', 'Step 3: Press Invite']) expect(text[1]).toContain(line);
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const contents = await pdf.getPage(2);
    const links = ((await contents.getAnnotations()) as Array<{ subtype: string; dest?: unknown[] }>).filter((a) => a.subtype === 'Link');
    expect(links).toHaveLength(3);
    for (const [i, link] of links.entries()) {
      const page = await pdf.getPageIndex(link.dest![0] as { num: number; gen: number });
      expect(text[page], `the contents line of step ${i + 1} opens its page`).toContain(`Step ${i + 1}`);
    }
  }, 60_000);

  it('flows a narration longer than a page (4,800 characters, under the 5,000 allowed) on to the next page of the PDF instead of off the bottom of its page', async () => {
    const guide = await threeStepGuide(c, 'Long narration');
    const narration = `${'Open the billing settings and choose the plan your team needs before the trial ends. '.repeat(56)}The very last sentence.`;
    expect((await c.request('PATCH', `/api/guides/${guide.id}/slides/${guide.slides[0]!.id}`, { narration })).status).toBe(200);
    const done = await exportAndWait(c, guide.id, { format: 'pdf' });
    expect(done.state, done.error ?? '').toBe('done');
    const pdf = await getDocumentProxy(new Uint8Array((await download(done.downloadUrl!)).bytes));
    let text = '';
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const [, , , height] = page.view as [number, number, number, number];
      const items = (await page.getTextContent()).items as Array<{ str: string; transform: number[] }>;
      for (const item of items) {
        // every line of text lies on its page, above the bottom margin's footer line
        expect(item.transform[5]!, `"${item.str.slice(0, 30)}" on page ${n}`).toBeGreaterThanOrEqual(20);
        expect(item.transform[5]!).toBeLessThanOrEqual(height);
      }
      text += items.map((item) => item.str).join(' ');
    }
    expect(text).toContain('The very last sentence.');
  }, 60_000);

  it('renders Markdown as a zip of guide.md and its images, with headings and numbered steps', async () => {
    const guide = await threeStepGuide(c, 'Invite *a* [teammate]');
    const done = await exportAndWait(c, guide.id, { format: 'markdown' });
    expect(done.state, done.error ?? '').toBe('done');
    expect(done.fileName).toBe('invite-a-teammate.zip');
    const { response, bytes } = await download(done.downloadUrl!);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(bytes));
    expect(Object.keys(entries).filter((name) => !name.endsWith('/')).sort()).toEqual(['guide.md', 'images/step-01.png', 'images/step-02.png', 'images/step-03.png']);
    for (const name of ['images/step-01.png', 'images/step-03.png']) {
      expect((await sharp(Buffer.from(entries[name]!)).metadata()).format).toBe('png');
    }
    const markdown = new TextDecoder().decode(entries['guide.md']);
    expect(markdown.split('\n').slice(0, 8)).toEqual([
      '# Invite \\*a\\* \\[teammate\\]',
      '',
      '3 steps, exported from Stepcast.',
      '',
      '1. Open **Settings**',
      '2. Choose **Team**',
      '3. Press **Invite**',
      '',
    ]);
    expect(markdown).toContain('## Step 2: Choose **Team**\n\nChoose the team you want to grow.\n\n![Step 2: Choose Team](images/step-02.png)');
  }, 60_000);

  it('renders one HTML file that shows every step and plays its narration in Chromium with no network at all', async () => {
    const guide = await threeStepGuide(c, 'Offline guide', 1);
    const done = await exportAndWait(c, guide.id, { format: 'html' });
    expect(done.state, done.error ?? '').toBe('done');
    const { response, bytes } = await download(done.downloadUrl!);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const file = path.join(work, 'offline-guide.html');
    writeFileSync(file, bytes);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, '--autoplay-policy=no-user-gesture-required'] });
    try {
      const context = await browser.newContext({ offline: true });
      const requested: string[] = [];
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (url.startsWith('file:') || url.startsWith('data:')) return route.continue();
        requested.push(url);
        return route.abort();
      });
      const page = await context.newPage();
      await page.goto(`file://${file}`);
      await page.waitForLoadState('load');
      expect(await page.title()).toBe('Offline guide');
      const images = await page.$$eval('img', (list) => list.map((img) => ({ complete: img.complete, width: img.naturalWidth, alt: img.alt })));
      expect(images).toEqual([
        { complete: true, width: 1280, alt: 'Step 1: Open Settings' },
        { complete: true, width: 1280, alt: 'Step 2: Choose Team' },
        { complete: true, width: 1280, alt: 'Step 3: Press Invite' },
      ]);
      expect(await page.locator('.ring').count()).toBe(3);
      await page.getByRole('button', { name: 'Play the guide' }).click();
      await page.waitForFunction(() => {
        const audio = document.querySelector('audio');
        return !!audio && audio.currentTime > 0.2;
      });
      expect(await page.locator('[aria-current="step"] h2').textContent()).toBe('Step 1');
      expect(requested).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe('exports: reuse, one at a time, failure, deletion', () => {
  let c: ApiClient;
  beforeEach(async () => {
    c = await author();
  });

  it('reuses a finished export of the same guide, format and options, and renders again once the guide changes', async () => {
    const guide = await threeStepGuide(c, 'Reused');
    const first = await exportAndWait(c, guide.id, { format: 'pdf' });
    const again = await c.post(`/api/guides/${guide.id}/exports`, { format: 'pdf', options: { pageSize: 'a4' } });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ id: first.id, state: 'done' });
    const letter = await c.post(`/api/guides/${guide.id}/exports`, { format: 'pdf', options: { pageSize: 'letter' } });
    expect(letter.status).toBe(202);
    await stack().server.workers.idle();
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${guide.slides[0]!.id}`, { text: 'Open the **Settings** page' });
    const changed = await c.post(`/api/guides/${guide.id}/exports`, { format: 'pdf' });
    expect(changed.status).toBe(202);
    expect(changed.json.id).not.toBe(first.id);
    await stack().server.workers.idle();
    const list = ExportListDto.parse((await c.get(`/api/guides/${guide.id}/exports`)).json);
    expect(list.items.map((item) => item.id)).toEqual([changed.json.id, letter.json.id, first.id]);
    expect(list.items.every((item) => item.state === 'done' && item.downloadUrl)).toBe(true);
  }, 60_000);

  it('runs one export per guide and format at a time: another MP4 while one renders is a conflict, until that one is deleted, leaving no file', async () => {
    const guide = await threeStepGuide(c, 'One at a time');
    const first = await c.post(`/api/guides/${guide.id}/exports`, { format: 'mp4', options: { resolution: '720p' } });
    expect(first.status).toBe(202);
    const same = await c.post(`/api/guides/${guide.id}/exports`, { format: 'mp4', options: { resolution: '720p' } });
    expect(same.status).toBe(200);
    expect(same.json.id).toBe(first.json.id);
    const other = await c.post(`/api/guides/${guide.id}/exports`, { format: 'mp4', options: { resolution: '720p', burnCaptions: false } });
    expect(other.status).toBe(409);
    expect(ErrorBody.parse(other.json).error.message).toMatch(/already running/);
    const pdf = await c.post(`/api/guides/${guide.id}/exports`, { format: 'pdf' });
    expect(pdf.status).toBe(202);

    // The author deletes the MP4 while it renders: it leaves no file behind, and the guide may
    // have another MP4 at once. (Its render stops at the next progress write; one render less here.)
    await expect.poll(async () => ExportDto.parse((await c.get(`/api/exports/${first.json.id}`)).json).state, { timeout: 60_000 }).toBe('running');
    expect((await c.request('DELETE', `/api/exports/${first.json.id}`)).status).toBe(204);
    const after = await c.post(`/api/guides/${guide.id}/exports`, { format: 'mp4', options: { resolution: '720p', burnCaptions: false } });
    expect(after.status).toBe(202);
    await stack().server.workers.idle();
    expect((await c.get(`/api/exports/${first.json.id}`)).status).toBe(404);
    expect(await objectsUnder('orgs/').then((keys) => keys.filter((k) => k.includes(`/exports/${first.json.id}/`)))).toEqual([]);
    expect((await c.get(`/api/exports/${after.json.id}`)).json).toMatchObject({ state: 'done' });
    expect((await c.get(`/api/exports/${pdf.json.id}`)).json).toMatchObject({ state: 'done' });
  }, 120_000);

  it('leaves an export whose screenshot cannot be read failed, with a message and nothing to download, and retries it', async () => {
    const guide = await threeStepGuide(c, 'Broken screenshot');
    const s3 = localS3Client(stack().s3Endpoint);
    await s3.send(new DeleteObjectCommand({ Bucket: stack().bucketName, Key: guide.slides[1]!.screenshotKey! }));
    const failed = await exportAndWait(c, guide.id, { format: 'pdf' });
    expect(failed).toMatchObject({ state: 'failed', downloadUrl: null, bytes: null, fileName: null });
    expect(failed.error).toBe('The export failed: The screenshot of step 2 is missing.');
    expect(await objectsUnder(`orgs/`).then((keys) => keys.filter((k) => k.includes(`/exports/${failed.id}/`)))).toEqual([]);

    await s3.send(new PutObjectCommand({ Bucket: stack().bucketName, Key: guide.slides[1]!.screenshotKey!, Body: await screenshot(2), ContentType: 'image/png' }));
    const retried = await c.post(`/api/exports/${failed.id}/retry`);
    expect(retried.status).toBe(202);
    await stack().server.workers.idle();
    expect((await c.get(`/api/exports/${retried.json.id}`)).json).toMatchObject({ state: 'done' });
    expect((await c.get(`/api/exports/${failed.id}`)).status).toBe(404);
  }, 60_000);

  it('never leaves an export running when its worker died: it reads as failed, and a redelivery renders it', async () => {
    const guide = await threeStepGuide(c, 'Worker died');
    const done = await exportAndWait(c, guide.id, { format: 'markdown' });
    // As a worker that died mid-job leaves it: running, its lease no longer renewed.
    await db().entities.export.patch({ exportId: done.id }).set({ state: 'running', progress: 0.4, leaseUntil: Date.now() - 1_000 }).go();
    expect(await ExportJob.run(done.id, { receiveCount: 2, maxReceiveCount: 2 })).toBe('done');
    expect((await c.get(`/api/exports/${done.id}`)).json).toMatchObject({ state: 'done', progress: 1 });

    await db().entities.export.patch({ exportId: done.id }).set({ state: 'running', progress: 0.4, leaseUntil: Date.now() - 1_000 }).go();
    const read = ExportDto.parse((await c.get(`/api/exports/${done.id}`)).json);
    expect(read).toMatchObject({ state: 'failed', error: ABANDONED_MESSAGE, downloadUrl: null });
    // a late redelivery does not bring it back
    expect(await ExportJob.run(done.id, { receiveCount: 2, maxReceiveCount: 2 })).toBe('skipped');
  }, 60_000);

  it('deletes an export with its files, and a guide with its exports', async () => {
    const guide = await threeStepGuide(c, 'Deleted');
    const done = await exportAndWait(c, guide.id, { format: 'html', options: { audio: false } });
    // Export files are kept in the private place whatever the guide's visibility.
    const prefix = `private/${guide.slides[0]!.screenshotKey!.replace(/[^/]+$/, '')}exports/${done.id}/`;
    expect(await objectsUnder(prefix)).toEqual([`${prefix}deleted.html`]);
    expect((await c.request('DELETE', `/api/exports/${done.id}`)).status).toBe(204);
    expect((await c.get(`/api/exports/${done.id}`)).status).toBe(404);
    expect(await objectsUnder(prefix)).toEqual([]);

    const other = await exportAndWait(c, guide.id, { format: 'markdown' });
    expect((await c.request('DELETE', `/api/guides/${guide.id}`)).status).toBe(204);
    expect((await db().entities.export.get({ exportId: other.id }).go()).data).toBeNull();
  }, 60_000);
});

describe('exports and visibility', () => {
  it('never serves an export at /assets, and renders a private guide from its private screenshots', async () => {
    const c = await author();
    const guide = await threeStepGuide(c, 'Private steps');
    const publicExport = await exportAndWait(c, guide.id, { format: 'html', options: { audio: false } });
    const key = `${guide.slides[0]!.screenshotKey!.replace(/[^/]+$/, '')}exports/${publicExport.id}/private-steps.html`;
    expect((await fetch(`${stack().url}/assets/${key}`)).status).toBe(404);
    expect((await download(publicExport.downloadUrl!)).bytes.length).toBe(publicExport.bytes);

    expect((await c.request('PATCH', `/api/guides/${guide.id}`, { visibility: 'private' })).status).toBe(200);
    // Still downloadable once the guide is private: the move leaves download files where they are.
    expect((await download(ExportDto.parse((await c.get(`/api/exports/${publicExport.id}`)).json).downloadUrl!)).response.status).toBe(200);
    const pdf = await exportAndWait(c, guide.id, { format: 'pdf' });
    expect(pdf.state, pdf.error ?? '').toBe('done');
    const { bytes } = await download(pdf.downloadUrl!);
    // Every step is in it (an unreadable screenshot fails the export): a bookmark each. The page
    // count says nothing since steps share pages and a contents page leads.
    expect((await (await getDocumentProxy(new Uint8Array(bytes))).getOutline()).map((item) => item.title)).toHaveLength(3);
  }, 60_000);
});

describe('exports: permissions and bad input', () => {
  let owner: ApiClient;
  let stranger: ApiClient;
  let guide: GuideDto;
  let exportId: string;
  beforeAll(async () => {
    owner = await author();
    stranger = await author();
    guide = await threeStepGuide(owner, 'Private matters');
    exportId = (await exportAndWait(owner, guide.id, { format: 'markdown' })).id;
  }, 60_000);

  it.each([
    ['create', 'POST', () => `/api/guides/${guide.id}/exports`, { format: 'pdf' }],
    ['list', 'GET', () => `/api/guides/${guide.id}/exports`, undefined],
    ['read', 'GET', () => `/api/exports/${exportId}`, undefined],
    ['retry', 'POST', () => `/api/exports/${exportId}/retry`, {}],
    ['delete', 'DELETE', () => `/api/exports/${exportId}`, undefined],
  ])("someone else's guide or export is not found (%s)", async (_name, method, url, body) => {
    const response = await stranger.request(method, url(), body);
    expect(response.status).toBe(404);
    expect(ErrorBody.parse(response.json).error.code).toBe('not_found');
    const anonymous = await new ApiClient(stack().url).request(method, url(), body);
    expect(anonymous.status).toBe(401);
    expect((await owner.get(`/api/exports/${exportId}`)).json).toMatchObject({ state: 'done' });
  });

  it.each([
    ['an unknown format', { format: 'docx' }],
    ['no format', { options: {} }],
    ['an unknown option', { format: 'pdf', options: { pageSize: 'a4', colour: true } }],
    ['an option of another format', { format: 'markdown', options: { resolution: '720p' } }],
    ['a bad option value', { format: 'mp4', options: { resolution: '4k' } }],
    ['an unknown field', { format: 'pdf', watermark: 'x' }],
  ])('refuses %s with 422 and changes nothing', async (_name, body) => {
    const before = ExportListDto.parse((await owner.get(`/api/guides/${guide.id}/exports`)).json).items.length;
    const response = await owner.post(`/api/guides/${guide.id}/exports`, body);
    expect(response.status).toBe(422);
    expect(ErrorBody.parse(response.json).error.code).toBe('validation_failed');
    expect(ExportListDto.parse((await owner.get(`/api/guides/${guide.id}/exports`)).json).items.length).toBe(before);
  });

  it('refuses a guide with no steps with 409 and a message', async () => {
    const empty = (await owner.post('/api/guides', { title: 'Empty' })).json as GuideDto;
    expect(empty.id).toBeDefined();
    const response = await owner.post(`/api/guides/${empty.id}/exports`, { format: 'mp4' });
    expect(response.status).toBe(409);
    expect(ErrorBody.parse(response.json).error.message).toBe('This guide has no steps yet. Add a step before exporting it.');
  });

  it('refuses a malformed export id with 422', async () => {
    expect((await owner.get('/api/exports/not-an-id')).status).toBe(422);
  });
});

/** Every ring in the picture sits on a click (within 2 px); answers how many there were. */
async function expectRingsOnMarkers(image: Picture, label: string): Promise<number> {
  const rings = await ringOffsets(image);
  for (const ring of rings) expect(ring.offset, `${label}: ring at ${ring.x.toFixed(1)},${ring.y.toFixed(1)}`).toBeLessThanOrEqual(2);
  return rings.length;
}

async function expectRingOnMarker(image: Picture, label: string) {
  expect(await expectRingsOnMarkers(image, label), `${label}: one ring`).toBe(1);
}

async function markedGuide(c: ApiClient, title: string): Promise<GuideDto> {
  const guide = (await c.post('/api/guides', { title })).json as GuideDto;
  for (const [i, click] of CLICKS.entries()) {
    const image = await markedScreen(click);
    const upload = await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length });
    expect([200, 201, 204]).toContain(await postUpload(upload.json, image, 'image/png'));
    expect((await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.json.key, text: `Step **${i + 1}**`, click })).status).toBe(201);
  }
  return (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
}

describe('the highlight ring sits on the click in every export that draws it (read back from the pixels, within 2 px)', () => {
  let c: ApiClient;
  beforeEach(async () => {
    c = await author();
  });

  it('in the Markdown export’s images', async () => {
    const guide = await markedGuide(c, 'Ring markdown');
    const done = await exportAndWait(c, guide.id, { format: 'markdown' });
    expect(done.state, done.error ?? '').toBe('done');
    const entries = unzipSync(new Uint8Array((await download(done.downloadUrl!)).bytes));
    for (const [i] of CLICKS.entries()) await expectRingOnMarker(Buffer.from(entries[`images/step-0${i + 1}.png`]!), `markdown step ${i + 1}`);
  }, 60_000);

  it('in the HTML export as Chromium draws it', async () => {
    const guide = await markedGuide(c, 'Ring html');
    const done = await exportAndWait(c, guide.id, { format: 'html' });
    expect(done.state, done.error ?? '').toBe('done');
    const file = path.join(work, 'ring.html');
    writeFileSync(file, (await download(done.downloadUrl!)).bytes);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
      await page.goto(`file://${file}`);
      const figures = page.locator('img').locator('xpath=..');
      for (const [i] of CLICKS.entries()) {
        await expectRingOnMarker(await figures.nth(i).screenshot({ animations: 'disabled' }), `html step ${i + 1}`);
      }
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('in the PDF as pdf.js draws its pages', async () => {
    const guide = await markedGuide(c, 'Ring pdf');
    // the full screenshot alone, drawn the page's width: beside its zoomed crop (the default) it is
    // half as wide, and the 14 px marker too small for the pixel reader
    const done = await exportAndWait(c, guide.id, { format: 'pdf', options: { pictures: 'full' } });
    expect(done.state, done.error ?? '').toBe('done');
    const pdf = (await download(done.downloadUrl!)).bytes;
    // pdf.js (the build unpdf ships) renders each page to a canvas in Chromium, at 2 px a point
    const pdfjs = readFileSync(path.join(path.dirname(createRequire(import.meta.url).resolve('unpdf')), 'pdfjs.mjs'));
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.route('http://pdf.test/**', (route) => {
        const { pathname } = new URL(route.request().url());
        if (pathname === '/pdfjs.mjs') return route.fulfill({ body: pdfjs, contentType: 'text/javascript' });
        if (pathname === '/guide.pdf') return route.fulfill({ body: pdf, contentType: 'application/pdf' });
        return route.fulfill({ body: '<!doctype html><title>pdf</title>', contentType: 'text/html' });
      });
      await page.goto('http://pdf.test/');
      // as a string: the test runner would rewrite an import() written as code
      const pages = await page.evaluate<string[]>(`(async () => {
        const lib = await import('/pdfjs.mjs');
        const doc = await lib.getDocument({ data: new Uint8Array(await (await fetch('/guide.pdf')).arrayBuffer()) }).promise;
        const out = [];
        for (let n = 1; n <= doc.numPages; n++) {
          const pdfPage = await doc.getPage(n);
          const viewport = pdfPage.getViewport({ scale: 2 });
          const canvas = document.createElement('canvas');
          canvas.width = viewport.width;
          canvas.height = viewport.height;
          await pdfPage.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
          out.push(canvas.toDataURL('image/png'));
        }
        return out;
      })()`);
      let rings = 0;
      for (const [n, url] of pages.entries()) rings += await expectRingsOnMarkers(Buffer.from(url.split(',')[1]!, 'base64'), `pdf page ${n + 1}`);
      expect(rings).toBe(CLICKS.length);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('in the MP4’s frames once zoomed, and the zoom shows only the screenshot', async () => {
    const guide = await markedGuide(c, 'Ring video');
    const done = await exportAndWait(c, guide.id, { format: 'mp4', options: { resolution: '720p', burnCaptions: false } });
    expect(done.state, done.error ?? '').toBe('done');
    const file = path.join(work, 'ring.mp4');
    writeFileSync(file, (await download(done.downloadUrl!)).bytes);
    // each slide lasts its reading time (4 s): a frame 3 s into it is zoomed, before its fade
    for (const [i] of CLICKS.entries()) {
      const at = (INTRO_MS + i * 4_000 + 3_000) / 1000;
      const raw = execFileSync(ffmpeg.path, ['-v', 'error', '-ss', String(at), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { maxBuffer: 64 * 1024 * 1024 });
      await expectRingOnMarker({ raw, width: 1280, height: 720 }, `mp4 step ${i + 1}`);
      // zoomed in, the picture is all screenshot (light greys, the marker, the ring): none of the
      // dimmed backdrop beside it, even for a click near its edge (the marker's soft edges are a
      // few hundred such pixels; a strip of backdrop beside the screenshot was 64,082 at 720p)
      let outside = 0;
      for (let p = 0; p < raw.length; p += 3) if (Math.max(raw[p]!, raw[p + 1]!, raw[p + 2]!) < 165 && Math.min(raw[p]!, raw[p + 1]!, raw[p + 2]!) > 15) outside++;
      expect(outside, `mp4 step ${i + 1}: pixels of the backdrop in the zoomed frame`).toBeLessThan(1_000);
    }
  }, 120_000);
});
