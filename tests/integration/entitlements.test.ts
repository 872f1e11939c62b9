import { beforeAll, describe, expect, it } from 'vitest';
import { entitlements, type Entitlements } from '#shared/plan';
import type { GuideDto } from '#shared/guides';
import { embedPath, sharePath } from '#shared/share/link';
import type { SharedGuideDto } from '#shared/share/shared-guide';
import { db } from '../../functions/db/service';
import { newId } from '../../functions/domain/platform/ids';
import { ApiClient, signUp } from '../support/api-client';
import { guideWithSlides } from '../support/api-guides';
import { useIsolatedStack } from '../support/isolated-stack';
import { activeOrgId, join, subscribe } from '../support/team';

/**
 * Every entitlement of shared/plan.ts, checked by the server on each of its routes: a table over
 * who asks (the owner of a free organisation, the owner of a Pro one, a member of a Pro
 * organisation, and a Pro subscriber acting in someone else's free organisation) and what each
 * entitlement gates. The SPA hides and locks the same features; the server is what holds them.
 */
const stack = useIsolatedStack();

interface Actor {
  client: ApiClient;
  /** what the active organisation's plan gives */
  pro: boolean;
  /** the organisation's published guide of two steps, and two more guides: the free plan's three */
  guide: GuideDto;
  spare: GuideDto[];
}

let actors: Actor[];

