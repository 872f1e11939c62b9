import { describe, expect, it } from 'vitest';
import type { GuideDto } from '#shared/guides';
import { PresenceDto } from '#shared/presence';
import { db } from '../../functions/db/service';
import type { ApiClient } from '../support/api-client';
import { useIsolatedStack } from '../support/isolated-stack';
import { activeOrgId, join, verifiedUser } from '../support/team';

const stack = useIsolatedStack();

/**
 * Who else has a guide open (issue 27): each design view tab renews its entry and reads the
 * others, with the guide's revision; entries expire when their tab stops renewing them.
 */
async function team() {
  const owner = await verifiedUser(stack().url, stack().mailApiUrl, 'Ola Owner');
  const mate = await verifiedUser(stack().url, stack().mailApiUrl, 'Max Mate');
  await join(stack().mailApiUrl, owner.client, await activeOrgId(owner.client), mate, 'member');
  const guide = (await owner.client.post('/api/guides', { title: 'Close the books' })).json as GuideDto;
  const slide = (await owner.client.post(`/api/guides/${guide.id}/slides`, { text: 'Open **Ledger**' })).json as GuideDto['slides'][number];
  return { a: owner.client, b: mate.client, guide, slide };
}

async function renew(client: ApiClient, guideId: string, clientId: string, slideId?: string) {
  const response = await client.post(`/api/guides/${guideId}/presence`, { clientId, ...(slideId ? { slideId } : {}) });
  expect(response.status, response.text).toBe(200);
  return PresenceDto.parse(response.json);
}

describe('presence in the design view', () => {
  it('tells each tab who else has the guide open, on which step, and the guide’s revision', async () => {
    const { a, b, guide, slide } = await team();
    expect(await renew(a, guide.id, 'tab-a-0000001')).toEqual({ revision: 0, others: [] });
    const seenByB = await renew(b, guide.id, 'tab-b-0000001', slide.id);
    expect(seenByB.others).toEqual([{ name: 'Ola Owner', you: false, slideId: null }]);
    // The same person in a second tab is told apart from other people.
    const second = await renew(a, guide.id, 'tab-a-0000002');
    expect(second.others).toEqual([
      { name: 'Ola Owner', you: true, slideId: null },
      { name: 'Max Mate', you: false, slideId: slide.id },
    ]);
    await a.request('PATCH', `/api/guides/${guide.id}`, { title: 'Close the month', base: { title: 'Close the books' } });
    expect((await renew(a, guide.id, 'tab-a-0000001')).revision).toBe(1);
  });

  it('forgets a tab that closed the guide at once, and one that stopped renewing when its time is up', async () => {
    const { a, b, guide } = await team();
    await renew(a, guide.id, 'tab-a-0000001');
    await renew(a, guide.id, 'tab-a-0000002');
    expect((await renew(b, guide.id, 'tab-b-0000001')).others).toHaveLength(2);
    expect((await a.request('DELETE', `/api/guides/${guide.id}/presence/tab-a-0000001`)).status).toBe(204);
    // Another person cannot close someone's tab.
    expect((await b.request('DELETE', `/api/guides/${guide.id}/presence/tab-a-0000002`)).status).toBe(204);
    expect((await renew(b, guide.id, 'tab-b-0000001')).others.map((o) => o.name)).toEqual(['Ola Owner']);
    // A tab whose time ran out (TTL removes it later) is not shown meanwhile.
    await db().entities.presence.patch({ openGuideId: guide.id, clientId: 'tab-a-0000002' }).set({ expiresAt: Math.floor(Date.now() / 1000) - 1 }).go();
    expect((await renew(b, guide.id, 'tab-b-0000001')).others).toEqual([]);
  });

  it('finds no guide of another organisation, and refuses a bad tab id, changing nothing', async () => {
    const { a, guide } = await team();
    const stranger = await verifiedUser(stack().url, stack().mailApiUrl, 'Sly Stranger');
    expect((await stranger.client.post(`/api/guides/${guide.id}/presence`, { clientId: 'tab-s-0000001' })).status).toBe(404);
    expect((await stranger.client.request('DELETE', `/api/guides/${guide.id}/presence/tab-s-0000001`)).status).toBe(404);
    expect((await renew(a, guide.id, 'tab-a-0000001')).others).toEqual([]);
    for (const body of [{ clientId: 'x' }, { clientId: 'tab-a-0000009', userId: 'someone' }, {}]) {
      expect((await a.post(`/api/guides/${guide.id}/presence`, body)).status, JSON.stringify(body)).toBe(422);
    }
  });
});
