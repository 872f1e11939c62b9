import { describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import type { GuideDto, SlideDto } from '#shared/guides';
import { ApiClient, signUp } from '../support/api-client';
import { useIsolatedStack } from '../support/isolated-stack';
import { activeOrgId, join, verifiedUser } from '../support/team';

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

/**
 * Concurrency per step and per field (issue 27): an edit names the values it was made from
 * (`base`), and only a field someone else changed since is refused, with its value now. Two
 * authors editing different steps, different fields of one step, or the title and a step, all save.
 */
describe('edits checked per step and per field (base)', () => {
  async function team() {
    const owner = await verifiedUser(stack().url, stack().mailApiUrl, 'Ola Owner');
    const mate = await verifiedUser(stack().url, stack().mailApiUrl, 'Max Mate');
    await join(stack().mailApiUrl, owner.client, await activeOrgId(owner.client), mate, 'member');
    const guide = (await owner.client.post('/api/guides', { title: 'Approve an expense' })).json as GuideDto;
    const one = (await owner.client.post(`/api/guides/${guide.id}/slides`, { text: 'Open **Expenses**', narration: 'Open Expenses.' })).json as SlideDto;
    const two = (await owner.client.post(`/api/guides/${guide.id}/slides`, { text: 'Click **Approve**' })).json as SlideDto;
    return { a: owner.client, b: mate.client, guide, one, two };
  }
  const slidePath = (guide: GuideDto, slide: SlideDto) => `/api/guides/${guide.id}/slides/${slide.id}`;

  it('two authors editing different steps, different fields of one step, or the title and a step: every edit saves', async () => {
    const { a, b, guide, one, two } = await team();
    const edits = await Promise.all([
      a.request('PATCH', slidePath(guide, one), { text: 'Open **Claims**', base: { text: 'Open **Expenses**' } }),
      b.request('PATCH', slidePath(guide, two), { text: 'Click **Approve all**', base: { text: 'Click **Approve**' } }),
    ]);
    expect(edits.map((r) => r.status)).toEqual([200, 200]);
    // Made from copies read before either edit: a different field of step 1, and the guide's title.
    const more = await Promise.all([
      b.request('PATCH', slidePath(guide, one), { narration: 'Open Claims.', base: { narration: 'Open Expenses.' } }),
      a.request('PATCH', `/api/guides/${guide.id}`, { title: 'Approve a claim', base: { title: 'Approve an expense' } }),
    ]);
    expect(more.map((r) => r.status)).toEqual([200, 200]);
    const after = (await a.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(after.title).toBe('Approve a claim');
    expect(after.slides.map((s) => [s.text, s.narration])).toEqual([
      ['Open **Claims**', 'Open Claims.'],
      ['Click **Approve all**', null],
    ]);
  });

  it('the same field edited on both sides: the second is refused with 412 and the value now, and changes nothing', async () => {
    const { a, b, guide, one } = await team();
    expect((await a.request('PATCH', slidePath(guide, one), { text: 'Open **Claims**', base: { text: 'Open **Expenses**' } })).status).toBe(200);
    const refused = await b.request('PATCH', slidePath(guide, one), { text: 'Open **Receipts**', narration: 'Open Receipts.', base: { text: 'Open **Expenses**', narration: 'Open Expenses.' } });
    expect(refused.status, refused.text).toBe(412);
    const error = ErrorBody.parse(refused.json).error;
    expect(error.code).toBe('precondition_failed');
    expect(error.message).toBe('Someone else changed this step while you were editing it.');
    expect(error.details).toEqual({ text: 'Changed by someone else.' });
    expect(error.current).toEqual({ text: 'Open **Claims**' });
    const after = ((await a.get(`/api/guides/${guide.id}`)).json as GuideDto).slides[0]!;
    // Nothing of the refused edit was written, not even its narration, which nobody else changed.
    expect([after.text, after.narration]).toEqual(['Open **Claims**', 'Open Expenses.']);
    // Made again from the value now (the author chose to keep theirs), it saves.
    expect((await b.request('PATCH', slidePath(guide, one), { text: 'Open **Receipts**', base: { text: 'Open **Claims**' } })).status).toBe(200);
  });

  it('two edits of one field made from the same copy at the same moment: exactly one saves, the other is refused', async () => {
    const { a, b, guide, one } = await team();
    for (const round of [1, 2, 3]) {
      const base = ((await a.get(`/api/guides/${guide.id}`)).json as GuideDto).slides[0]!.text;
      const [first, second] = await Promise.all([
        a.request('PATCH', slidePath(guide, one), { text: `A${round}`, base: { text: base } }),
        b.request('PATCH', slidePath(guide, one), { text: `B${round}`, base: { text: base } }),
      ]);
      expect([first.status, second.status].sort(), `round ${round}`).toEqual([200, 412]);
      const saved = ((await a.get(`/api/guides/${guide.id}`)).json as GuideDto).slides[0]!.text;
      expect(saved).toBe(first.status === 200 ? `A${round}` : `B${round}`);
    }
  });

  it('checks guide fields, a step made blank and whole lists the same way', async () => {
    const { a, b, guide, one } = await team();
    expect((await a.request('PATCH', `/api/guides/${guide.id}`, { intro: 'In this guide…', base: { intro: null } })).status).toBe(200);
    const intro = await b.request('PATCH', `/api/guides/${guide.id}`, { intro: 'Here you will…', base: { intro: '' } });
    expect(intro.status).toBe(412);
    expect(ErrorBody.parse(intro.json).error).toMatchObject({ message: 'Someone else changed this guide while you were editing it.', current: { intro: 'In this guide…' } });

    const label = { id: 'label-1', kind: 'label', colour: 'indigo', x: 0.2, y: 0.3, text: 'Here' };
    expect((await a.request('PATCH', slidePath(guide, one), { annotations: [label], base: { annotations: [] } })).status).toBe(200);
    const stale = await b.request('PATCH', slidePath(guide, one), { annotations: [], base: { annotations: [] } });
    expect(stale.status).toBe(412);
    expect(ErrorBody.parse(stale.json).error.current).toEqual({ annotations: [label] });
    // The same list written in another key order is the same list.
    const reordered = { text: 'Here', y: 0.3, x: 0.2, colour: 'indigo', kind: 'label', id: 'label-1' };
    expect((await b.request('PATCH', slidePath(guide, one), { annotations: [], base: { annotations: [reordered] } })).status).toBe(200);
    // A step whose text is cleared reads as '' or null, and either names it.
    expect((await a.request('PATCH', slidePath(guide, one), { text: '', base: { text: 'Open **Expenses**' } })).status).toBe(200);
    expect((await b.request('PATCH', slidePath(guide, one), { text: 'Open **Budgets**', base: { text: null } })).status).toBe(200);
  });

  it('refuses a base naming a field the edit does not change, or one it cannot name, changing nothing', async () => {
    const { a, guide, one } = await team();
    for (const body of [{ text: 'x', base: { narration: 'Open Expenses.' } }, { text: 'x', base: { text: 'Open **Expenses**', screenshotKey: 'k' } }, { text: 'x', base: 'Open' }]) {
      const response = await a.request('PATCH', slidePath(guide, one), body);
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect(((await a.get(`/api/guides/${guide.id}`)).json as GuideDto).slides[0]!.text).toBe('Open **Expenses**');
  });
});
