import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The Stripe objects the double keeps, in Stripe's own wire shapes (the subset the product reads). */
export interface Customer {
  id: string;
  object: 'customer';
  email: string | null;
  name: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface Price {
  id: string;
  object: 'price';
  active: true;
  currency: string;
  unit_amount: number;
  recurring: { interval: 'month'; interval_count: 1 };
  product: string;
  type: 'recurring';
  livemode: false;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  price: Price;
  quantity: 1;
  current_period_start: number;
  current_period_end: number;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete';
  created: number;
  start_date: number;
  trial_start: number | null;
  trial_end: number | null;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  metadata: Record<string, string>;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false };
  livemode: false;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  mode: 'subscription';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string;
  subscription: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** what the session sells: not a Stripe field we expose beyond its effect */
  trial_period_days: number | null;
  price: string;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  customer: string;
  return_url: string;
  url: string;
  created: number;
  livemode: false;
}

interface Data {
  customers: Record<string, Customer>;
  prices: Record<string, Price>;
  subscriptions: Record<string, Subscription>;
  checkoutSessions: Record<string, CheckoutSession>;
  portalSessions: Record<string, PortalSession>;
  /** idempotency key → the first answer */
  idempotency: Record<string, { status: number; body: unknown }>;
}

export function stripeId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
}

export const now = () => Math.floor(Date.now() / 1000);

/** The double's state, kept in a JSON file when given one, so `npm start` restarts keep it. */
export class DoubleState {
  data: Data;

  constructor(private readonly file?: string) {
    this.data =
      file && existsSync(file)
        ? (JSON.parse(readFileSync(file, 'utf8')) as Data)
        : { customers: {}, prices: {}, subscriptions: {}, checkoutSessions: {}, portalSessions: {}, idempotency: {} };
  }

  save(): void {
    if (!this.file) return;
    mkdirSync(path.dirname(this.file), { recursive: true });
    writeFileSync(this.file, JSON.stringify(this.data));
  }

  ensurePrice(id: string): Price {
    this.data.prices[id] ??= {
      id,
      object: 'price',
      active: true,
      currency: 'usd',
      unit_amount: 2400,
      recurring: { interval: 'month', interval_count: 1 },
      product: 'prod_stepcast_pro',
      type: 'recurring',
      livemode: false,
    };
    return this.data.prices[id];
  }
}
