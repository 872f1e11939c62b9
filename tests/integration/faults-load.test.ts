import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import { db } from '../../functions/db/service';
import { ApiClient, signUp, uniqueEmail } from '../support/api-client';
import { linkIn, waitForMail } from '../support/mailbox';
import { startFaultProxy, type FaultProxy } from '../support/dynamo-fault-proxy';
import { useIsolatedStack } from '../support/isolated-stack';
import { activeOrgId, subscribe } from '../support/team';

// The functions reach DynamoDB Local through a proxy that injects faults (bounded, loopback only).
const stack = useIsolatedStack();
let proxy: FaultProxy;

beforeAll(async () => {
  proxy = await startFaultProxy(stack().dynamoEndpoint);
  process.env.DYNAMODB_ENDPOINT = proxy.endpoint;
});

afterAll(async () => {
  proxy.set({ kind: 'none' });
  await proxy.stop();
});

async function proUser() {
  const client = new ApiClient(stack().url);
  await signUp(client);
  await subscribe(client, stack().stripe);
  return client;
}

async function guideCount(orgId: string): Promise<number> {
  const { data } = await db().entities.organization.get({ orgId }).go();
  return data!.guideCount;
}

describe('DynamoDB faults', () => {
  it('a hung database answers 503 with Retry-After well inside the function timeout, not a timeout', async () => {
    const client = await proUser();
    proxy.set({ kind: 'hang' });
    try {
      proxy.counts.clear();
      const response = await client.post('/api/guides', { title: 'While the database hangs' });
      expect(response.status).toBe(503);
      expect(ErrorBody.parse(response.json).error.code).toBe('service_unavailable');
      // The function's own answer (a timed-out function gets the platform's bare 503, without
      // Retry-After), given after its client's three attempts of 1.2 s each, all of them hung: it
      // gave up by itself before its 10 s timeout.
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect([...proxy.counts.values()].reduce((sum, n) => sum + n, 0)).toBe(3);
    } finally {
      proxy.set({ kind: 'none' });
    }
  });

  it('a write whose answer is lost is retried without being applied twice', async () => {
    const client = await proUser();
    const orgId = await activeOrgId(client);
    const before = await guideCount(orgId);
    proxy.set({ kind: 'lose-answer', operation: 'TransactWriteItems', times: 1 });
    const response = await client.post('/api/guides', { title: 'Lost answer' });
    proxy.set({ kind: 'none' });
    expect(response.status).toBe(201);
    const titles = ((await client.get('/api/guides?limit=100')).json.items as Array<{ title: string }>).map((g) => g.title);
    expect(titles.filter((t) => t === 'Lost answer')).toHaveLength(1);
    expect(await guideCount(orgId)).toBe(before + 1);
  });

  // CI saw it: under load DynamoDB Local answered a token's use after the client's 1.2 s, the client
  // tried again, and the link the person had just followed said "invalid or has expired".
  it.each(['DeleteItem', 'UpdateItem'])('a verification link whose %s answer is lost still verifies and signs in, and works once', async (operation) => {
    const client = new ApiClient(stack().url);
    const email = uniqueEmail('lost');
    expect((await client.post('/api/auth/sign-up/email', { name: 'Lost Answer', email, password: 'correct horse battery' })).status).toBe(200);
    const link = new URL(linkIn(await waitForMail(stack().mailApiUrl, email, /Verify your email/), '/api/auth/verify-email'));
    const path = `${link.pathname}${link.search}`;
    proxy.counts.clear();
    proxy.set({ kind: 'lose-answer', operation, times: 1 });
    const verified = await client.request('GET', path, undefined, { accept: 'application/json' });
    proxy.set({ kind: 'none' });
    expect(proxy.counts.get(operation)).toBeGreaterThan(0);
    expect(verified.status).toBe(200);
    expect((await client.get('/api/auth/get-session')).json?.user).toMatchObject({ email, emailVerified: true });
    const again = await new ApiClient(stack().url).request('GET', path, undefined, { accept: 'application/json' });
    expect(again.status).toBe(400);
  });

  it('under throttling, 40 concurrent writes answer 201 or 503, every acknowledged one is kept, and the counters agree', async () => {
    const client = await proUser();
    const orgId = await activeOrgId(client);
    const guide = (await client.post('/api/guides', { title: 'Counted' })).json as { id: string };
    proxy.set({ kind: 'throttle', share: 0.3 });
    const [creates, slides] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, (_, i) => client.post('/api/guides', { title: `Throttled ${i}` }))),
      Promise.all(Array.from({ length: 20 }, (_, i) => client.post(`/api/guides/${guide.id}/slides`, { text: `Step ${i}` }))),
    ]);
    proxy.set({ kind: 'none' });
    for (const r of [...creates, ...slides]) expect([201, 503]).toContain(r.status);
    const acknowledged = creates.filter((r) => r.status === 201).map((r) => r.json.id as string);
    const listed = ((await client.get('/api/guides?limit=100')).json.items as Array<{ id: string }>).map((g) => g.id);
    for (const id of acknowledged) expect(listed).toContain(id);
    expect(await guideCount(orgId)).toBe(listed.length);
    const after = (await client.get(`/api/guides/${guide.id}`)).json as { slideCount: number; slides: Array<{ id: string; order: number }> };
    for (const r of slides.filter((s) => s.status === 201)) expect(after.slides.map((s) => s.id)).toContain(r.json.id);
    expect(after.slideCount).toBe(after.slides.length);
    expect(after.slides.every((s, i) => i === 0 || s.order > after.slides[i - 1]!.order)).toBe(true);
  });
});
