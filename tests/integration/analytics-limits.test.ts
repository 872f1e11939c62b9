import { describe, expect, it } from 'vitest';
import type { EventBatch, GuideAnalytics } from '#shared/analytics/contracts';
import { dayOf } from '#shared/analytics/days';
import { db } from '../../functions/db/service';
import { ANALYTICS_SHARDS, shardOf } from '../../functions/domain/analytics/analytics-store';
import { apiEvent, invoke, type LambdaHandler } from '../support/api-event';
import { ApiClient, signUp } from '../support/api-client';
import { pngImage, postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';

// Small limits in a window no test straddles: 3 batches per viewer, 6 per source address, and
// 4 per rollup shard of a guide (32 in all).
const stack = useIsolatedStack({
  env: {
    ANALYTICS_VIEWER_MAX: '3',
    ANALYTICS_VIEWER_WINDOW_SECONDS: '3600',
    ANALYTICS_SOURCE_MAX: '6',
    ANALYTICS_SOURCE_WINDOW_SECONDS: '3600',
    ANALYTICS_GUIDE_MAX: String(4 * ANALYTICS_SHARDS),
    ANALYTICS_GUIDE_WINDOW_SECONDS: '3600',
  },
});

const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';

async function eventsHandler(): Promise<LambdaHandler> {
  return ((await import('../../functions/http/events/index')) as { handler: LambdaHandler }).handler;
}

async function proGuide() {
  const client = new ApiClient(stack().url);
  const { user } = await signUp(client);
  await db().entities.subscription.put({ userId: user.id, stripeCustomerId: `cus_${user.id}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
  const guide = (await client.post('/api/guides', { title: 'Limited' })).json as { id: string };
  const image = await pngImage(64, 40, { r: 200, g: 100, b: 20 });
  const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
  await postUpload(upload, image, 'image/png');
  await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: 'Step' });
  await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
  return { client, guideId: guide.id };
}

let n = 0;
const newViewer = () => `limits${(++n).toString().padStart(6, '0')}${Math.random().toString(36).slice(2, 10)}`;

function post(guideId: string, viewerId: string, sourceIp: string, load = 1) {
  const batch: EventBatch = { guideId, viewerId, load, embed: false, referrer: '', events: [{ type: 'view' }] };
  const event = apiEvent({ method: 'POST', path: '/api/events', body: batch, sourceIp, origin: new URL(stack().url).origin });
  event.headers['user-agent'] = BROWSER;
  return event;
}

async function views(client: ApiClient, guideId: string): Promise<number> {
  const today = dayOf(Date.now());
  return ((await client.get(`/api/guides/${guideId}/analytics?from=${today}&to=${today}`)).json as GuideAnalytics).totals.views;
}

describe('POST /api/events rate limits', () => {
  it('hold per viewer id: its fourth batch is refused whole (429), another viewer still counts', async () => {
    const { client, guideId } = await proGuide();
    const handler = await eventsHandler();
    const viewer = newViewer();
    const statuses = [];
    for (let load = 1; load <= 4; load++) statuses.push((await invoke(handler, post(guideId, viewer, `192.0.2.${load}`, load))).status);
    expect(statuses).toEqual([202, 202, 202, 429]);
    // Another viewer of another rollup shard: the first viewer's refused batch still took a place
    // in its shard's share of the guide's limit.
    let other = newViewer();
    while (shardOf(other) === shardOf(viewer)) other = newViewer();
    expect((await invoke(handler, post(guideId, other, '192.0.2.50'))).status).toBe(202);
    expect(await views(client, guideId)).toBe(4);
  });

  it('hold per source address against rotating viewer ids, and the refused batches count nothing', async () => {
    const { client, guideId } = await proGuide();
    const handler = await eventsHandler();
    const statuses = [];
    const viewers = Array.from({ length: 9 }, newViewer);
    for (const viewer of viewers.slice(0, 8)) statuses.push((await invoke(handler, post(guideId, viewer, '198.51.100.99'))).status);
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429, 429]);
    const refused = await invoke(handler, post(guideId, viewers[8]!, '198.51.100.99'));
    expect(refused.json.error.code).toBe('rate_limited');
    expect(await views(client, guideId)).toBe(6);
    // Another address is let through. Every batch above took its turn from its viewer's rollup
    // shard too (the three limits are taken at once), so the next viewer is one whose shard has
    // room left: nine random viewers fill one of eight shards' four now and then.
    let next = newViewer();
    while (viewers.filter((viewer) => shardOf(viewer) === shardOf(next)).length >= 3) next = newViewer();
    expect((await invoke(handler, post(guideId, next, '198.51.100.100'))).status).toBe(202);
  });

  it('hold per guide, shard by shard, against rotating viewer ids and addresses', async () => {
    const { client, guideId } = await proGuide();
    const handler = await eventsHandler();
    // Viewers of one shard: that shard's share of the guide's limit is 4.
    const sameShard: string[] = [];
    while (sameShard.length < 5) {
      const id = newViewer();
      if (shardOf(id) === 0) sameShard.push(id);
    }
    const statuses = [];
    for (const [i, id] of sameShard.entries()) statuses.push((await invoke(handler, post(guideId, id, `203.0.113.${i + 1}`))).status);
    expect(statuses).toEqual([202, 202, 202, 202, 429]);
    expect(await views(client, guideId)).toBe(4);
  });

  it('let exactly one of two concurrent batches through at the limit', async () => {
    const { guideId } = await proGuide();
    const handler = await eventsHandler();
    const viewer = newViewer();
    await invoke(handler, post(guideId, viewer, '192.0.2.101', 1));
    await invoke(handler, post(guideId, viewer, '192.0.2.102', 2));
    const both = await Promise.all([invoke(handler, post(guideId, viewer, '192.0.2.103', 3)), invoke(handler, post(guideId, viewer, '192.0.2.104', 4))]);
    expect(both.map((r) => r.status).sort()).toEqual([202, 429]);
  });
});
