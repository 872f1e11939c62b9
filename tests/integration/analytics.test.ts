import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { EventBatch, GuideAnalytics, GuideStatsList, WorkspaceAnalytics } from '#shared/analytics/contracts';
import { addDays, dayOf, dayStart } from '#shared/analytics/days';
import { MAX_BATCH_EVENTS } from '#shared/analytics/events';
import { ErrorBody } from '#shared/errors';
import { dynamo } from '../../functions/db/client';
import { db } from '../../functions/db/service';
import * as Analytics from '../../functions/domain/analytics/analytics';
import { ANALYTICS_SHARDS, keys, shardOf } from '../../functions/domain/analytics/analytics-store';
import { ApiClient, signUp } from '../support/api-client';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';

// Every request here comes from 127.0.0.1: the source and guide limits are raised for this file
// and tested with their defaults' shape in analytics-limits.test.ts.
const stack = useIsolatedStack({ env: { ANALYTICS_SOURCE_MAX: '100000', ANALYTICS_GUIDE_MAX: '100000' } });

const BROWSER = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

async function makePro(userId: string) {
  await db().entities.subscription.put({ userId, stripeCustomerId: `cus_${userId}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
}

async function authorWithGuide(title: string, opts: { publish?: boolean; slides?: number; pro?: boolean } = {}) {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  if (opts.pro !== false) await makePro(user.id);
  const guide = (await client.post('/api/guides', { title })).json as { id: string; title: string };
  const image = await pngImage(64, 40, { r: 10, g: 100, b: 200 });
  for (let i = 0; i < (opts.slides ?? 3); i++) {
    const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: `Step ${i + 1}` });
  }
  if (opts.publish !== false) await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
  return { client, guide, userId: user.id };
}

let viewerCounter = 0;
/** A new random-looking viewer id, as a tab's sessionStorage would hold. */
function viewerId(): string {
  viewerCounter++;
  return `viewer${viewerCounter.toString().padStart(6, '0')}${Math.random().toString(36).slice(2, 10)}`;
}

function batch(guideId: string, events: EventBatch['events'], overrides: Partial<EventBatch> = {}): EventBatch {
  return { guideId, viewerId: viewerId(), load: 1, embed: false, referrer: '', events, ...overrides };
}

const watchedToEnd = (steps: number): EventBatch['events'] => [
  { type: 'view' },
  ...Array.from({ length: steps }, (_, i) => ({ type: 'step' as const, step: i + 1 })),
  { type: 'complete' },
];

/** Posts a batch as the player's sendBeacon does: a text/plain string from the site's own page. */
function send(body: unknown, opts: { client?: ApiClient; userAgent?: string; contentType?: string; origin?: string } = {}) {
  const client = opts.client ?? new ApiClient(stack().url);
  return fetch(`${stack().url}/api/events`, {
    method: 'POST',
    headers: {
      'content-type': opts.contentType ?? 'text/plain;charset=UTF-8',
      'user-agent': opts.userAgent ?? BROWSER,
      origin: opts.origin ?? stack().url,
      ...(client.cookie ? { cookie: client.cookie } : {}),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, json: await response.json() }));
}

const today = () => dayOf(Date.now());

async function guideAnalytics(client: ApiClient, guideId: string, from = today(), to = today()): Promise<GuideAnalytics> {
  const response = await client.get(`/api/guides/${guideId}/analytics?from=${from}&to=${to}`);
  expect(response.status).toBe(200);
  return response.json as GuideAnalytics;
}

describe('POST /api/events', () => {
  it("counts a viewer's view, steps, completion and call to action, and the guide's page shows them", async () => {
    const { client, guide } = await authorWithGuide('Download an invoice');
    const reply = await send(batch(guide.id, [...watchedToEnd(3), { type: 'cta' }], { referrer: 'help.example.com' }));
    expect(reply).toEqual({ status: 202, json: { counted: 6 } });

    const numbers = await guideAnalytics(client, guide.id);
    expect(numbers.totals).toEqual({ views: 1, uniqueViewers: 1, completions: 1, completionRate: 1, ctaClicks: 1, embedViews: 0, linkViews: 1, tried: 0, completedByTrying: 0 });
    expect(numbers.daily).toEqual([{ date: today(), views: 1, uniqueViewers: 1, completions: 1, ctaClicks: 1 }]);
    expect(numbers.funnel.map((s) => s.viewers)).toEqual([1, 1, 1]);
    expect(numbers.referrers).toEqual([{ host: 'help.example.com', views: 1 }]);
    expect(numbers.stepCount).toBe(3);
  });

  it('counts viewers who tried the steps themselves, and who did them all, apart from views', async () => {
    const { client, guide } = await authorWithGuide('Try it');
    const tried = [{ type: 'view' as const }, { type: 'try' as const }, { type: 'step' as const, step: 2 }];
    // One viewer tries and stops; another tries to the end, twice in one page load (counted once).
    expect((await send(batch(guide.id, tried))).json.counted).toBe(3);
    const finisher = viewerId();
    expect((await send(batch(guide.id, [...tried, { type: 'try-complete' }], { viewerId: finisher }))).json.counted).toBe(4);
    expect((await send(batch(guide.id, [{ type: 'try' }, { type: 'try-complete' }], { viewerId: finisher }))).json.counted).toBe(0);
    // A watcher is a view, not a try.
    await send(batch(guide.id, watchedToEnd(3)));
    const { totals } = await guideAnalytics(client, guide.id);
    expect(totals).toMatchObject({ views: 3, completions: 1, tried: 2, completedByTrying: 1 });
    const workspace = (await client.get(`/api/analytics?from=${today()}&to=${today()}`)).json as WorkspaceAnalytics;
    expect(workspace.totals).toMatchObject({ tried: 2, completedByTrying: 1 });
  });

  it('counts a batch sent twice, or twice at once, only once', async () => {
    const { client, guide } = await authorWithGuide('Twice');
    const once = batch(guide.id, watchedToEnd(3));
    const [first, second] = await Promise.all([send(once), send(once)]);
    expect([first.json.counted, second.json.counted].sort()).toEqual([0, 5]);
    expect((await send(once)).json.counted).toBe(0);
    expect((await guideAnalytics(client, guide.id)).totals).toMatchObject({ views: 1, uniqueViewers: 1, completions: 1 });
  });

  it('counts a reload as another view of the same viewer, and another tab as another viewer', async () => {
    const { client, guide } = await authorWithGuide('Reloads');
    const tab = viewerId();
    await send(batch(guide.id, [{ type: 'view' }, { type: 'step', step: 1 }], { viewerId: tab, load: 1 }));
    await send(batch(guide.id, [{ type: 'view' }, { type: 'step', step: 1 }, { type: 'step', step: 2 }], { viewerId: tab, load: 2 }));
    await send(batch(guide.id, [{ type: 'view' }, { type: 'step', step: 1 }]));
    const numbers = await guideAnalytics(client, guide.id);
    expect(numbers.totals).toMatchObject({ views: 3, uniqueViewers: 2, completions: 0, completionRate: 0 });
    expect(numbers.funnel.map((s) => [s.step, s.viewers, s.dropOff])).toEqual([
      [1, 2, 1],
      [2, 1, 1],
      [3, 0, 0],
    ]);
  });

  it('counts steps without a view only for a viewer already counted that day', async () => {
    const { client, guide } = await authorWithGuide('Steps first');
    expect((await send(batch(guide.id, [{ type: 'step', step: 2 }, { type: 'complete' }]))).json.counted).toBe(0);
    const tab = viewerId();
    await send(batch(guide.id, [{ type: 'view' }, { type: 'step', step: 1 }], { viewerId: tab }));
    expect((await send(batch(guide.id, [{ type: 'step', step: 2 }, { type: 'step', step: 3 }, { type: 'complete' }], { viewerId: tab }))).json.counted).toBe(3);
    expect((await guideAnalytics(client, guide.id)).totals).toMatchObject({ views: 1, uniqueViewers: 1, completions: 1 });
  });

  it('ignores steps past the end of the guide', async () => {
    const { client, guide } = await authorWithGuide('Short', { slides: 2 });
    expect((await send(batch(guide.id, [{ type: 'view' }, { type: 'step', step: 2 }, { type: 'step', step: 9 }]))).json.counted).toBe(2);
    expect((await guideAnalytics(client, guide.id)).funnel.map((s) => s.viewers)).toEqual([0, 1]);
  });

  it('splits views by embed and link, and by referrer host, most first', async () => {
    const { client, guide } = await authorWithGuide('Everywhere');
    await send(batch(guide.id, [{ type: 'view' }], { embed: true, referrer: 'docs.example.com' }));
    await send(batch(guide.id, [{ type: 'view' }], { embed: true, referrer: 'docs.example.com' }));
    await send(batch(guide.id, [{ type: 'view' }], { referrer: 'news.example.org' }));
    await send(batch(guide.id, [{ type: 'view' }]));
    const numbers = await guideAnalytics(client, guide.id);
    expect(numbers.totals).toMatchObject({ views: 4, embedViews: 2, linkViews: 2 });
    expect(numbers.referrers).toEqual([
      { host: 'docs.example.com', views: 2 },
      { host: '', views: 1 },
      { host: 'news.example.org', views: 1 },
    ]);
  });

  const bad: Array<{ name: string; body: unknown; contentType?: string; status: number; code: string }> = [
    { name: 'malformed JSON', body: '{"guideId":', status: 422, code: 'validation_failed' },
    { name: 'an empty batch', body: { events: [] }, status: 422, code: 'validation_failed' },
    { name: 'an unknown event', body: { events: [{ type: 'view' }, { type: 'purchase', amount: 99 }] }, status: 422, code: 'validation_failed' },
    { name: 'too many events', body: { events: Array.from({ length: MAX_BATCH_EVENTS + 1 }, () => ({ type: 'view' })) }, status: 422, code: 'validation_failed' },
    // A valid batch padded with whitespace: only its size is wrong.
    { name: 'too many bytes', body: 'padded', status: 422, code: 'validation_failed' },
    { name: 'a field the contract does not have', body: { ip: '198.51.100.7', events: [{ type: 'view' }] }, status: 422, code: 'validation_failed' },
    { name: 'a form content type', body: { events: [{ type: 'view' }] }, contentType: 'application/x-www-form-urlencoded', status: 415, code: 'unsupported_media_type' },
  ];

  it.each(bad)('refuses $name with $status, and the batch changes nothing', async ({ body, contentType, status, code }) => {
    const { client, guide } = await authorWithGuide('Bad input');
    const base = batch(guide.id, [{ type: 'view' }]);
    const payload = body === 'padded' ? JSON.stringify(base) + ' '.repeat(8_200) : typeof body === 'string' ? body : { ...base, ...(body as object) };
    const reply = await send(payload, { contentType });
    expect(reply.status).toBe(status);
    expect(ErrorBody.parse(reply.json).error.code).toBe(code);
    expect((await guideAnalytics(client, guide.id)).totals.views).toBe(0);
  });

  it('refuses a batch posted from another site', async () => {
    const { guide } = await authorWithGuide('Cross-site');
    const reply = await send(batch(guide.id, [{ type: 'view' }]), { origin: 'https://inflate.example' });
    expect(reply.status).toBe(403);
  });

  it.each([
    'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
    'curl/8.5.0',
  ])('does not count %s', async (userAgent) => {
    const { client, guide } = await authorWithGuide('Bots');
    expect(await send(batch(guide.id, watchedToEnd(3)), { userAgent })).toEqual({ status: 202, json: { counted: 0 } });
    expect((await guideAnalytics(client, guide.id)).totals.views).toBe(0);
  });

  it("does not count the guide's author or another member of its organisation, but counts anyone else signed in", async () => {
    const author = await authorWithGuide('Members');
    expect((await send(batch(author.guide.id, watchedToEnd(3)), { client: author.client })).json.counted).toBe(0);

    const colleague = new ApiClient(stack().url);
    const { user } = await signUp(colleague);
    const orgId = (await db().entities.guide.get({ guideId: author.guide.id }).go()).data!.orgId;
    await db().entities.member.put({ memberId: `m-${user.id}`, orgId, userId: user.id, role: 'member' }).go();
    expect((await send(batch(author.guide.id, watchedToEnd(3)), { client: colleague })).json.counted).toBe(0);

    const stranger = new ApiClient(stack().url);
    await signUp(stranger);
    expect((await send(batch(author.guide.id, watchedToEnd(3)), { client: stranger })).json.counted).toBe(5);
    expect((await guideAnalytics(author.client, author.guide.id)).totals).toMatchObject({ views: 1, uniqueViewers: 1 });
  });

  it('does not count a draft, a private guide or a missing one', async () => {
    const draft = await authorWithGuide('Draft', { publish: false });
    const secret = await authorWithGuide('Secret');
    await secret.client.request('PATCH', `/api/guides/${secret.guide.id}`, { visibility: 'private' });
    for (const guideId of [draft.guide.id, secret.guide.id, 'AAAAAAAAAAAA']) {
      expect(await send(batch(guideId, watchedToEnd(1)))).toEqual({ status: 202, json: { counted: 0 } });
    }
    expect((await guideAnalytics(draft.client, draft.guide.id)).totals.views).toBe(0);
  });
});

describe('unique viewers', () => {
  it('are one conditional item per guide, day and viewer, which expires after the day: the same viewer the next day is counted again', async () => {
    const { client, guide } = await authorWithGuide('Daily uniques');
    const tab = viewerId();
    const now = Date.now();
    const viewer = { userAgent: BROWSER, userId: undefined, ip: '198.51.100.20' };
    await Analytics.record(batch(guide.id, [{ type: 'view' }], { viewerId: tab }), viewer, now);
    expect((await Analytics.record(batch(guide.id, [{ type: 'view' }], { viewerId: tab }), viewer, now)).counted).toBe(0);
    const tomorrow = now + 86_400_000;
    expect((await Analytics.record(batch(guide.id, [{ type: 'view' }], { viewerId: tab }), viewer, tomorrow)).counted).toBe(1);

    const item = await dynamo().send(new GetCommand({ TableName: stack().tableName, Key: keys.viewerDay(guide.id, dayOf(now), tab) }));
    expect(item.Item?.['seen']).toEqual(new Set(['v1']));
    // expiresAt is the table's TTL attribute: two days after the day began.
    expect(item.Item?.['expiresAt']).toBe(dayStart(dayOf(now)) / 1000 + 2 * 86_400);

    const numbers = await guideAnalytics(client, guide.id, dayOf(now), dayOf(tomorrow));
    expect(numbers.daily.map((d) => [d.date, d.uniqueViewers])).toEqual([
      [dayOf(now), 1],
      [dayOf(tomorrow), 1],
    ]);
    expect(numbers.totals.uniqueViewers).toBe(2);
  });
});

describe('sharded rollups', () => {
  it("spread a guide's counters over shards by viewer and sum every shard on read", async () => {
    const { client, guide } = await authorWithGuide('Viral');
    const viewers = Array.from({ length: 40 }, () => viewerId());
    const used = new Set(viewers.map(shardOf));
    expect(used.size).toBeGreaterThan(3);
    await Promise.all(viewers.map((id) => send(batch(guide.id, watchedToEnd(3), { viewerId: id }))));

    const perShard = await Promise.all(
      Array.from({ length: ANALYTICS_SHARDS }, (_, shard) =>
        dynamo()
          .send(new GetCommand({ TableName: stack().tableName, Key: keys.guideDay(guide.id, shard, today()) }))
          .then((reply) => Number(reply.Item?.['views'] ?? 0)),
      ),
    );
    expect(perShard.filter((views) => views > 0)).toHaveLength(used.size);
    expect(perShard.reduce((a, b) => a + b, 0)).toBe(40);
    for (const [shard, views] of perShard.entries()) expect(views).toBe(viewers.filter((id) => shardOf(id) === shard).length);

    const numbers = await guideAnalytics(client, guide.id);
    expect(numbers.totals).toMatchObject({ views: 40, uniqueViewers: 40, completions: 40, completionRate: 1 });
    expect(numbers.funnel.map((s) => s.viewers)).toEqual([40, 40, 40]);
  });

  it('keep every daily item under the TTL attribute, and totals forever', async () => {
    const { guide } = await authorWithGuide('Retention');
    const id = viewerId();
    await send(batch(guide.id, [{ type: 'view' }], { viewerId: id }));
    const shard = shardOf(id);
    const items = await dynamo().send(
      new QueryCommand({ TableName: stack().tableName, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.guideDay(guide.id, shard, today()).pk } }),
    );
    const day = items.Items?.find((item) => item['sk'] === `day#${today()}`);
    const total = items.Items?.find((item) => item['sk'] === 'total');
    expect(day?.['expiresAt']).toBe(dayStart(addDays(today(), 400)) / 1000);
    expect(total?.['expiresAt']).toBeUndefined();
  });
});

