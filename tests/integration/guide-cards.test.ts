import { describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import type { GuideDto } from '#shared/guides';
import { SharedGuideDto } from '#shared/share/shared-guide';
import { ApiClient, signUp } from '../support/api-client';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();

async function publishedGuide() {
  const c = new ApiClient(stack().url);
  await signUp(c);
  const guide = (await c.post('/api/guides', { title: 'Invite a teammate' })).json as GuideDto;
  const image = await pngImage(240, 160, { r: 40, g: 90, b: 200 });
  const upload = (await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
  await postUpload(upload, image, 'image/png');
  expect((await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: 'Click **Invite**' })).status).toBe(201);
  expect((await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
  return { c, guide };
}

describe('intro and outro cards', () => {
  it('are saved on the guide, answered to its editors and its viewers, and removed with null', async () => {
    const { c, guide } = await publishedGuide();
    const saved = await c.request('PATCH', `/api/guides/${guide.id}`, {
      introCard: { title: '  Invite a teammate  ', subtitle: 'Two minutes' },
      outroCard: { title: 'All set', cta: { label: 'Open the team page', url: 'https://app.example/team' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({
      introCard: { title: 'Invite a teammate', subtitle: 'Two minutes' },
      outroCard: { title: 'All set', cta: { label: 'Open the team page', url: 'https://app.example/team' } },
    });
    // Viewers see the cards once they are published, like every other change to a published guide.
    const before = SharedGuideDto.parse((await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json);
    expect([before.introCard, before.outroCard]).toEqual([null, null]);
    const publish = await c.request('POST', `/api/guides/${guide.id}/publish`, {}, { 'if-match': `"${(saved.json as GuideDto).revision}"` });
    expect(publish.status, publish.text).toBe(200);
    const shared = SharedGuideDto.parse((await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json);
    expect(shared.introCard).toEqual({ title: 'Invite a teammate', subtitle: 'Two minutes' });
    expect(shared.outroCard?.cta?.url).toBe('https://app.example/team');

    const removed = await c.request('PATCH', `/api/guides/${guide.id}`, { introCard: null, outroCard: { title: 'Bye' } });
    expect(removed.json).toMatchObject({ introCard: null, outroCard: { title: 'Bye', cta: null } });
  });

  it.each([
    ['http://app.example/team', 'plain http'],
    ['javascript:alert(1)', 'a script link'],
    ['https://user:pw@app.example/', 'credentials in the link'],
    ['not a link', 'no link at all'],
  ])('refuses a call to action to %j (%s) as invalid (the API\'s validation answer) and changes nothing', async (url) => {
    const { c, guide } = await publishedGuide();
    await c.request('PATCH', `/api/guides/${guide.id}`, { outroCard: { title: 'Done', cta: { label: 'Go', url: 'https://ok.example/' } } });
    const before = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    const refused = await c.request('PATCH', `/api/guides/${guide.id}`, { outroCard: { title: 'Changed', cta: { label: 'Go', url } } });
    // Bodies that fail their schema answer 422 validation_failed throughout the API, with the field named.
    expect(refused.status).toBe(422);
    const { error } = ErrorBody.parse(refused.json);
    expect(error.code).toBe('validation_failed');
    expect(error.details?.['outroCard.cta.url']).toMatch(/https:\/\//);
    const after = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(after.outroCard).toEqual(before.outroCard);
    expect(after.revision).toBe(before.revision);
  });
});
