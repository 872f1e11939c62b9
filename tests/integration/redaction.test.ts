import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import { ExportDto } from '#shared/exports';
import type { GuideDto, SlideDto } from '#shared/guides';
import { REDACTION_FILL } from '#shared/redaction';
import { RedactSlideResponse, type RedactionBox } from '#shared/redaction-boxes';
import { ScreenshotChangeDto } from '#shared/slide-tools';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { sharePath } from '#shared/share/link';
import { db } from '../../functions/db/service';
import { ApiClient, signUp } from '../support/api-client';
import { makePro } from '../support/team';
import { readHead } from '../support/html-head';
import { postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';
import { objectExists } from '../support/storage';

const stack = useIsolatedStack();
const WIDTH = 320;
const HEIGHT = 200;

/** A screenshot full of detail (every pixel its own colour), so any cover changes what it covers. */
async function busyImage(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let state = seed;
  for (let i = 0; i < raw.length; i++) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    raw[i] = state >> 16;
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).png().toBuffer();
}

async function pixels(bytes: Uint8Array): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

const inside = (box: Pick<RedactionBox, 'x' | 'y' | 'width' | 'height'>, x: number, y: number) => x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height;

/** An author on Pro: the redaction test exports its guides, a Pro feature. */
async function author() {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  await makePro(user.id);
  return client;
}