describe('reading analytics', () => {
  it('answers 402 with the upgrade code on the free plan, for a guide, the workspace and the cards', async () => {
    const { client, guide } = await authorWithGuide('Free', { pro: false });
    const answers = await Promise.all([
      client.get(`/api/guides/${guide.id}/analytics?from=${today()}&to=${today()}`),
      client.get(`/api/analytics?from=${today()}&to=${today()}`),
      client.get(`/api/analytics/guides?ids=${guide.id}`),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(402);
      expect(ErrorBody.parse(answer.json).error.code).toBe('plan_limit');
    }
  });

  it('reads the last 30 days when the range is not given, and fills in the end of a range given by one day', async () => {
    const { client, guide } = await authorWithGuide('Default range');
    const ranges = [
      ['', addDays(today(), -29), today()],
      [`to=${addDays(today(), -5)}`, addDays(today(), -34), addDays(today(), -5)],
      [`from=${addDays(today(), -3)}`, addDays(today(), -3), today()],
    ] as const;
    for (const [query, from, to] of ranges) {
      for (const path of [`/api/guides/${guide.id}/analytics`, '/api/analytics']) {
        const answer = await client.get(`${path}?${query}`);
        expect(answer.status, `${path}?${query}: ${answer.text}`).toBe(200);
        expect(answer.json, `${path}?${query}`).toMatchObject({ from, to });
      }
    }
  });

  it("does not find another organisation's guide (404), needs a session (401), and refuses a bad range (422)", async () => {
    const mine = await authorWithGuide('Mine');
    const theirs = await authorWithGuide('Theirs');
    expect((await mine.client.get(`/api/guides/${theirs.guide.id}/analytics?from=${today()}&to=${today()}`)).status).toBe(404);
    expect((await new ApiClient(stack().url).get(`/api/guides/${mine.guide.id}/analytics?from=${today()}&to=${today()}`)).status).toBe(401);
    for (const query of ['from=2026-01-02&to=2026-01-01', 'from=2024-01-01&to=2026-01-01', 'from=yesterday&to=2026-01-01']) {
      const answer = await mine.client.get(`/api/guides/${mine.guide.id}/analytics?${query}`);
      expect(answer.status).toBe(422);
      expect(ErrorBody.parse(answer.json).error.code).toBe('validation_failed');
    }
  });

  it("sums the workspace's guides and lists them by views; the cards get all-time numbers of their own guides only", async () => {
    const author = await authorWithGuide('First guide');
    const second = (await author.client.post('/api/guides', { title: 'Second guide' })).json as { id: string };
    const image = await pngImage(64, 40, { r: 10, g: 100, b: 200 });
    const upload = (await author.client.post(`/api/guides/${second.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    await author.client.post(`/api/guides/${second.id}/slides`, { screenshotKey: upload.key, text: 'Only step' });
    await author.client.request('PATCH', `/api/guides/${second.id}`, { status: 'published' });
    const other = await authorWithGuide('Not theirs');

    await send(batch(author.guide.id, watchedToEnd(3)));
    await send(batch(author.guide.id, [{ type: 'view' }, { type: 'step', step: 1 }]));
    await send(batch(second.id, [...watchedToEnd(1), { type: 'cta' }]));
    await send(batch(other.guide.id, watchedToEnd(3)));

    const workspace = (await author.client.get(`/api/analytics?from=${addDays(today(), -6)}&to=${today()}`)).json as WorkspaceAnalytics;
    expect(workspace.totals).toMatchObject({ views: 3, uniqueViewers: 3, completions: 2, ctaClicks: 1 });
    expect(workspace.daily).toHaveLength(7);
    expect(workspace.daily.at(-1)).toEqual({ date: today(), views: 3, uniqueViewers: 3, completions: 2, ctaClicks: 1 });
    expect(workspace.guides.map((g) => [g.title, g.views, g.completions, g.completionRate, g.ctaClicks])).toEqual([
      ['First guide', 2, 1, 0.5, 0],
      ['Second guide', 1, 1, 1, 1],
    ]);

    const stats = (await author.client.get(`/api/analytics/guides?ids=${author.guide.id},${second.id},${other.guide.id}`)).json as GuideStatsList;
    expect(stats.items.sort((a, b) => b.views - a.views)).toEqual([
      { guideId: author.guide.id, views: 2, uniqueViewers: 2, completions: 1, completionRate: 0.5 },
      { guideId: second.id, views: 1, uniqueViewers: 1, completions: 1, completionRate: 1 },
    ]);
  });
});
