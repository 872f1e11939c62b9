import http from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';
import { DoubleState, now, stripeId, type CheckoutSession, type Subscription } from './state';
import { checkoutPage, portalPage } from './pages';

/**
 * A Stripe test double for development and tests: it speaks Stripe's wire format for exactly
 * the calls Stepcast makes (customers, prices, checkout sessions, subscriptions, billing portal
 * sessions), keeps state, serves a hosted checkout page and a portal page, and sends webhooks
 * signed with the real `stripe.webhooks` helper. It lives only in infra/local: no deployed stage
 * ever runs it. With STRIPE_SECRET_KEY set, the app talks to Stripe instead.
 */
export interface StripeDoubleOptions {
  port: number;
  /** where webhooks go: the app's POST /api/stripe/webhook */
  webhookUrl: string;
  webhookSecret: string;
  /** persist state here (npm start) or keep it in memory (tests) */
  stateFile?: string;
}

export interface StripeDouble {
  url: string;
  port: number;
  state: DoubleState;
  /** resolves when every webhook sent so far has been delivered (or given up) */
  flush(): Promise<void>;
  /** sends an event for a subscription as Stripe would (tests: trial ending, renewals) */
  emit(type: string, object: unknown): void;
  stop: () => Promise<void>;
}

const API_VERSION = '2026-10-28.endive';
const signer = new Stripe('sk_test_double_signer');

function stripeError(res: http.ServerResponse, status: number, message: string, param?: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req') });
  res.end(JSON.stringify({ error: { type: 'invalid_request_error', message, ...(param ? { param } : {}) } }));
}

