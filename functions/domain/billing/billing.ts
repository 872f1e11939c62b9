import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import * as z from 'zod';
import { AppError } from '#shared/errors';
import { PRO_PLAN, type SubscriptionDetails, type SubscriptionStatus } from '#shared/plan';
import { checkoutReturnPath } from '#shared/plan-contracts';
import { PRODUCT_NAME } from '#shared/product';
import { defineConfig } from '../../core/config';
import { logger } from '../../core/logger';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';
import * as Entitlements from './entitlements';
import { requireVerifiedEmail } from '../accounts';
import { isOwner } from '../members';
import { Mail, ShareCache } from '../platform';

/**
 * The Pro plan through Stripe: checkout with a 7-day trial for users who never had one,
 * confirmation on return, the billing portal, and webhooks applied once and in order. Stripe is
 * the source of truth: events are used as triggers to re-read the subscription, so an event that
 * arrives late can never bring back an older state.
 */
const billingConfig = defineConfig({
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** in AWS: a Secrets Manager secret holding { secretKey, webhookSecret } */
  STRIPE_SECRET_ARN: z.string().startsWith('arn:').optional(),
  /** the local Stripe double (development and tests only): http://host:port */
  STRIPE_API_URL: z.string().url().optional(),
  STRIPE_PRICE_ID: z.string().min(3).default('price_stepcast_pro_monthly'),
});

/** Stripe calls fail within the API's 29 s: 8 s per attempt, one retry. */
export const STRIPE_TIMEOUT_MS = 8_000;
export const STRIPE_MAX_RETRIES = 1;
/** webhook signatures older than this are replays */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** remembered event ids outlive Stripe's 3-day retry window */
const EVENT_RETENTION_SECONDS = 7 * 24 * 60 * 60;

interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
}

let keys: Promise<StripeKeys> | undefined;
let client: Promise<Stripe> | undefined;

async function loadKeys(): Promise<StripeKeys> {
  const config = billingConfig();
  if (config.STRIPE_SECRET_KEY && config.STRIPE_WEBHOOK_SECRET) return { secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET };
  if (!config.STRIPE_SECRET_ARN) throw new Error('Invalid environment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or STRIPE_SECRET_ARN, are required');
  const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: config.STRIPE_SECRET_ARN }));
  return z.object({ secretKey: z.string().startsWith('sk_'), webhookSecret: z.string().min(8) }).parse(JSON.parse(SecretString ?? '{}'));
}

function stripeKeys(): Promise<StripeKeys> {
  keys ??= loadKeys().catch((error: unknown) => {
    keys = undefined;
    throw error;
  });
  return keys;
}

export function stripe(): Promise<Stripe> {
  client ??= stripeKeys().then(({ secretKey }) => {
    const api = billingConfig().STRIPE_API_URL;
    const target = api ? new URL(api) : undefined;
    return new Stripe(secretKey, {
      timeout: STRIPE_TIMEOUT_MS,
      maxNetworkRetries: STRIPE_MAX_RETRIES,
      ...(target ? { host: target.hostname, port: target.port, protocol: target.protocol.replace(':', '') as 'http' | 'https' } : {}),
    });
  });
  return client;
}

/** Stripe's failures as the API's own errors: nothing of Stripe's internals reaches the caller. */
async function call<T>(what: string, run: (s: Stripe) => Promise<T>): Promise<T> {
  try {
    return await run(await stripe());
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Stripe.errors.StripeError) {
      logger.warn('stripe call failed', { what, type: error.type, code: error.code, status: error.statusCode });
      if (error.type === 'StripeConnectionError') {
        throw new AppError('upstream_failed', 'Payments are unavailable right now. Please try again in a minute.');
      }
      if (error.statusCode === 404) throw new AppError('not_found', 'The checkout or subscription was not found.');
      throw new AppError('upstream_failed', 'The payment provider refused the request. Please try again.');
    }
    throw error;
  }
}

type Subscription = NonNullable<Awaited<ReturnType<typeof record>>>;

async function record(userId: string) {
  const { data } = await db().entities.subscription.get({ userId }).go();
  return data;
}

export function detailsOf(sub: { status?: SubscriptionStatus | undefined; trialEnd?: number | undefined; cancelAtPeriodEnd?: boolean | undefined } | null): SubscriptionDetails {
  return { status: sub?.status ?? null, trialEnd: sub?.trialEnd ?? null, cancelAtPeriodEnd: sub?.cancelAtPeriodEnd ?? null };
}

export async function details(userId: string): Promise<SubscriptionDetails & { currentPeriodEnd: number | null }> {
  const sub = await record(userId);
  return { ...detailsOf(sub), currentPeriodEnd: sub?.currentPeriodEnd ?? null };
}

