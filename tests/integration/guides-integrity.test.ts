import { beforeAll, describe, expect, it } from 'vitest';
import type { FolderDto, GuideDto } from '#shared/guides';
import { FREE_GUIDE_LIMIT } from '#shared/plan';
import { ApiClient, signUp } from '../support/api-client';
import { useIsolatedStack } from '../support/isolated-stack';
import { activeOrgId, join, subscribe, verifiedUser } from '../support/team';

const stack = useIsolatedStack();

async function author() {
  const client = new ApiClient(stack().url);
  await signUp(client);
  return client;
}

async function newGuide(c: ApiClient, title = 'Invoice a customer') {
  const response = await c.post('/api/guides', { title });
  expect(response.status).toBe(201);
  return response.json as GuideDto;
}

async function newFolder(c: ApiClient, name: string) {
  const response = await c.post('/api/folders', { name });
  expect(response.status).toBe(201);
  return response.json as FolderDto;
}

describe('who may delete guides, folders and slides', () => {
  type Person = Awaited<ReturnType<typeof verifiedUser>>;
  let owner: Person;
  let admin: Person;
  let member: Person;
  let creator: Person;

  beforeAll(async () => {
    owner = await verifiedUser(stack().url, stack().mailApiUrl, 'Olga Owner');
    admin = await verifiedUser(stack().url, stack().mailApiUrl, 'Adam Admin');
    member = await verifiedUser(stack().url, stack().mailApiUrl, 'Mia Member');
    creator = await verifiedUser(stack().url, stack().mailApiUrl, 'Cleo Creator');
    const orgId = await activeOrgId(owner.client);
    // Pro for the owner, so the organisation holds every guide these tests make.
    await subscribe(owner.client, stack().stripe);
    await join(stack().mailApiUrl, owner.client, orgId, admin, 'admin');
    await join(stack().mailApiUrl, owner.client, orgId, member, 'member');
    await join(stack().mailApiUrl, owner.client, orgId, creator, 'member');
  });

  type Who = 'owner' | 'admin' | 'creator' | 'member';
  const table: Array<[string, Who, number]> = [
    ['the owner', 'owner', 204],
    ['an admin', 'admin', 204],
    ['the creator (a member)', 'creator', 204],
    ['another member', 'member', 403],
  ];
  const person = (who: Who) => ({ owner, admin, creator, member })[who];

  it.each(table)("a guide made by a member: %s deleting it → %s", async (_who, who, status) => {
    const guide = await newGuide(creator.client);
    const response = await person(who).client.request('DELETE', `/api/guides/${guide.id}`);
    expect(response.status).toBe(status);
    expect((await creator.client.get(`/api/guides/${guide.id}`)).status).toBe(status === 204 ? 404 : 200);
    if (status === 403) expect(response.json.error.code).toBe('forbidden');
  });

  it.each(table)('a folder made by a member: %s deleting it → %s', async (_who, who, status) => {
    const folder = await newFolder(creator.client, `Folder ${Math.random().toString(36).slice(2)}`);
    const response = await person(who).client.request('DELETE', `/api/folders/${folder.id}`);
    expect(response.status).toBe(status);
    const names = ((await creator.client.get('/api/folders')).json as FolderDto[]).map((f) => f.id);
    expect(names.includes(folder.id)).toBe(status !== 204);
  });

  it.each(table)("a slide of a member's guide: %s deleting it → %s", async (_who, who, status) => {
    const guide = await newGuide(creator.client);
    const slide = (await creator.client.post(`/api/guides/${guide.id}/slides`, { text: 'Click **Save**' })).json as { id: string };
    const response = await person(who).client.request('DELETE', `/api/guides/${guide.id}/slides/${slide.id}`);
    expect(response.status).toBe(status);
    const after = (await creator.client.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(after.slides.length).toBe(status === 204 ? 0 : 1);
    expect(after.slideCount).toBe(after.slides.length);
  });

  it('lets any member edit a guide they did not make', async () => {
    const guide = await newGuide(creator.client);
    expect((await member.client.request('PATCH', `/api/guides/${guide.id}`, { title: 'Edited by a member' })).status).toBe(200);
  });
});

describe('counters under concurrent deletes', () => {
  it("50 concurrent deletes of one guide count it once, so the free plan's limit still holds", async () => {
    const c = await author();
    const guide = await newGuide(c);
    for (let i = 0; i < 5; i++) await c.post(`/api/guides/${guide.id}/slides`, { text: `Step ${i}` });
    const statuses = await Promise.all(Array.from({ length: 50 }, () => c.request('DELETE', `/api/guides/${guide.id}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 204).every((s) => s === 404)).toBe(true);
    for (let i = 0; i < FREE_GUIDE_LIMIT; i++) await newGuide(c, `Guide ${i}`);
    const over = await c.post('/api/guides', { title: 'One too many' });
    expect(over.status).toBe(402);
    expect(over.json.error.code).toBe('plan_limit');
  });

  it("20 concurrent deletes of one slide count it once in the guide's slideCount", async () => {
    const c = await author();
    const guide = await newGuide(c);
    const slides: Array<{ id: string }> = [];
    for (let i = 0; i < 3; i++) slides.push((await c.post(`/api/guides/${guide.id}/slides`, { text: `Step ${i}` })).json as { id: string });
    const statuses = await Promise.all(Array.from({ length: 20 }, () => c.request('DELETE', `/api/guides/${guide.id}/slides/${slides[1]!.id}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 204)).toHaveLength(1);
    const after = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(after.slides).toHaveLength(2);
    expect(after.slideCount).toBe(2);
  });
});

function strictlyIncreasing(orders: number[]): boolean {
  return orders.every((order, i) => i === 0 || order > orders[i - 1]!);
}

describe('slide order under concurrency', () => {
  it('20 concurrent adds and then 20 concurrent moves leave a strict sequence with no slide lost', async () => {
    const c = await author();
    const guide = await newGuide(c);
    const added = await Promise.all(Array.from({ length: 20 }, (_, i) => c.post(`/api/guides/${guide.id}/slides`, { text: `Step ${i}` })));
    expect(added.map((r) => r.status)).toEqual(Array(20).fill(201));
    let current = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(current.slides).toHaveLength(20);
    expect(current.slideCount).toBe(20);
    expect(strictlyIncreasing(current.slides.map((s) => s.order))).toBe(true);

    // Every slide but the first two asks for the same gap, between the first and the second.
    const [first, second, ...rest] = current.slides;
    const gap = (first!.order + second!.order) / 2;
    const moved = await Promise.all(rest.map((s) => c.request('PATCH', `/api/guides/${guide.id}/slides/${s.id}`, { order: gap })));
    expect(moved.map((r) => r.status)).toEqual(Array(rest.length).fill(200));
    current = (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
    expect(current.slides).toHaveLength(20);
    expect(new Set(current.slides.map((s) => s.id)).size).toBe(20);
    expect(strictlyIncreasing(current.slides.map((s) => s.order))).toBe(true);
    expect(current.slides[0]!.id).toBe(first!.id);
    expect(current.slides.at(-1)!.id).toBe(second!.id);
  });

  it('two slides added at once with the same order both land, one after the other', async () => {
    const c = await author();
    const guide = await newGuide(c);
    await Promise.all([c.post(`/api/guides/${guide.id}/slides`, { text: 'A', order: 5 }), c.post(`/api/guides/${guide.id}/slides`, { text: 'B', order: 5 })]);
    const orders = ((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).slides.map((s) => s.order);
    expect(orders).toHaveLength(2);
    expect(orders[0]).toBe(5);
    expect(orders[1]).toBeGreaterThan(5);
  });
});

describe('folders', () => {
  it('refuse a second folder with the same name (any case, spacing or Unicode form)', async () => {
    const c = await author();
    await newFolder(c, 'Onboarding');
    for (const name of ['Onboarding', 'onboarding', '  ONBOARDING ']) {
      const again = await c.post('/api/folders', { name });
      expect(again.status).toBe(409);
      expect(again.json.error.message).toMatch(/already exists/);
    }
    await newFolder(c, 'Caf\u00e9');
    expect((await c.post('/api/folders', { name: 'Cafe\u0301' })).status).toBe(409);
    expect(((await c.get('/api/folders')).json as FolderDto[]).map((f) => f.name).sort()).toEqual(['Café', 'Onboarding']);
  });

  it('refuse two folders of one name created at once, keeping exactly one', async () => {
    const c = await author();
    const both = await Promise.all([c.post('/api/folders', { name: 'Billing' }), c.post('/api/folders', { name: 'Billing' })]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuse a rename to a name another folder has, and allow a change of case', async () => {
    const c = await author();
    await newFolder(c, 'Sales');
    const other = await newFolder(c, 'Support');
    expect((await c.request('PATCH', `/api/folders/${other.id}`, { name: 'sales' })).status).toBe(409);
    expect((await c.request('PATCH', `/api/folders/${other.id}`, { name: 'SUPPORT' })).status).toBe(200);
    const removed = await newFolder(c, 'Temporary');
    expect((await c.request('DELETE', `/api/folders/${removed.id}`)).status).toBe(204);
    await newFolder(c, 'Temporary');
  });

  it('never leave a guide in a deleted folder when guides move in while it is deleted', async () => {
    const c = await author();
    // Pro: this test makes more guides than the free plan holds.
    await subscribe(c, stack().stripe);
    const guides = await Promise.all(Array.from({ length: 8 }, (_, i) => newGuide(c, `Guide ${i}`)));
    for (let round = 0; round < 3; round++) {
      const folder = await newFolder(c, `Round ${round}`);
      const results = await Promise.all([
        ...guides.map((g) => c.request('PATCH', `/api/guides/${g.id}`, { folderId: folder.id })),
        c.request('DELETE', `/api/folders/${folder.id}`),
      ]);
      expect(results.at(-1)!.status).toBe(204);
      for (const r of results.slice(0, -1)) expect([200, 404]).toContain(r.status);
      const listed = (await c.get('/api/guides?limit=100')).json.items as Array<{ id: string; folderId: string | null }>;
      const folders = new Set(((await c.get('/api/folders')).json as FolderDto[]).map((f) => f.id));
      for (const g of listed) if (g.folderId !== null) expect(folders.has(g.folderId), `guide ${g.id} in deleted folder ${g.folderId}`).toBe(true);
    }
  });
});
