import { describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import type { GuideDto, SlideDto } from '#shared/guides';
import { ApiClient, signUp } from '../support/api-client';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();

async function author() {
  const client = new ApiClient(stack().url);
  await signUp(client);
  return client;
}

async function guideWithSlide(c: ApiClient): Promise<{ guide: GuideDto; slide: SlideDto }> {
  const guide = (await c.post('/api/guides', { title: 'Approve an expense' })).json as GuideDto;
  const slide = (await c.post(`/api/guides/${guide.id}/slides`, { text: 'Open **Expenses**' })).json as SlideDto;
  return { guide, slide };
}

const ifMatch = (revision: number) => ({ 'if-match': `"${revision}"` });

describe('guide revisions (If-Match)', () => {
  it('answers the revision as an ETag, and each write made from it moves it on', async () => {
    const c = await author();
    const { guide, slide } = await guideWithSlide(c);
    const read = await c.get(`/api/guides/${guide.id}`);
    const revision = (read.json as GuideDto).revision;
    expect(read.headers.get('etag')).toBe(`"${revision}"`);

    const edited = await c.request('PATCH', `/api/guides/${guide.id}/slides/${slide.id}`, { text: 'Open **Claims**' }, ifMatch(revision));
    expect(edited.status).toBe(200);
    expect(edited.headers.get('etag')).toBe(`"${revision + 1}"`);
    const renamed = await c.request('PATCH', `/api/guides/${guide.id}`, { title: 'Approve a claim' }, ifMatch(revision + 1));
    expect(renamed.status).toBe(200);
    expect((renamed.json as GuideDto).revision).toBe(revision + 2);
    expect(renamed.headers.get('etag')).toBe(`"${revision + 2}"`);
  });

  it('refuses a write made from a stale copy with 412 and a clear message, and changes nothing', async () => {
    const c = await author();
    const { guide, slide } = await guideWithSlide(c);
    const revision = ((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).revision;
    // Another tab saves first.
    expect((await c.request('PATCH', `/api/guides/${guide.id}/slides/${slide.id}`, { text: 'Tab one' }, ifMatch(revision))).status).toBe(200);

    const stale = await c.request('PATCH', `/api/guides/${guide.id}/slides/${slide.id}`, { text: 'Tab two' }, ifMatch(revision));
    expect(stale.status).toBe(412);
    const error = ErrorBody.parse(stale.json).error;
    expect(error.code).toBe('precondition_failed');
    expect(error.message).toBe('This guide changed elsewhere — reload to see the latest version.');
    for (const [method, path, body] of [
      ['DELETE', `/api/guides/${guide.id}/slides/${slide.id}`, undefined],
      ['POST', `/api/guides/${guide.id}/slides`, { text: 'More' }],
      ['PATCH', `/api/guides/${guide.id}`, { title: 'Overwritten' }],
      ['POST', `/api/guides/${guide.id}/transcript`, { overwriteEdited: true }],
    ] as const) {
      expect((await c.request(method, path, body, ifMatch(revision))).status, `${method} ${path}`).toBe(412);
    }
    const after = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(after.title).toBe('Approve an expense');
    expect(after.slides.map((s) => s.text)).toEqual(['Tab one']);
    expect(after.revision).toBe(revision + 1);
  });

  it('leaves an append without If-Match unchecked and the revision where it was (capture, uploads), and a failed write does not move it', async () => {
    const c = await author();
    const { guide, slide } = await guideWithSlide(c);
    const revision = ((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).revision;
    expect((await c.post(`/api/guides/${guide.id}/slides`, { text: 'Appended' })).status).toBe(201);
    expect(((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).revision).toBe(revision);
    const now = revision;
    expect((await c.request('PATCH', `/api/guides/${guide.id}/slides/unknownslide`, { text: 'x' }, ifMatch(now))).status).toBe(404);
    expect((await c.request('PATCH', `/api/guides/${guide.id}/slides/${slide.id}`, { text: 'Still mine' }, ifMatch(now))).status).toBe(200);
  });

  it('answers another organisation 404, never 412', async () => {
    const c = await author();
    const { guide, slide } = await guideWithSlide(c);
    const stranger = await author();
    expect((await stranger.request('PATCH', `/api/guides/${guide.id}/slides/${slide.id}`, { text: 'x' }, ifMatch(99))).status).toBe(404);
    expect((await stranger.request('PATCH', `/api/guides/${guide.id}/slides/${slide.id}`, { text: 'x' })).status).toBe(404);
  });
});
