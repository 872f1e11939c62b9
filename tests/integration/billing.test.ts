import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import { db } from '../../functions/db/service';
import { ApiClient, signUp } from '../support/api-client';
import { pngImage, postUpload } from '../support/images';
import { mailsTo } from '../support/mailbox';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();
const signer = new Stripe('sk_test_signer');

async function subscriber() {
  const client = new ApiClient(stack().url);
  const { user, email } = await signUp(client);
  return { client, userId: user.id, email };
}

/** Clicks "Start trial" on the double's hosted checkout and follows nothing: answers the success URL. */
async function completeCheckout(url: string): Promise<string> {
  const response = await fetch(`${url}/complete`, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
  await stack().stripe.flush();
  return response.headers.get('location')!;
}

async function details(client: ApiClient) {
  return (await client.get('/api/stripe/subscription/details')).json as { status: string | null; trialEnd: number | null; cancelAtPeriodEnd: boolean | null };
}

async function subscribe(client: ApiClient) {
  const { url } = (await client.post('/api/stripe/subscription/checkout-session')).json;
  const success = new URL(await completeCheckout(url));
  return success.searchParams.get('stripe_session_id')!;
}

function sendWebhook(payload: string, header: string) {
  return fetch(`${stack().url}/api/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload });
}

function signed(event: object, timestamp?: number) {
  const payload = JSON.stringify(event);
  return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: stack().stripeWebhookSecret, ...(timestamp ? { timestamp } : {}) }) };
}

function subscriptionOf(userId: string) {
  return db().entities.subscription.get({ userId }).go().then((r) => r.data);
}

describe('checkout and the trial', () => {
  it('starts a 7-day trial through checkout and webhooks, and confirm is idempotent', async () => {
    const { client } = await subscriber();
    expect(await details(client)).toEqual({ status: null, trialEnd: null, cancelAtPeriodEnd: null, currentPeriodEnd: null });
    const sessionId = await subscribe(client);
    const after = await details(client);
    expect(after.status).toBe('trialing');
    expect(after.cancelAtPeriodEnd).toBe(false);
    expect(after.trialEnd! - Math.floor(Date.now() / 1000)).toBeGreaterThan(7 * 86_400 - 120);
    expect(after.trialEnd! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(7 * 86_400);
    const first = await client.get(`/api/stripe/subscription/confirm?sessionId=${sessionId}`);
    const second = await client.get(`/api/stripe/subscription/confirm?sessionId=${sessionId}`);
    expect(first.status).toBe(200);
    expect(second.json).toEqual(first.json);
    expect(first.json.status).toBe('trialing');
  });

  it('answers details with no-store', async () => {
    const { client } = await subscriber();
    expect((await client.get('/api/stripe/subscription/details')).headers.get('cache-control')).toBe('no-store');
  });

  it('returns from checkout to the page in the app it was started on (the dashboard for anything but a page of ours), finished or cancelled', async () => {
    const cancelUrlOf = async (checkoutUrl: string) => {
      const page = await (await fetch(checkoutUrl)).text();
      return /<form method="get" action="([^"]+)">/.exec(page)![1]!.replace(/&amp;/g, '&');
    };
    const origin = process.env.APP_ORIGIN!;
    const cases = [
      { returnTo: '/dashboard/analytics?days=7', back: '/dashboard/analytics?days=7' },
      // The modal's own parameters are not carried back.
      { returnTo: '/share/invite-a-teammate-AbCdEfGhIjKl/design?subscribe=true&stripe_session_id=cs_old', back: '/share/invite-a-teammate-AbCdEfGhIjKl/design' },
      { returnTo: '/pricing', back: '/pricing' },
      { returnTo: undefined, back: '/dashboard' },
      { returnTo: 'https://evil.example/', back: '/dashboard' },
      { returnTo: '//evil.example/x', back: '/dashboard' },
      { returnTo: '/\\evil.example', back: '/dashboard' },
      { returnTo: 'javascript:alert(1)', back: '/dashboard' },
    ];
    for (const { returnTo, back } of cases) {
      const { client } = await subscriber();
      const answer = await client.post('/api/stripe/subscription/checkout-session', returnTo === undefined ? {} : { returnTo });
      expect(answer.status, `${returnTo}: ${answer.text}`).toBe(200);
      const cancel = new URL(await cancelUrlOf(answer.json.url));
      expect(`${cancel.origin}${cancel.pathname}`, `${returnTo}`).toBe(`${origin}${new URL(back, origin).pathname}`);
      expect(cancel.searchParams.get('subscribe'), `${returnTo}`).toBe('true');
      const success = new URL(await completeCheckout(answer.json.url));
      expect(`${success.origin}${success.pathname}`, `${returnTo}`).toBe(`${origin}${new URL(back, origin).pathname}`);
      expect([...success.searchParams.keys()].sort(), `${returnTo}`).toEqual([...new URL(back, origin).searchParams.keys(), 'stripe_session_id'].sort());
      expect(success.searchParams.get('stripe_session_id')).toMatch(/^cs_/);
      expect(success.searchParams.has('subscribe')).toBe(false);
    }
  });

  it('makes two checkout clicks one checkout session', async () => {
    const { client } = await subscriber();
    const [a, b] = await Promise.all([client.post('/api/stripe/subscription/checkout-session'), client.post('/api/stripe/subscription/checkout-session')]);
    expect(a.json.url).toBe(b.json.url);
    expect(Object.values(stack().stripe.state.data.checkoutSessions).filter((s) => s.url === a.json.url || s.id === a.json.url.split('/').pop())).toHaveLength(1);
  });

  it('grants nothing for the success URL alone: an open session, or another user\'s, confirms nothing', async () => {
    const { client } = await subscriber();
    const { url } = (await client.post('/api/stripe/subscription/checkout-session')).json;
    const openSessionId = url.split('/').pop();
    const open = await client.get(`/api/stripe/subscription/confirm?sessionId=${openSessionId}`);
    expect(open.status).toBe(409);
    expect((await details(client)).status).toBeNull();
    const owner = await subscriber();
    const ownersSession = await subscribe(owner.client);
    const thief = await client.get(`/api/stripe/subscription/confirm?sessionId=${ownersSession}`);
    expect(thief.status).toBe(404);
    expect((await details(client)).status).toBeNull();
  });

  it('offers no second trial', async () => {
    const { client, userId } = await subscriber();
    await subscribe(client);
    const sub = await subscriptionOf(userId);
    await fetch(`${stack().stripe.url}/__double/subscriptions/cancel_now?id=${sub!.stripeSubscriptionId}`, { method: 'POST' });
    await stack().stripe.flush();
    const canceled = await details(client);
    expect(canceled.status).toBe('canceled');
    // The trial ended with the subscription: the user has had their trial (product-spec.md §4).
    expect(canceled.trialEnd).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    const { url } = (await client.post('/api/stripe/subscription/checkout-session')).json;
    const session = stack().stripe.state.data.checkoutSessions[url.split('/').pop()]!;
    expect(session.trial_period_days).toBeNull();
    await completeCheckout(url);
    expect((await details(client)).status).toBe('active');
  });

  it('refuses a checkout to a user who already has Pro', async () => {
    const { client } = await subscriber();
    await subscribe(client);
    expect((await client.post('/api/stripe/subscription/checkout-session')).status).toBe(409);
  });
});

describe('the billing portal', () => {
  it('cancels at period end and resumes, keeping Pro meanwhile', async () => {
    const { client } = await subscriber();
    expect((await client.post('/api/stripe/billing-portal')).status).toBe(404);
    await subscribe(client);
    const { url } = (await client.post('/api/stripe/billing-portal')).json;
    expect(url).toContain('/portal/');
    const page = await (await fetch(url)).text();
    const subscriptionId = /name="subscription" value="([^"]+)"/.exec(page)![1];
    await fetch(`${url}/cancel_at_period_end`, { method: 'POST', body: new URLSearchParams({ subscription: subscriptionId! }), redirect: 'manual' });
    await stack().stripe.flush();
    expect(await details(client)).toMatchObject({ status: 'trialing', cancelAtPeriodEnd: true });
    await fetch(`${url}/resume`, { method: 'POST', body: new URLSearchParams({ subscription: subscriptionId! }), redirect: 'manual' });
    await stack().stripe.flush();
    expect((await details(client)).cancelAtPeriodEnd).toBe(false);
  });
});

describe('feature gating follows the subscription', () => {
  it('unlocks unlimited and private guides while trialing and locks them once canceled', async () => {
    const { client, userId } = await subscriber();
    for (const title of ['One', 'Two', 'Three']) await client.post('/api/guides', { title });
    expect((await client.post('/api/guides', { title: 'Four' })).status).toBe(402);
    await subscribe(client);
    const four = await client.post('/api/guides', { title: 'Four' });
    expect(four.status).toBe(201);
    expect((await client.request('PATCH', `/api/guides/${four.json.id}`, { visibility: 'private' })).status).toBe(200);
    const sub = await subscriptionOf(userId);
    await fetch(`${stack().stripe.url}/__double/subscriptions/cancel_now?id=${sub!.stripeSubscriptionId}`, { method: 'POST' });
    await stack().stripe.flush();
    const five = await client.post('/api/guides', { title: 'Five' });
    expect(five.status).toBe(402);
    expect(ErrorBody.parse(five.json).error.code).toBe('plan_limit');
  });
});

describe("CloudFront's copies of an organisation's guides follow its plan", () => {
  /** One published guide of one step: its share answer says whether it may be embedded. */
  async function publishedGuide(client: ApiClient) {
    const guide = (await client.post('/api/guides', { title: 'Embedded guide' })).json as { id: string };
    const image = await pngImage(320, 200, { r: 30, g: 120, b: 200 });
    const upload = (await client.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: image.length })).json;
    await postUpload(upload, image, 'image/png');
    await client.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text: 'Step 1', click: { x: 10, y: 10 } });
    expect((await client.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
    return guide;
  }
  const cleared = () => stack().server.cdnInvalidations;

  it("clears the share answers when a plan starts and when it ends (the embed right changes), and nothing when a paid invoice keeps it", async () => {
    const { client, userId } = await subscriber();
    const guide = await publishedGuide(client);
    const paths = [`/api/share/${guide.id}*`];

    cleared().length = 0;
    await subscribe(client);
    expect(cleared(), 'the trial starts').toEqual(expect.arrayContaining(paths));
    expect(((await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json as { embed: boolean }).embed).toBe(true);

    const sub = (await subscriptionOf(userId))!;
    cleared().length = 0;
    await fetch(`${stack().stripe.url}/__double/subscriptions/pay?id=${sub.stripeSubscriptionId}`, { method: 'POST' });
    await stack().stripe.flush();
    expect((await subscriptionOf(userId))!.status).toBe('active');
    expect(cleared(), 'trialing → active, the first invoice paid: still Pro').toEqual([]);

    await fetch(`${stack().stripe.url}/__double/subscriptions/cancel_now?id=${sub.stripeSubscriptionId}`, { method: 'POST' });
    await stack().stripe.flush();
    expect(cleared(), 'the plan ends').toEqual(expect.arrayContaining(paths));
    expect(((await new ApiClient(stack().url).get(`/api/share/${guide.id}`)).json as { embed: boolean }).embed).toBe(false);
  });
});

describe('webhooks', () => {
  async function subscribedUser() {
    const s = await subscriber();
    await subscribe(s.client);
    const sub = (await subscriptionOf(s.userId))!;
    return { ...s, sub, stripeSub: stack().stripe.state.data.subscriptions[sub.stripeSubscriptionId!]! };
  }

  function event(type: string, object: object, created = Math.floor(Date.now() / 1000)) {
    return { id: `evt_test_${Math.random().toString(36).slice(2)}`, object: 'event', api_version: '2026-10-28.endive', created, type, data: { object }, livemode: false };
  }

  it('refuses a forged, a replayed and a re-serialised webhook with 400 and writes nothing', async () => {
    const { userId, stripeSub } = await subscribedUser();
    const before = await subscriptionOf(userId);
    const canceled = { ...stripeSub, status: 'canceled' };
    const forged = JSON.stringify(event('customer.subscription.deleted', canceled));
    const forgedHeader = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload: forged, secret: 'whsec_attacker_secret' });
    const replay = signed(event('customer.subscription.deleted', canceled), Math.floor(Date.now() / 1000) - 600);
    const original = signed(event('customer.subscription.deleted', canceled));
    const reserialised = JSON.stringify(JSON.parse(original.payload), null, 2);
    for (const [payload, header] of [
      [forged, forgedHeader],
      [replay.payload, replay.header],
      [reserialised, original.header],
      [original.payload, ''],
    ] as const) {
      const response = await sendWebhook(payload, header);
      expect(response.status).toBe(400);
      expect(ErrorBody.parse(await response.json()).error.code).toBe('bad_request');
    }
    expect(await subscriptionOf(userId)).toEqual(before);
  });

  it('applies the same event once, delivered serially or concurrently', async () => {
    const { email, stripeSub } = await subscribedUser();
    const trialEnds = signed(event('customer.subscription.trial_will_end', stripeSub));
    const answers = await Promise.all([sendWebhook(trialEnds.payload, trialEnds.header), sendWebhook(trialEnds.payload, trialEnds.header)]);
    const again = await sendWebhook(trialEnds.payload, trialEnds.header);
    const bodies = await Promise.all([...answers, again].map((r) => r.json()));
    expect(bodies.map((b) => b.duplicate).sort()).toEqual([false, true, true]);
    const mails = (await mailsTo(stack().mailApiUrl, email)).filter((m) => /trial ends/.test(m.subject));
    expect(mails).toHaveLength(1);
  });

  it('lets the newest state win when events arrive out of order', async () => {
    const { client, userId, stripeSub } = await subscribedUser();
    const t = Math.floor(Date.now() / 1000);
    // Stripe's current truth: cancelling at period end.
    stripeSub.cancel_at_period_end = true;
    const updated = signed(event('customer.subscription.updated', { ...stripeSub }, t + 10));
    const created = signed(event('customer.subscription.created', { ...stripeSub, cancel_at_period_end: false }, t - 100));
    expect((await sendWebhook(updated.payload, updated.header)).status).toBe(200);
    expect((await sendWebhook(created.payload, created.header)).status).toBe(200);
    expect((await details(client)).cancelAtPeriodEnd).toBe(true);
    expect((await subscriptionOf(userId))!.stripeUpdatedAt).toBe(t + 10);
  });

  it('marks a failed payment past due and tells the user', async () => {
    const { client, email, sub } = await subscribedUser();
    await fetch(`${stack().stripe.url}/__double/subscriptions/payment_fails?id=${sub.stripeSubscriptionId}`, { method: 'POST' });
    await stack().stripe.flush();
    expect((await details(client)).status).toBe('past_due');
    expect((await mailsTo(stack().mailApiUrl, email)).some((m) => /payment failed/.test(m.subject))).toBe(true);
  });
});