/** Three guides in the actor's organisation (the free plan's all), the first published with two steps. */
async function guides(client: ApiClient): Promise<Pick<Actor, 'guide' | 'spare'>> {
  const { guide } = await guideWithSlides(client, 2);
  expect((await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
  const spare = [];
  for (const title of ['Second', 'Third']) spare.push((await client.post('/api/guides', { title })).json as GuideDto);
  return { guide: (await client.get(`/api/guides/${guide.id}`)).json as GuideDto, spare };
}

beforeAll(async () => {
  const free = new ApiClient(stack().url);
  await signUp(free, { name: 'Fay Free' });
  const pro = new ApiClient(stack().url);
  await signUp(pro, { name: 'Pia Pro' });
  await subscribe(pro, stack().stripe);
  const member = new ApiClient(stack().url);
  const { email: memberEmail } = await signUp(member, { name: 'Max Member' });
  await join(stack().mailApiUrl, pro, await activeOrgId(pro), { client: member, email: memberEmail }, 'member');
  // Subscribed for their own organisation, working in a free one: Pro does not follow them there.
  const visitor = new ApiClient(stack().url);
  const { email: visitorEmail } = await signUp(visitor, { name: 'Vic Visitor' });
  await subscribe(visitor, stack().stripe);
  await join(stack().mailApiUrl, free, await activeOrgId(free), { client: visitor, email: visitorEmail }, 'member');

  const freeGuides = await guides(free);
  const proGuides = await guides(pro);
  // In the order of WHO.
  actors = [
    { client: free, pro: false, ...freeGuides },
    { client: pro, pro: true, ...proGuides },
    { client: member, pro: true, ...proGuides },
    { client: visitor, pro: false, ...freeGuides },
  ];
}, 120_000);

/** One route an entitlement gates: what it answers with the entitlement, and how it is called. */
interface Gate {
  route: string;
  allowed: number | number[];
  call: (actor: Actor) => Promise<number>;
}

const status = (answer: { status: number }) => answer.status;

/** Every entitlement has its routes: a new entitlement without any fails to compile here. */
const GATES: Record<Exclude<keyof Entitlements, 'plan'>, Gate[]> = {
  guideLimit: [
    { route: 'POST /api/guides (a fourth guide)', allowed: 201, call: (a) => a.client.post('/api/guides', { title: 'One more' }).then(status) },
    { route: 'POST /api/guides/{id}/duplicate (a fourth guide)', allowed: 201, call: (a) => a.client.post(`/api/guides/${a.guide.id}/duplicate`, {}).then(status) },
  ],
  privateGuides: [
    {
      route: 'PATCH /api/guides/{id} { visibility: private }',
      allowed: 200,
      call: async (a) => {
        const answer = await a.client.request('PATCH', `/api/guides/${a.spare[0]!.id}`, { visibility: 'private' });
        if (answer.status === 200) await a.client.request('PATCH', `/api/guides/${a.spare[0]!.id}`, { visibility: 'public' });
        return answer.status;
      },
    },
  ],
  voiceover: [
    { route: 'POST /api/guides/{id}/voiceover', allowed: 202, call: (a) => a.client.post(`/api/guides/${a.guide.id}/voiceover`, {}).then(status) },
    // A translation is voiced in its language: the same entitlement.
    {
      route: 'POST /api/guides/{id}/translations',
      allowed: [202, 409],
      call: (a) => a.client.post(`/api/guides/${a.guide.id}/translations`, { language: 'es' }).then(status),
    },
  ],
  exports: [
    ...(['mp4', 'pdf', 'markdown', 'html'] as const).map(
      (format): Gate => ({
        route: `POST /api/guides/{id}/exports { format: ${format} }`,
        allowed: [200, 202, 409],
        call: (a) => a.client.post(`/api/guides/${a.guide.id}/exports`, { format }).then(status),
      }),
    ),
    {
      route: 'POST /api/exports/{id}/retry (an export that failed while the plan allowed it)',
      allowed: 202,
      call: async (a) => {
        const exportId = newId();
        const orgId = await activeOrgId(a.client);
        await db()
          .entities.export.create({ exportId, guideId: a.guide.id, orgId, createdBy: 'someone', format: 'markdown', options: {}, fingerprint: exportId, state: 'failed', progress: 0, leaseUntil: 0, error: 'Failed.' })
          .go();
        return a.client.post(`/api/exports/${exportId}/retry`, {}).then(status);
      },
    },
  ],
  embed: [
    {
      route: 'GET /share/{slug}-{id}/embed',
      allowed: 200,
      call: async (a) => (await fetch(`${stack().url}${embedPath(a.guide)}`)).status,
    },
  ],
  analytics: [
    { route: 'GET /api/guides/{id}/analytics', allowed: 200, call: (a) => a.client.get(`/api/guides/${a.guide.id}/analytics`).then(status) },
    { route: 'GET /api/analytics', allowed: 200, call: (a) => a.client.get('/api/analytics').then(status) },
    { route: 'GET /api/analytics/guides', allowed: 200, call: (a) => a.client.get(`/api/analytics/guides?ids=${a.guide.id}`).then(status) },
  ],
  brand: [
    // 403: a Pro organisation's plain member may not change it (organization:update), but is not told to upgrade
    { route: 'PUT /api/brand', allowed: [200, 403], call: (a) => a.client.request('PUT', '/api/brand', { logoKey: null, primaryColor: '#0f766e', accentColor: '#b91c1c', font: 'serif', showBadge: true }).then(status) },
    { route: 'POST /api/brand/logo-uploads', allowed: [200, 403], call: (a) => a.client.post('/api/brand/logo-uploads', { contentType: 'image/png', contentLength: 100 }).then(status) },
  ],
};

const ROWS = Object.entries(GATES).flatMap(([entitlement, gates]) => gates.map((gate) => ({ entitlement, ...gate })));
const WHO = ['the owner of a free organisation', 'the owner of a Pro organisation', 'a member of a Pro organisation', 'a Pro subscriber in a free organisation'] as const;
const actor = (who: (typeof WHO)[number]) => actors[WHO.indexOf(who)]!;

describe('entitlements: each one checked by the server on every route it gates', () => {
  it.each(WHO)('GET /api/entitlements says what the active organisation may do, for %s', async (who) => {
    const { client, pro } = actor(who);
    const expected = entitlements(pro ? 'active' : null);
    expect((await client.get('/api/entitlements')).json).toEqual({ ...expected, guideLimit: pro ? null : expected.guideLimit });
  });

  it.each(ROWS.flatMap((row) => WHO.map((who) => ({ ...row, who }))))('$entitlement: $route, for $who', async ({ call, allowed, who }) => {
    const asker = actor(who);
    const answer = await call(asker);
    if (asker.pro) expect([allowed].flat(), `${who}: ${answer}`).toContain(answer);
    else expect(answer, who).toBe(402);
  });

  it('tells the edge whether a guide may be embedded, and answers a free organisation\'s embed with a page linking to its share page', async () => {
    const [free, pro] = [actor('the owner of a free organisation'), actor('the owner of a Pro organisation')];
    const shared = async (guide: GuideDto) => (await (await fetch(`${stack().url}/api/share/${guide.id}`)).json()) as SharedGuideDto;
    expect((await shared(free.guide)).embed).toBe(false);
    expect((await shared(pro.guide)).embed).toBe(true);

    const refused = await fetch(`${stack().url}${embedPath(free.guide)}`);
    expect(refused.status).toBe(402);
    expect(refused.headers.get('content-type')).toBe('text/html; charset=utf-8');
    // Shown inside the customer's frame: it may be framed, as the embed may.
    expect(refused.headers.get('content-security-policy')).toContain('frame-ancestors *');
    const page = await refused.text();
    expect(page).toContain(`href="${sharePath(free.guide)}"`);
    expect(page).toContain('target="_blank"');
    expect(page).not.toContain('stepcast-shared-guide');
    expect(page.length).toBeLessThan(3_000);
    // The share page itself is every plan's.
    expect((await fetch(`${stack().url}${sharePath(free.guide)}`)).status).toBe(200);
  });

  it('lets the work it started finish', async () => {
    await stack().server.workers.idle();
  }, 120_000);
});
