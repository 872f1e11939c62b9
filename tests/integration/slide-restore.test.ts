import { describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import type { GuideDto, SlideDto } from '#shared/guides';
import { db } from '../../functions/db/service';
import { ApiClient, signUp } from '../support/api-client';
import { guideWithSlides } from '../support/api-guides';
import { useIsolatedStack } from '../support/isolated-stack';
import { objectExists } from '../support/storage';

const stack = useIsolatedStack();

async function author() {
  const client = new ApiClient(stack().url);
  await signUp(client);
  return client;
}

describe('bringing back a deleted slide', () => {
  it('restores a deleted slide whole at its place: words, settings and a screenshot that was out of reach meanwhile', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, 3);
    const [first, second, third] = slides as [SlideDto, SlideDto, SlideDto];
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${second.id}`, { zoomLevel: 3, click: { x: 40, y: 50 } });
    expect((await c.request('DELETE', `/api/guides/${guide.id}/slides/${second.id}`)).status).toBe(204);

    // Deleted: not in the guide, and its screenshot no longer served.
    expect(((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).slides.map((s) => s.id)).toEqual([first.id, third.id]);
    expect(await objectExists(stack(), second.screenshotKey!)).toBe(false);
    expect((await fetch(`${stack().url}${second.screenshotUrl}`)).status).toBe(404);

    const restored = await c.post(`/api/guides/${guide.id}/slides/${second.id}/restore`, { afterSlideId: first.id });
    expect(restored.status).toBe(201);
    expect(restored.json).toMatchObject({ id: second.id, text: 'Step 2', narration: 'Say 2.', zoomLevel: 3, click: { x: 40, y: 50 }, screenshotKey: second.screenshotKey });
    const after = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(after.slides.map((s) => s.id)).toEqual([first.id, second.id, third.id]);
    expect(after.slideCount).toBe(3);
    expect((await fetch(`${stack().url}${second.screenshotUrl}`)).status).toBe(200);

    // Again: it is already back, and is answered as it is.
    const again = await c.post(`/api/guides/${guide.id}/slides/${second.id}/restore`, {});
    expect(again.status).toBe(201);
    expect(((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).slideCount).toBe(3);
  });

  it('brings back the voiceover with the slide, out of reach while it was deleted', async () => {
    const client = new ApiClient(stack().url);
    const { user } = await signUp(client);
    // A plan with voiceover (a trial) written directly: the billing flow is tested on its own.
    await db().entities.subscription.put({ userId: user.id, stripeCustomerId: `cus_${user.id}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
    const { guide, slides } = await guideWithSlides(client, 2);
    expect((await client.post(`/api/guides/${guide.id}/voiceover`, {})).status).toBe(202);
    await stack().server.workers.idle();
    const voiced = ((await client.get(`/api/guides/${guide.id}`)).json as GuideDto).slides[1]!;
    expect(voiced.audioUrl).toBeTruthy();
    expect((await fetch(`${stack().url}${voiced.audioUrl}`)).status).toBe(200);

    await client.request('DELETE', `/api/guides/${guide.id}/slides/${slides[1]!.id}`);
    expect((await fetch(`${stack().url}${voiced.audioUrl}`)).status).toBe(404);
    const restored = (await client.post(`/api/guides/${guide.id}/slides/${slides[1]!.id}/restore`, { afterSlideId: slides[0]!.id })).json as SlideDto;
    expect(restored.audioUrl).toBe(voiced.audioUrl);
    expect(restored.words).toEqual(voiced.words);
    expect((await fetch(`${stack().url}${voiced.audioUrl}`)).status).toBe(200);
  });

  it('puts a slide first when asked, and at its old order without a neighbour', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, 3);
    const [first, second, third] = slides as [SlideDto, SlideDto, SlideDto];
    await c.request('DELETE', `/api/guides/${guide.id}/slides/${third.id}`);
    await c.request('DELETE', `/api/guides/${guide.id}/slides/${second.id}`);
    expect((await c.post(`/api/guides/${guide.id}/slides/${third.id}/restore`, { afterSlideId: null })).status).toBe(201);
    expect((await c.post(`/api/guides/${guide.id}/slides/${second.id}/restore`, {})).status).toBe(201);
    expect(((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).slides.map((s) => s.id)).toEqual([third.id, first.id, second.id]);
  });

  it('keeps a screenshot another slide still shows, and restores nothing that was not deleted', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, 1);
    const shown = slides[0]!;
    const repeat = (await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: shown.screenshotKey, text: 'Again' })).json as SlideDto;
    await c.request('DELETE', `/api/guides/${guide.id}/slides/${repeat.id}`);
    expect(await objectExists(stack(), shown.screenshotKey!)).toBe(true);

    const never = await c.post(`/api/guides/${guide.id}/slides/AAAAAAAAAAAAAAAAAAAAAA/restore`, {});
    expect(never.status).toBe(404);
    expect(ErrorBody.parse(never.json).error.message).toMatch(/not deleted/);
    const bad = await c.post(`/api/guides/${guide.id}/slides/${repeat.id}/restore`, { afterSlideId: 'x y' });
    expect(bad.status).toBe(422);
  });

  it('another organisation cannot bring back a slide of this guide', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, 1);
    await c.request('DELETE', `/api/guides/${guide.id}/slides/${slides[0]!.id}`);
    const stranger = await author();
    expect((await stranger.post(`/api/guides/${guide.id}/slides/${slides[0]!.id}/restore`, {})).status).toBe(404);
    expect(((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).slides).toHaveLength(0);
  });
});

describe('duplicating a slide', () => {
  it('puts a copy right after the slide with its words, settings and screenshot; deleting the copy leaves the original whole', async () => {
    const c = await author();
    const { guide, slides } = await guideWithSlides(c, 2);
    const [first, second] = slides as [SlideDto, SlideDto];
    await c.request('PATCH', `/api/guides/${guide.id}/slides/${first.id}`, { zoomLevel: 2.5, isHighlightVisible: false, click: { x: 12, y: 34 } });
    const copied = await c.post(`/api/guides/${guide.id}/slides/${first.id}/duplicate`, {});
    expect(copied.status).toBe(201);
    const copy = copied.json as SlideDto;
    expect(copy.id).not.toBe(first.id);
    expect(copy).toMatchObject({ text: 'Step 1', narration: 'Say 1.', zoomLevel: 2.5, isHighlightVisible: false, click: { x: 12, y: 34 }, screenshotKey: first.screenshotKey });
    const after = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(after.slides.map((s) => s.id)).toEqual([first.id, copy.id, second.id]);
    expect(after.slideCount).toBe(3);

    expect((await c.request('DELETE', `/api/guides/${guide.id}/slides/${copy.id}`)).status).toBe(204);
    expect(await objectExists(stack(), first.screenshotKey!)).toBe(true);
    expect((await fetch(`${stack().url}${first.screenshotUrl}`)).status).toBe(200);
    expect((await c.post(`/api/guides/${guide.id}/slides/unknownslide/duplicate`, {})).status).toBe(404);
    const stranger = await author();
    expect((await stranger.post(`/api/guides/${guide.id}/slides/${first.id}/duplicate`, {})).status).toBe(404);
  });
});
