import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import type { GuideDto, SlideDto } from '#shared/guides';
import { MergeSlideDto, ScreenshotChangeDto, SplitSlideDto } from '#shared/slide-tools';
import { revisionTag } from '#shared/revision';
import { ApiClient, signUp } from '../support/api-client';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';
import { objectExists } from '../support/storage';
import { db } from '../../functions/db/service';

const stack = useIsolatedStack();

async function author() {
  const client = new ApiClient(stack().url);
  await signUp(client);
  return client;
}

async function upload(c: ApiClient, guideId: string, image: Buffer): Promise<string> {
  const presigned = (await c.post(`/api/guides/${guideId}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
  await postUpload(presigned, image, 'image/png');
  return presigned.key as string;
}

async function guideWithSlides(c: ApiClient, steps: Array<{ text: string; narration: string }>): Promise<{ guide: GuideDto; slides: SlideDto[] }> {
  const guide = (await c.post('/api/guides', { title: 'Pay an invoice' })).json as GuideDto;
  const slides: SlideDto[] = [];
  for (const [i, step] of steps.entries()) {
    const key = await upload(c, guide.id, await pngImage(400, 300, { r: 40 + i * 60, g: 90, b: 200 }));
    const added = await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: key, ...step, click: { x: 300, y: 200 } });
    expect(added.status).toBe(201);
    slides.push(added.json as SlideDto);
  }
  return { guide, slides };
}

const read = async (c: ApiClient, id: string) => (await c.get(`/api/guides/${id}`)).json as GuideDto;

function expectError(response: { status: number; json: unknown }, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(ErrorBody.parse(response.json).error.code).toBe(code);
}

describe('splitting a slide', () => {
  it('puts the narration after the cursor on a new slide right after, showing the same screenshot', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, [
      { text: 'Open **Invoices**', narration: 'Open the invoices. Then find the one to pay.' },
      { text: 'Click **Pay**', narration: 'Click pay.' },
    ]);
    const response = await c.post(`/api/guides/${guide.id}/slides/${slides[0]!.id}/split`, { at: 19 });
    expect(response.status).toBe(201);
    const { first, second } = SplitSlideDto.parse(response.json);
    expect(first).toMatchObject({ id: slides[0]!.id, narration: 'Open the invoices.', text: 'Open **Invoices**' });
    expect(second).toMatchObject({ narration: 'Then find the one to pay.', text: 'Open **Invoices**', screenshotKey: slides[0]!.screenshotKey, click: { x: 300, y: 200 } });
    const after = await read(c, guide.id);
    expect(after.slides.map((s) => s.id)).toEqual([slides[0]!.id, second.id, slides[1]!.id]);
    expect(after.slideCount).toBe(3);
  });

  it('refuses a split with nothing on one side, a stale revision, and an unknown slide, changing nothing', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, [{ text: 'Open', narration: 'Just one sentence' }]);
    const before = await read(c, guide.id);
    expectError(await c.post(`/api/guides/${guide.id}/slides/${slides[0]!.id}/split`, {}), 422, 'validation_failed');
    expectError(await c.post(`/api/guides/${guide.id}/slides/${slides[0]!.id}/split`, { at: 0 }), 422, 'validation_failed');
    expectError(await c.post(`/api/guides/${guide.id}/slides/${slides[0]!.id}/split`, { at: -1 }), 422, 'validation_failed');
    expectError(await c.post(`/api/guides/${guide.id}/slides/nope/split`, { at: 4 }), 404, 'not_found');
    const stale = await c.request('POST', `/api/guides/${guide.id}/slides/${slides[0]!.id}/split`, { at: 4 }, { 'if-match': revisionTag(before.revision + 1) });
    expectError(stale, 412, 'precondition_failed');
    const after = await read(c, guide.id);
    expect(after.slides).toEqual(before.slides);
    expect(after.revision).toBe(before.revision);
  });
});

describe('merging a slide with the next', () => {
  it('joins the words, removes the next slide, and the restore route brings it back whole (the undo)', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, [
      { text: 'Open **Invoices**', narration: 'Open the invoices.' },
      { text: 'Click **Pay**', narration: 'Click pay.' },
      { text: 'Done', narration: 'Done.' },
    ]);
    const response = await c.post(`/api/guides/${guide.id}/slides/${slides[0]!.id}/merge`, {});
    expect(response.status).toBe(200);
    const merged = MergeSlideDto.parse(response.json);
    expect(merged).toMatchObject({ removedSlideId: slides[1]!.id, slide: { text: 'Open **Invoices**\nClick **Pay**', narration: 'Open the invoices. Click pay.' } });
    const after = await read(c, guide.id);
    expect(after.slides.map((s) => s.id)).toEqual([slides[0]!.id, slides[2]!.id]);
    expect(after.slideCount).toBe(2);
    // The removed slide's own screenshot is out of reach, as a delete leaves it.
    expect(await objectExists(stack(), slides[1]!.screenshotKey!)).toBe(false);

    expect((await c.post(`/api/guides/${guide.id}/slides/${slides[1]!.id}/restore`, { afterSlideId: slides[0]!.id })).status).toBe(201);
    expect((await read(c, guide.id)).slides.map((s) => s.text)).toEqual(['Open **Invoices**\nClick **Pay**', 'Click **Pay**', 'Done']);
  });

  it('refuses to merge the last slide, and changes nothing', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, [{ text: 'Only', narration: 'Only.' }]);
    expectError(await c.post(`/api/guides/${guide.id}/slides/${slides[0]!.id}/merge`, {}), 422, 'validation_failed');
    expect((await read(c, guide.id)).slides).toHaveLength(1);
  });
});

describe("changing a slide's screenshot", () => {
  it('replaces it with an upload, the old one out of reach, and reverts (undo) to the old one', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, [{ text: 'Open', narration: 'Open.' }]);
    const old = slides[0]!;
    const key = await upload(c, guide.id, await pngImage(200, 150, { r: 250, g: 10, b: 10 }));
    const response = await c.post(`/api/guides/${guide.id}/slides/${old.id}/screenshot`, { kind: 'replace', screenshotKey: key });
    expect(response.status).toBe(200);
    const { slide, previousKey } = ScreenshotChangeDto.parse(response.json);
    expect(previousKey).toBe(old.screenshotKey);
    expect(slide).toMatchObject({ width: 200, height: 150, click: null });
    expect(slide.screenshotKey).not.toBe(old.screenshotKey);
    expect((await fetch(`${stack().url}${old.screenshotUrl}`)).status).toBe(404);
    expect((await fetch(`${stack().url}${slide.screenshotUrl}`)).status).toBe(200);

    const reverted = ScreenshotChangeDto.parse((await c.post(`/api/guides/${guide.id}/slides/${old.id}/screenshot`, { kind: 'revert', screenshotKey: old.screenshotKey })).json);
    expect(reverted.slide).toMatchObject({ screenshotKey: old.screenshotKey, width: 400, height: 300, click: { x: 300, y: 200 } });
    expect((await fetch(`${stack().url}${old.screenshotUrl}`)).status).toBe(200);
    expect((await fetch(`${stack().url}${slide.screenshotUrl}`)).status).toBe(404);
  });

  it('crops it on the server into a new image: the pixels are the crop, the click moves with it or is cleared', async () => {
    const c = await author();
    const guide = (await c.post('/api/guides', { title: 'Crop' })).json as GuideDto;
    // Left half red, right half blue: a crop of the right half is all blue.
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 0, g: 0, b: 255 } } })
      .composite([{ input: await pngImage(200, 300, { r: 255, g: 0, b: 0 }), left: 0, top: 0 }])
      .png()
      .toBuffer();
    const added = (await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: await upload(c, guide.id, image), text: 'Crop me', click: { x: 300, y: 100 } })).json as SlideDto;

    const cropped = ScreenshotChangeDto.parse((await c.post(`/api/guides/${guide.id}/slides/${added.id}/screenshot`, { kind: 'crop', rect: { x: 200, y: 50, width: 200, height: 200 } })).json);
    expect(cropped.slide).toMatchObject({ width: 200, height: 200, click: { x: 100, y: 50 } });
    const served = Buffer.from(await (await fetch(`${stack().url}${cropped.slide.screenshotUrl}`)).arrayBuffer());
    const stats = await sharp(served).stats();
    expect(stats.channels[0]!.max).toBe(0);
    expect(stats.channels[2]!.min).toBe(255);
    expect((await fetch(`${stack().url}${added.screenshotUrl}`)).status).toBe(404);

    const again = ScreenshotChangeDto.parse((await c.post(`/api/guides/${guide.id}/slides/${added.id}/screenshot`, { kind: 'crop', rect: { x: 150, y: 0, width: 50, height: 40 } })).json);
    expect(again.slide).toMatchObject({ width: 50, height: 40, click: null });

    // Copies start without the crop history: it names this guide's own originals.
    const copy = (await c.post(`/api/guides/${guide.id}/duplicate`, {})).json as GuideDto;
    const twin = (await c.post(`/api/guides/${guide.id}/slides/${added.id}/duplicate`, {})).json as SlideDto;
    const { data: copied } = await db().entities.slide.query.byGuide({ guideId: copy.id }).go();
    const { data: twinItem } = await db().entities.slide.get({ guideId: guide.id, slideId: twin.id }).go();
    expect([...copied.map((item) => item.previousScreenshots ?? []), twinItem?.previousScreenshots ?? []]).toEqual([[], []]);
    expect(again.previousKey).not.toBeNull();
    expectError(await c.post(`/api/guides/${copy.id}/slides/${copied[0]!.slideId}/screenshot`, { kind: 'revert', screenshotKey: again.previousKey }), 404, 'not_found');
  });

  it('refuses a crop outside the image, an upload of another guide, a key it never showed and bad input, changing nothing', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, [{ text: 'Open', narration: 'Open.' }]);
    const other = await guideWithSlides(c, [{ text: 'Other', narration: 'Other.' }]);
    const foreign = await upload(c, other.guide.id, await pngImage(100, 100));
    const url = `/api/guides/${guide.id}/slides/${slides[0]!.id}/screenshot`;
    const before = await read(c, guide.id);
    expectError(await c.post(url, { kind: 'crop', rect: { x: 390, y: 0, width: 100, height: 100 } }), 422, 'validation_failed');
    expectError(await c.post(url, { kind: 'crop', rect: { x: 0, y: 0, width: 4, height: 100 } }), 422, 'validation_failed');
    expectError(await c.post(url, { kind: 'replace', screenshotKey: foreign }), 404, 'not_found');
    expectError(await c.post(url, { kind: 'revert', screenshotKey: 'orgs/x/guides/y/never.png' }), 404, 'not_found');
    expectError(await c.post(url, { kind: 'rotate' }), 422, 'validation_failed');
    const after = await read(c, guide.id);
    expect(after.slides).toEqual(before.slides);
    expect(after.revision).toBe(before.revision);
  });
});