/** The user's Stripe customer, created once (the conditional write settles a race between two clicks). */
async function customerFor(user: { userId: string; email: string; name: string }): Promise<{ customerId: string; sub: Subscription | null }> {
  const existing = await record(user.userId);
  if (existing) return { customerId: existing.stripeCustomerId, sub: existing };
  const customer = await call('customers.create', (s) =>
    s.customers.create({ email: user.email, name: user.name, metadata: { userId: user.userId } }, { idempotencyKey: `customer-${user.userId}` }),
  );
  try {
    await db().entities.subscription.create({ userId: user.userId, stripeCustomerId: customer.id }).go();
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
  }
  const stored = await record(user.userId);
  return { customerId: stored!.stripeCustomerId, sub: stored };
}

/** A user had a trial once a subscription of theirs ever trialled. */
function hadTrial(sub: Subscription | null): boolean {
  return Boolean(sub?.trialStartedAt || sub?.trialEnd);
}

/**
 * A Checkout session in subscription mode; a 7-day trial only for a user who never had one. The
 * idempotency key makes a double click (within ten minutes) one session.
 */
export async function startCheckout(
  user: { userId: string; email: string; name: string; emailVerified: boolean },
  origin: string,
  returnTo?: string,
): Promise<{ url: string }> {
  requireVerifiedEmail(user, 'trial');
  const { customerId, sub } = await customerFor(user);
  if (sub?.status === 'active' || sub?.status === 'trialing') throw new AppError('conflict', `You already have ${PRO_PLAN.name}. Manage it from your account.`);
  const trial = !hadTrial(sub);
  const window = Math.floor(Date.now() / 600_000);
  // Back to the page the trial was started on, finished or cancelled (where the modal opens again).
  const success = checkoutReturnPath(returnTo, 'stripe_session_id={CHECKOUT_SESSION_ID}');
  const cancel = checkoutReturnPath(returnTo, 'subscribe=true');
  const page = createHash('sha256').update(success).digest('base64url').slice(0, 16);
  const session = await call('checkout.sessions.create', (s) =>
    s.checkout.sessions.create(
      {
        mode: 'subscription',
        customer: customerId,
        client_reference_id: user.userId,
        line_items: [{ price: billingConfig().STRIPE_PRICE_ID, quantity: 1 }],
        ...(trial ? { subscription_data: { trial_period_days: PRO_PLAN.trialDays, metadata: { userId: user.userId } } } : {}),
        metadata: { userId: user.userId },
        success_url: `${origin}${success}`,
        cancel_url: `${origin}${cancel}`,
      },
      // Two clicks on one page are one session; a click on another page returns there.
      { idempotencyKey: `checkout-${user.userId}-${trial ? 'trial' : 'paid'}-${window}-${page}` },
    ),
  );
  if (!session.url) throw new AppError('upstream_failed', 'Failed to create checkout session');
  return { url: session.url };
}

function subscriptionFields(subscription: Stripe.Subscription) {
  const item = subscription.items?.data?.[0];
  // A trial cut short by a cancellation ended when the subscription did: from then on the user
  // "had a trial" (product-spec.md §4: trialEnd in the past), as checkout already treats them.
  const endedAt = subscription.ended_at ?? subscription.canceled_at ?? undefined;
  const trialEnd = subscription.trial_end && endedAt && subscription.status === 'canceled' ? Math.min(subscription.trial_end, endedAt) : subscription.trial_end;
  return {
    stripeSubscriptionId: subscription.id,
    status: subscription.status as SubscriptionStatus,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    ...(trialEnd ? { trialEnd } : {}),
    ...(subscription.trial_start ? { trialStartedAt: subscription.trial_start } : {}),
    ...(item?.current_period_end ? { currentPeriodEnd: item.current_period_end } : {}),
  };
}

const isPro = (status: string | null | undefined) => status === 'active' || status === 'trialing';

/**
 * A plan that starts or ends changes whether the guides of its owner's organisations may be
 * embedded, which their share answers carry: CloudFront's copies of them go (a renewal, Pro
 * before and after, clears nothing).
 */
async function clearOwnedShares(userId: string): Promise<void> {
  const { data: memberships } = await db().entities.member.query.byUser({ userId }).go({ pages: 'all', attributes: ['orgId', 'role'] });
  for (const { orgId } of memberships.filter((m) => isOwner(m.role))) await ShareCache.clearOrganization(orgId);
}

/**
 * Stores a subscription as Stripe reports it. `stamp` orders writes: a state read for an older
 * event never replaces one stored for a newer event.
 */
async function store(userId: string, customerId: string, subscription: Stripe.Subscription, stamp: number): Promise<boolean> {
  const fields = subscriptionFields(subscription);
  try {
    const { data: before } = await db()
      .entities.subscription.upsert({ userId, stripeCustomerId: customerId, ...fields, stripeUpdatedAt: stamp })
      .where((attr, { notExists, lte }) => `${notExists(attr.stripeUpdatedAt)} OR ${lte(attr.stripeUpdatedAt, stamp)}`)
      .go({ response: 'all_old' });
    Entitlements.forgetEmbedRights();
    if (isPro(before?.status) !== isPro(fields.status)) await clearOwnedShares(userId);
    return true;
  } catch (error) {
    if (isConditionFailed(error)) return false;
    throw error;
  }
}