async function addShot(c: ApiClient, guideId: string, seed: number, extra: Record<string, unknown> = {}): Promise<SlideDto> {
  const image = await busyImage(seed);
  const upload = (await c.post(`/api/guides/${guideId}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
  expect([200, 201, 204]).toContain(await postUpload(upload, image, 'image/png'));
  const added = await c.post(`/api/guides/${guideId}/slides`, { screenshotKey: upload.key, text: `Step ${seed}`, narration: `Say ${seed}.`, ...extra });
  expect(added.status, added.text).toBe(201);
  return added.json as SlideDto;
}

async function publishedGuide(c: ApiClient) {
  const guide = (await c.post('/api/guides', { title: 'Update billing email' })).json as GuideDto;
  const first = await addShot(c, guide.id, 1);
  const second = await addShot(c, guide.id, 2);
  expect((await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
  return { guide, first, second };
}

async function exportMarkdown(c: ApiClient, guideId: string): Promise<ExportDto> {
  const created = await c.post(`/api/guides/${guideId}/exports`, { format: 'markdown' });
  expect(created.status, created.text).toBe(202);
  await stack().server.workers.idle();
  const done = ExportDto.parse((await c.get(`/api/exports/${ExportDto.parse(created.json).id}`)).json);
  expect(done.state, done.error ?? '').toBe('done');
  return done;
}

const BOXES: RedactionBox[] = [
  { x: 40, y: 30, width: 100, height: 50, style: 'pixelate' },
  { x: 200, y: 120, width: 60, height: 40, style: 'solid' },
  { x: 150, y: 10, width: 50, height: 40, style: 'blur' },
];

describe('POST /api/guides/{id}/slides/{slideId}/redact', () => {
  it('redaction bakes pixels: the boxes change the served image, nothing else does, and the original, its preview and exports answer 404', async () => {
    const c = await author();
    const { guide, second } = await publishedGuide(c);
    const before = await (await fetch(`${stack().url}${second.screenshotUrl}`)).arrayBuffer();
    const sharedBefore = (await c.get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    // The social preview is made from the second slide.
    expect(sharedBefore.socialImageUrl).toBeTruthy();
    expect((await fetch(`${stack().url}${sharedBefore.socialImageUrl}`)).status).toBe(200);
    const oldExport = await exportMarkdown(c, guide.id);

    const response = await c.post(`/api/guides/${guide.id}/slides/${second.id}/redact`, { boxes: BOXES });
    expect(response.status, response.text).toBe(200);
    const { slides } = RedactSlideResponse.parse(response.json);
    expect(slides.map((s) => s.id)).toEqual([second.id]);
    const redacted = slides[0]!;
    expect(redacted.screenshotKey).not.toBe(second.screenshotKey);
    expect([redacted.width, redacted.height]).toEqual([WIDTH, HEIGHT]);

    const served = await fetch(`${stack().url}${redacted.screenshotUrl}`);
    expect(served.status).toBe(200);
    const [was, now] = await Promise.all([pixels(new Uint8Array(before)), pixels(new Uint8Array(await served.arrayBuffer()))]);
    expect([now.width, now.height]).toEqual([WIDTH, HEIGHT]);
    const changed = BOXES.map(() => 0);
    let changedOutside = 0;
    for (let y = 0; y < HEIGHT; y++) {
      for (let x = 0; x < WIDTH; x++) {
        const i = (y * WIDTH + x) * 3;
        const differs = was.data[i] !== now.data[i] || was.data[i + 1] !== now.data[i + 1] || was.data[i + 2] !== now.data[i + 2];
        const box = BOXES.findIndex((b) => inside(b, x, y));
        if (box >= 0) changed[box]! += differs ? 1 : 0;
        else changedOutside += differs ? 1 : 0;
      }
    }
    expect(changedOutside).toBe(0);
    BOXES.forEach((box, index) => expect(changed[index]! / (box.width * box.height), `${box.style} box`).toBeGreaterThan(0.95));
    const solid = BOXES[1]!;
    const centre = ((solid.y + 20) * WIDTH + solid.x + 30) * 3;
    expect([...now.data.subarray(centre, centre + 3)]).toEqual([REDACTION_FILL.r, REDACTION_FILL.g, REDACTION_FILL.b]);

    // The original is gone from storage and from its URL.
    expect(await objectExists(stack(), second.screenshotKey!)).toBe(false);
    expect((await fetch(`${stack().url}${second.screenshotUrl}`)).status).toBe(404);

    // The share page, its og:image and the guide read the new picture; the old preview is gone.
    const shared = (await c.get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    expect(shared.slides[1]!.screenshotUrl).toBe(redacted.screenshotUrl);
    expect(shared.socialImageUrl).toBeTruthy();
    expect(shared.socialImageUrl).not.toBe(sharedBefore.socialImageUrl);
    expect((await fetch(`${stack().url}${sharedBefore.socialImageUrl}`)).status).toBe(404);
    expect((await fetch(`${stack().url}${shared.socialImageUrl}`)).status).toBe(200);
    const head = readHead(await (await fetch(`${stack().url}${sharePath(guide)}`)).text());
    expect(head.property('og:image')).toBe(`${stack().url}${shared.socialImageUrl}`);

    // The export made before is gone with its file; a new one shows the redacted picture.
    expect((await c.get(`/api/exports/${oldExport.id}`)).status).toBe(404);
    expect((await fetch(oldExport.downloadUrl!)).status).toBe(404);
    const fresh = await exportMarkdown(c, guide.id);
    expect(fresh.id).not.toBe(oldExport.id);
    const entries = unzipSync(new Uint8Array(await (await fetch(fresh.downloadUrl!)).arrayBuffer()));
    const exported = await pixels(entries['images/step-02.png']!);
    expect(exported.data.equals(now.data)).toBe(true);
  });

  it.each([
    ['a box outside the image', { boxes: [{ x: 300, y: 10, width: 40, height: 20, style: 'solid' }] }],
    ['a box of zero size', { boxes: [{ x: 10, y: 10, width: 0, height: 20, style: 'blur' }] }],
    ['a negative position', { boxes: [{ x: -5, y: 10, width: 20, height: 20, style: 'blur' }] }],
    ['too many boxes', { boxes: Array.from({ length: 51 }, () => ({ x: 1, y: 1, width: 5, height: 5, style: 'solid' })) }],
    ['a style there is not', { boxes: [{ x: 10, y: 10, width: 20, height: 20, style: 'sparkle' }] }],
    ['no boxes', { boxes: [] }],
    ['fractional pixels', { boxes: [{ x: 10.5, y: 10, width: 20, height: 20, style: 'solid' }] }],
    ['an unknown field', { boxes: [{ x: 10, y: 10, width: 20, height: 20, style: 'solid', opacity: 0.5 }] }],
  ])('refuses %s with 422 and changes nothing', async (_name, body) => {
    const c = await author();
    const { guide, second } = await publishedGuide(c);
    const response = await c.post(`/api/guides/${guide.id}/slides/${second.id}/redact`, body);
    expect(response.status, response.text).toBe(422);
    expect(ErrorBody.parse(response.json).error.code).toBe('validation_failed');
    const after = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(after.slides[1]!.screenshotKey).toBe(second.screenshotKey);
    expect((await fetch(`${stack().url}${second.screenshotUrl}`)).status).toBe(200);
  });

  it("redacts a duplicated step's copy with it, and a deleted copy comes back redacted", async () => {
    const c = await author();
    const { guide, second } = await publishedGuide(c);
    const copy = (await c.post(`/api/guides/${guide.id}/slides/${second.id}/duplicate`, {})).json as SlideDto;
    const kept = (await c.post(`/api/guides/${guide.id}/slides/${second.id}/duplicate`, {})).json as SlideDto;
    expect(copy.screenshotKey).toBe(second.screenshotKey);
    // One copy is deleted: kept for an undo, pointing at the same picture.
    expect((await c.request('DELETE', `/api/guides/${guide.id}/slides/${kept.id}`)).status).toBe(204);

    const response = await c.post(`/api/guides/${guide.id}/slides/${second.id}/redact`, { boxes: [BOXES[1]] });
    expect(response.status, response.text).toBe(200);
    const { slides } = RedactSlideResponse.parse(response.json);
    expect(slides.map((s) => s.id)).toEqual([second.id, copy.id]);
    expect(new Set(slides.map((s) => s.screenshotKey)).size).toBe(1);
    expect((await fetch(`${stack().url}${second.screenshotUrl}`)).status).toBe(404);

    const restored = await c.post(`/api/guides/${guide.id}/slides/${kept.id}/restore`, {});
    expect(restored.status, restored.text).toBe(201);
    expect((restored.json as SlideDto).screenshotKey).toBe(slides[0]!.screenshotKey);
    expect((await fetch(`${stack().url}${(restored.json as SlideDto).screenshotUrl}`)).status).toBe(200);
  });

  it('suggests the field capture saw a value typed into, until a box covers it', async () => {
    const c = await author();
    const guide = (await c.post('/api/guides', { title: 'Sign up' })).json as GuideDto;
    const typed = await addShot(c, guide.id, 3, {
      capture: { action: 'type', element: { tag: 'input', type: 'email', redacted: true }, box: { x: 60, y: 80, width: 120, height: 24 } },
    });
    expect(typed.redactionSuggestions).toEqual([{ x: 60, y: 80, width: 120, height: 24 }]);
    const clicked = await addShot(c, guide.id, 4, { capture: { action: 'click', element: { tag: 'button', name: 'Save' }, box: { x: 1, y: 1, width: 10, height: 10 } } });
    expect(clicked.redactionSuggestions).toEqual([]);

    // A box elsewhere leaves the suggestion; one over it takes it away.
    const elsewhere = RedactSlideResponse.parse((await c.post(`/api/guides/${guide.id}/slides/${typed.id}/redact`, { boxes: [{ x: 0, y: 0, width: 20, height: 20, style: 'solid' }] })).json);
    expect(elsewhere.slides[0]!.redactionSuggestions).toHaveLength(1);
    const covered = RedactSlideResponse.parse((await c.post(`/api/guides/${guide.id}/slides/${typed.id}/redact`, { boxes: [{ x: 58, y: 78, width: 126, height: 28, style: 'blur' }] })).json);
    expect(covered.slides[0]!.redactionSuggestions).toEqual([]);
  });

  it('suggests the personal data a later screenshot showed (typed value, e-mail), not what capture blurred already, until boxes cover it', async () => {
    const c = await author();
    const guide = (await c.post('/api/guides', { title: 'Profile' })).json as GuideDto;
    const personal = [
      { x: 40, y: 40, width: 100, height: 20, kind: 'typed' },
      { x: 40, y: 100, width: 160, height: 20, kind: 'email' },
      { x: 40, y: 160, width: 120, height: 20, kind: 'card', blurred: true },
    ];
    const slide = await addShot(c, guide.id, 6, { capture: { action: 'click', element: { tag: 'button', name: 'Save' }, personal } });
    expect(slide.redactionSuggestions).toEqual([
      { x: 40, y: 40, width: 100, height: 20, kind: 'typed' },
      { x: 40, y: 100, width: 160, height: 20, kind: 'email' },
    ]);
    // What capture says must be boxes and kinds, never text.
    const bad = await c.post(`/api/guides/${guide.id}/slides`, { text: 'x', capture: { action: 'click', personal: [{ x: 1, y: 1, width: 5, height: 5, kind: 'typed', value: 'Alex Morgan' }] } });
    expect(bad.status).toBe(422);

    const applied = RedactSlideResponse.parse(
      (await c.post(`/api/guides/${guide.id}/slides/${slide.id}/redact`, { boxes: (slide.redactionSuggestions ?? []).map(({ x, y, width, height }) => ({ x, y, width, height, style: 'blur' })) })).json,
    );
    expect(applied.slides[0]!.redactionSuggestions).toEqual([]);
  });

  it("redacts a private guide's picture where it is kept, and its old signed link stops working", async () => {
    const client = new ApiClient(stack().url);
    const { user } = await signUp(client);
    // Private guides are Pro: a trial written directly (billing is tested on its own).
    await db().entities.subscription.put({ userId: user.id, stripeCustomerId: `cus_${user.id}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
    const guide = (await client.post('/api/guides', { title: 'Members only' })).json as GuideDto;
    await addShot(client, guide.id, 5);
    expect((await client.request('PATCH', `/api/guides/${guide.id}`, { visibility: 'private' })).status).toBe(200);
    const before = ((await client.get(`/api/guides/${guide.id}`)).json as GuideDto).slides[0]!;
    expect(before.screenshotUrl).not.toMatch(/^\/assets\//);
    expect((await fetch(before.screenshotUrl!)).status).toBe(200);

    const response = await client.post(`/api/guides/${guide.id}/slides/${before.id}/redact`, { boxes: [BOXES[0]] });
    expect(response.status, response.text).toBe(200);
    const after = RedactSlideResponse.parse(response.json).slides[0]!;
    expect((await fetch(after.screenshotUrl!)).status).toBe(200);
    expect((await fetch(before.screenshotUrl!)).status).toBe(404);
    // Never at a public key either.
    expect((await fetch(`${stack().url}/assets/${after.screenshotKey}`)).status).toBe(404);
  });

  it("finds nothing of another organisation's guide, and refuses a stale copy with 412", async () => {
    const c = await author();
    const { guide, second } = await publishedGuide(c);
    const stranger = await author();
    const foreign = await stranger.post(`/api/guides/${guide.id}/slides/${second.id}/redact`, { boxes: [BOXES[0]] });
    expect(foreign.status).toBe(404);
    const stale = await c.request('POST', `/api/guides/${guide.id}/slides/${second.id}/redact`, { boxes: [BOXES[0]] }, { 'if-match': '"0"' });
    expect(stale.status, stale.text).toBe(412);
    expect((await fetch(`${stack().url}${second.screenshotUrl}`)).status).toBe(200);
  });
});