function json(res: http.ServerResponse, body: unknown, status = 200) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': stripeId('req'), 'stripe-version': API_VERSION });
  res.end(JSON.stringify(body));
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startStripeDouble(options: StripeDoubleOptions): Promise<StripeDouble> {
  const state = new DoubleState(options.stateFile);
  const deliveries = new Set<Promise<void>>();
  let baseUrl = '';

  function deliver(type: string, object: unknown): void {
    const event = {
      id: stripeId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    };
    const payload = JSON.stringify(event);
    const attempt = async () => {
      for (let tries = 0; tries < 4; tries++) {
        const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.webhookSecret });
        try {
          const response = await fetch(options.webhookUrl, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': header, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
            body: payload,
          });
          if (response.ok) return;
        } catch {
          // the app may be starting; Stripe retries too
        }
        await new Promise((r) => setTimeout(r, 200 * 2 ** tries));
      }
    };
    const delivery = attempt().finally(() => deliveries.delete(delivery));
    deliveries.add(delivery);
  }

  function expandSession(session: CheckoutSession, expand: string[]) {
    const { trial_period_days: _t, price: _p, ...wire } = session;
    return {
      ...wire,
      subscription: expand.includes('subscription') && session.subscription ? state.data.subscriptions[session.subscription] : session.subscription,
    };
  }

  function createSubscription(session: CheckoutSession): Subscription {
    const start = now();
    const trialEnd = session.trial_period_days ? start + session.trial_period_days * 86_400 : null;
    const periodEnd = trialEnd ?? start + 30 * 86_400;
    const subscription: Subscription = {
      id: stripeId('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialEnd ? 'trialing' : 'active',
      created: start,
      start_date: start,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      metadata: session.metadata,
      items: {
        object: 'list',
        has_more: false,
        data: [
          { id: stripeId('si'), object: 'subscription_item', price: state.ensurePrice(session.price), quantity: 1, current_period_start: start, current_period_end: periodEnd },
        ],
      },
      livemode: false,
    };
    state.data.subscriptions[subscription.id] = subscription;
    return subscription;
  }

  function invoiceFor(subscription: Subscription, paid: boolean) {
    return {
      id: stripeId('in'),
      object: 'invoice',
      customer: subscription.customer,
      subscription: subscription.id,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
      status: paid ? 'paid' : 'open',
      amount_due: subscription.status === 'trialing' ? 0 : 2400,
      created: now(),
      livemode: false,
    };
  }

  /** The portal's and tests' actions on a subscription, with the events Stripe would send. */
  function act(subscription: Subscription, action: string): void {
    const periodEnd = subscription.items.data[0]!.current_period_end;
    switch (action) {
      case 'cancel_at_period_end':
        Object.assign(subscription, { cancel_at_period_end: true, cancel_at: periodEnd });
        deliver('customer.subscription.updated', subscription);
        break;
      case 'resume':
        Object.assign(subscription, { cancel_at_period_end: false, cancel_at: null });
        deliver('customer.subscription.updated', subscription);
        break;
      case 'cancel_now':
        Object.assign(subscription, { status: 'canceled', canceled_at: now(), ended_at: now(), cancel_at_period_end: false });
        deliver('customer.subscription.deleted', subscription);
        break;
      case 'payment_fails':
        subscription.status = 'past_due';
        deliver('invoice.payment_failed', invoiceFor(subscription, false));
        deliver('customer.subscription.updated', subscription);
        break;
      case 'pay':
        subscription.status = 'active';
        deliver('invoice.paid', invoiceFor(subscription, true));
        deliver('customer.subscription.updated', subscription);
        break;
      case 'trial_will_end':
        deliver('customer.subscription.trial_will_end', subscription);
        break;
      default:
        throw new Error(`unknown action ${action}`);
    }
    state.save();
  }

  async function api(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    if (!/^Bearer sk_(test|live)_/.test(req.headers.authorization ?? '')) {
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }));
      return;
    }
    const raw = await readBody(req);
    const params = qs.parse(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : raw) as Record<string, unknown>;
    const expand = ([] as string[]).concat((params.expand as string[] | string | undefined) ?? []);
    const key = typeof req.headers['idempotency-key'] === 'string' ? `${req.method} ${url.pathname} ${req.headers['idempotency-key']}` : undefined;
    if (key && state.data.idempotency[key]) {
      const first = state.data.idempotency[key];
      return json(res, first.body, first.status);
    }
    const answer = (body: unknown, status = 200) => {
      if (key && req.method === 'POST') {
        state.data.idempotency[key] = { status, body };
        state.save();
      }
      json(res, body, status);
    };
    const parts = url.pathname.split('/').filter(Boolean).slice(1);
    const [resource, id, sub] = parts;

    if (resource === 'customers' && req.method === 'POST' && !id) {
      const customer = {
        id: stripeId('cus'),
        object: 'customer' as const,
        email: (params.email as string) ?? null,
        name: (params.name as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        created: now(),
        livemode: false as const,
      };
      state.data.customers[customer.id] = customer;
      state.save();
      return answer(customer);
    }
    if (resource === 'customers' && req.method === 'GET' && id) {
      const customer = state.data.customers[id];
      return customer ? json(res, customer) : stripeError(res, 404, `No such customer: '${id}'`, 'id');
    }
    if (resource === 'prices' && req.method === 'GET' && id) return json(res, state.ensurePrice(id));
    if (resource === 'checkout' && id === 'sessions' && req.method === 'POST' && !sub) {
      const customer = params.customer as string | undefined;
      if (!customer || !state.data.customers[customer]) return stripeError(res, 400, 'No such customer', 'customer');
      if (params.mode !== 'subscription') return stripeError(res, 400, 'Only subscription mode is supported by the double', 'mode');
      const lineItems = (params.line_items as Array<{ price: string; quantity: string }> | undefined) ?? [];
      const price = lineItems[0]?.price;
      if (!price) return stripeError(res, 400, 'Missing required param: line_items[0][price].', 'line_items');
      const trialDays = Number((params.subscription_data as { trial_period_days?: string } | undefined)?.trial_period_days ?? 0) || null;
      const sessionId = stripeId('cs_test');
      const session: CheckoutSession = {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer,
        subscription: null,
        client_reference_id: (params.client_reference_id as string) ?? null,
        metadata: (params.metadata as Record<string, string>) ?? {},
        success_url: params.success_url as string,
        cancel_url: params.cancel_url as string,
        url: `${baseUrl}/checkout/${sessionId}`,
        created: now(),
        expires_at: now() + 86_400,
        livemode: false,
        trial_period_days: trialDays,
        price,
      };
      state.ensurePrice(price);
      state.data.checkoutSessions[sessionId] = session;
      state.save();
      return answer(expandSession(session, expand));
    }
    if (resource === 'checkout' && id === 'sessions' && req.method === 'GET' && sub) {
      const session = state.data.checkoutSessions[sub];
      return session ? json(res, expandSession(session, expand)) : stripeError(res, 404, `No such checkout.session: '${sub}'`, 'session');
    }
    if (resource === 'subscriptions' && id) {
      const subscription = state.data.subscriptions[id];
      if (!subscription) return stripeError(res, 404, `No such subscription: '${id}'`, 'id');
      if (req.method === 'GET') return json(res, subscription);
      if (req.method === 'DELETE') {
        act(subscription, 'cancel_now');
        return answer(subscription);
      }
      if (req.method === 'POST') {
        if (params.cancel_at_period_end !== undefined) act(subscription, params.cancel_at_period_end === 'true' ? 'cancel_at_period_end' : 'resume');
        return answer(subscription);
      }
    }
    if (resource === 'billing_portal' && id === 'sessions' && req.method === 'POST') {
      const customer = params.customer as string | undefined;
      if (!customer || !state.data.customers[customer]) return stripeError(res, 400, 'No such customer', 'customer');
      const portalId = stripeId('bps');
      const portal = {
        id: portalId,
        object: 'billing_portal.session' as const,
        customer,
        return_url: (params.return_url as string) ?? baseUrl,
        url: `${baseUrl}/portal/${portalId}`,
        created: now(),
        livemode: false as const,
      };
      state.data.portalSessions[portalId] = portal;
      state.save();
      return answer(portal);
    }
    return stripeError(res, 404, `Unrecognized request URL (${req.method}: ${url.pathname}). The Stripe double implements only the calls Stepcast makes.`);
  }

  async function hosted(req: http.IncomingMessage, res: http.ServerResponse, url: URL): Promise<void> {
    const [, kind, id, action] = url.pathname.split('/');
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(body);
    };
    const redirect = (location: string) => {
      res.writeHead(303, { location });
      res.end();
    };
    if (kind === 'checkout' && id) {
      const session = state.data.checkoutSessions[id];
      if (!session) return stripeError(res, 404, 'No such checkout session');
      if (req.method === 'GET') return html(checkoutPage(session, state.data.customers[session.customer]?.email ?? ''));
      if (req.method === 'POST' && action === 'complete') {
        if (session.status === 'open') {
          const subscription = createSubscription(session);
          Object.assign(session, { status: 'complete', payment_status: subscription.status === 'trialing' ? 'no_payment_required' : 'paid', subscription: subscription.id, url: null });
          state.save();
          deliver('customer.subscription.created', subscription);
          deliver('checkout.session.completed', expandSession(session, []));
          if (subscription.status === 'active') deliver('invoice.paid', invoiceFor(subscription, true));
        }
        return redirect(session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
      }
    }
    if (kind === 'portal' && id) {
      const portal = state.data.portalSessions[id];
      if (!portal) return stripeError(res, 404, 'No such portal session');
      const subscriptions = Object.values(state.data.subscriptions).filter((s) => s.customer === portal.customer);
      if (req.method === 'GET') return html(portalPage(portal, subscriptions));
      if (req.method === 'POST' && action) {
        const form = new URLSearchParams(await readBody(req));
        const subscription = state.data.subscriptions[form.get('subscription') ?? ''];
        if (!subscription || subscription.customer !== portal.customer) return stripeError(res, 404, 'No such subscription');
        act(subscription, action);
        return redirect(`/portal/${id}`);
      }
    }
    if (kind === '__double' && id === 'subscriptions' && action && req.method === 'POST') {
      // test control: POST /__double/subscriptions/{action}?id=sub_… (trial_will_end, pay, payment_fails, …)
      const subscription = state.data.subscriptions[url.searchParams.get('id') ?? ''];
      if (!subscription) return stripeError(res, 404, 'No such subscription');
      act(subscription, action);
      return json(res, subscription);
    }
    return stripeError(res, 404, 'Not found');
  }

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const handle = url.pathname.startsWith('/v1/') ? api(req, res, url) : hosted(req, res, url);
    handle.catch((error: unknown) => {
      if (!res.headersSent) stripeError(res, 500, (error as Error).message);
      else res.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  baseUrl = `http://localhost:${port}`;
  return {
    url: baseUrl,
    port,
    state,
    flush: async () => {
      while (deliveries.size > 0) await Promise.allSettled([...deliveries]);
    },
    emit: (type, object) => deliver(type, object),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