/** After checkout: read the session from Stripe, check it is the caller's, store its subscription. Safe to repeat. */
export async function confirm(userId: string, sessionId: string): Promise<SubscriptionDetails> {
  const session = await call('checkout.sessions.retrieve', (s) => s.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }));
  const sub = await record(userId);
  const customerId = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  if (session.client_reference_id !== userId || !sub || sub.stripeCustomerId !== customerId) {
    throw new AppError('not_found', 'The checkout was not found.');
  }
  if (session.status !== 'complete' || !session.subscription || typeof session.subscription === 'string') {
    throw new AppError('conflict', 'The checkout is not complete yet.');
  }
  await store(userId, customerId, session.subscription, Math.floor(Date.now() / 1000));
  return detailsOf(await record(userId));
}

export async function portal(userId: string, origin: string): Promise<{ url: string }> {
  const sub = await record(userId);
  if (!sub) throw new AppError('not_found', 'There is no subscription to manage yet.');
  const session = await call('billingPortal.sessions.create', (s) =>
    s.billingPortal.sessions.create({ customer: sub.stripeCustomerId, return_url: `${origin}/dashboard/account` }),
  );
  return { url: session.url };
}

async function userByCustomer(customerId: string): Promise<string | undefined> {
  const { data } = await db().entities.subscription.query.byCustomer({ stripeCustomerId: customerId }).go();
  return data[0]?.userId;
}

function subscriptionIdOf(object: Record<string, unknown>): string | undefined {
  if (typeof object.subscription === 'string') return object.subscription;
  const parent = object.parent as { subscription_details?: { subscription?: string } } | undefined;
  return parent?.subscription_details?.subscription;
}

async function mailUser(userId: string, subject: string, heading: string, intro: string, origin: string | undefined) {
  const { data: user } = await db().entities.user.get({ userId }).go();
  if (!user) return;
  await Mail.send(
    Mail.actionMail({
      to: user.email,
      subject,
      heading,
      intro,
      action: 'Manage subscription',
      url: `${origin ?? 'https://stepcast.app'}/dashboard/account`,
      outro: `Questions? Reply to this mail. — ${PRODUCT_NAME}`,
    }),
  );
}

/** Applies one verified event. */
async function apply(event: Stripe.Event, origin: string | undefined): Promise<void> {
  const object = event.data.object as unknown as Record<string, unknown>;
  const subscriptionId =
    event.type.startsWith('customer.subscription.') ? (object.id as string) : event.type === 'checkout.session.completed' ? subscriptionIdOf(object) : subscriptionIdOf(object);
  const customerId = typeof object.customer === 'string' ? object.customer : undefined;
  if (!subscriptionId || !customerId) return;
  const userId = (object.client_reference_id as string | undefined) ?? (await userByCustomer(customerId));
  if (!userId) {
    logger.warn('stripe event for an unknown customer', { type: event.type, customerId });
    return;
  }
  const subscription = await call('subscriptions.retrieve', (s) => s.subscriptions.retrieve(subscriptionId));
  await store(userId, customerId, subscription, event.created);
  if (event.type === 'customer.subscription.trial_will_end' && subscription.trial_end) {
    const end = new Date(subscription.trial_end * 1000).toDateString();
    await mailUser(userId, `Your ${PRODUCT_NAME} trial ends on ${end}`, 'Your trial is ending soon', `Your ${PRO_PLAN.name} trial ends on ${end}. Your subscription continues unless you cancel before then.`, origin);
  }
  if (event.type === 'invoice.payment_failed') {
    await mailUser(userId, `Your ${PRODUCT_NAME} payment failed`, 'We could not take your payment', `Your latest ${PRO_PLAN.name} payment failed. Update your payment method to keep ${PRO_PLAN.name}.`, origin);
  }
}

export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.trial_will_end',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * A webhook: the signature is checked on the raw body (forged, replayed and re-serialised
 * bodies fail), the event id is recorded with a condition (a duplicate does nothing), then the
 * event is applied; if applying fails, the record is removed so Stripe's retry applies it.
 */
export async function handleWebhook(rawBody: string, signature: string | undefined, origin?: string): Promise<{ duplicate: boolean }> {
  const { webhookSecret } = await stripeKeys();
  let event: Stripe.Event;
  try {
    event = (await stripe()).webhooks.constructEvent(rawBody, signature ?? '', webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError('bad_request', 'The webhook signature is not valid.');
  }
  if (!HANDLED_EVENTS.has(event.type)) return { duplicate: false };
  try {
    await db()
      .entities.stripeEvent.create({ eventId: event.id, type: event.type, expiresAt: Math.floor(Date.now() / 1000) + EVENT_RETENTION_SECONDS })
      .go();
  } catch (error) {
    if (isConditionFailed(error)) return { duplicate: true };
    throw error;
  }
  try {
    await apply(event, origin);
  } catch (error) {
    await db().entities.stripeEvent.delete({ eventId: event.id }).go();
    throw error;
  }
  return { duplicate: false };
}