describe('redaction, crops and published versions', () => {
  it('redacting a published guide leaves it with nothing to publish: the version and the draft show the same redacted picture', async () => {
    const c = await author();
    const { guide, second } = await publishedGuide(c);
    expect((await c.post(`/api/guides/${guide.id}/slides/${second.id}/redact`, { boxes: BOXES })).status).toBe(200);
    const detail = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(detail).toMatchObject({ publishedVersion: 1, hasUnpublishedChanges: false });
    expect(((await c.get(`/api/share/${guide.id}`)).json as SharedGuideDto).slides[1]!.screenshotUrl).toBe(detail.slides[1]!.screenshotUrl);
  });

  it("a crop leaves the published version's picture served; redacting the crop forgets the uncropped original for good", async () => {
    const c = await author();
    const { guide, second } = await publishedGuide(c);
    const crop = await c.post(`/api/guides/${guide.id}/slides/${second.id}/screenshot`, { kind: 'crop', rect: { x: 0, y: 0, width: 200, height: 150 } });
    expect(crop.status, crop.text).toBe(200);
    const cropped = ScreenshotChangeDto.parse(crop.json).slide;
    // Viewers still see version 1: its picture stays where it is served until the next Publish.
    const shared = (await c.get(`/api/share/${guide.id}`)).json as SharedGuideDto;
    expect(shared.slides[1]!.screenshotUrl).toBe(second.screenshotUrl);
    expect((await fetch(`${stack().url}${second.screenshotUrl}`)).status).toBe(200);

    // In a guide never published, the uncropped original is only parked for an undo ...
    const draft = (await c.post('/api/guides', { title: 'Never published' })).json as GuideDto;
    const only = await addShot(c, draft.id, 7);
    const draftCrop = ScreenshotChangeDto.parse((await c.post(`/api/guides/${draft.id}/slides/${only.id}/screenshot`, { kind: 'crop', rect: { x: 0, y: 0, width: 200, height: 150 } })).json).slide;
    // ... and redacting the crop removes it, so no undo brings the unredacted picture back.
    const redact = await c.post(`/api/guides/${draft.id}/slides/${only.id}/redact`, { boxes: [{ x: 10, y: 10, width: 50, height: 30, style: 'solid' }] });
    expect(redact.status, redact.text).toBe(200);
    const revert = await c.post(`/api/guides/${draft.id}/slides/${only.id}/screenshot`, { kind: 'revert', screenshotKey: only.screenshotKey });
    expect(revert.status).toBe(404);
    expect(await objectExists(stack(), only.screenshotKey!)).toBe(false);
    expect(await objectExists(stack(), draftCrop.screenshotKey!)).toBe(false);
    expect(cropped.screenshotKey).not.toBe(second.screenshotKey);
  });
});

