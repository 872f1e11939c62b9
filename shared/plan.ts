/**
 * The one paid plan (product-spec.md §1, §3). The Stripe price id is deployment configuration, not
 * here. No zod in this module: the landing and pricing pages import it, and their script budget
 * has no room for zod; the plan's API shapes are in plan-contracts.ts.
 */
export interface PlanFeature {
  label: string;
  soon?: boolean;
}

export const PRO_PLAN = {
  name: 'Pro',
  tag: 'Everything you need to create, narrate, and share guides.',
  price: 24,
  interval: 'month',
  trialDays: 7,
  features: [
    { label: '1-click capture' },
    { label: 'Smart transcript' },
    { label: 'Unlimited guides' },
    { label: 'Synthetic voiceover' },
    { label: 'Instant embed' },
    { label: 'Private guides' },
    { label: 'Analytics' },
    { label: 'Your brand on every guide' },
  ] satisfies PlanFeature[],
} as const;

/** Subscription states Stripe reports; Pro is active or trialing. */
export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface SubscriptionDetails {
  status: SubscriptionStatus | null;
  /** unix seconds */
  trialEnd: number | null;
  cancelAtPeriodEnd: boolean | null;
}

export function isSubscribed(status: SubscriptionStatus | null | undefined): boolean {
  return status === 'active' || status === 'trialing';
}

/** The plan name a subscription gives: 'Pro' while active or trialing, otherwise none. */
export function planName(status: SubscriptionStatus | null | undefined): 'Pro' | null {
  return isSubscribed(status) ? 'Pro' : null;
}

export function isTrialing(details: Pick<SubscriptionDetails, 'status'>): boolean {
  return details.status === 'trialing';
}

/** "Had a trial": trialEnd exists and is in the past (product-spec.md §4). */
export function hadTrial(details: Pick<SubscriptionDetails, 'trialEnd'>, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  return details.trialEnd !== null && details.trialEnd !== undefined && details.trialEnd < nowSeconds;
}

export function isPendingCancellation(details: Pick<SubscriptionDetails, 'cancelAtPeriodEnd'>): boolean {
  return details.cancelAtPeriodEnd === true;
}

/** Without Pro an organisation holds this many guides. */
export const FREE_GUIDE_LIMIT = 3;

export interface Entitlements {
  plan: 'Pro' | null;
  guideLimit: number;
  privateGuides: boolean;
  voiceover: boolean;
  embed: boolean;
  exports: boolean;
  /** viewer analytics: the guide and workspace pages, and numbers on guide cards */
  analytics: boolean;
  /** the organisation's brand on its guides and exports instead of Stepcast's look (issue 32) */
  brand: boolean;
}

/**
 * What a plan unlocks: the one gate the server enforces and the SPA uses to hide or lock the
 * same features.
 */
export function entitlements(status: SubscriptionStatus | null | undefined): Entitlements {
  const pro = isSubscribed(status);
  return {
    plan: pro ? 'Pro' : null,
    guideLimit: pro ? Number.POSITIVE_INFINITY : FREE_GUIDE_LIMIT,
    privateGuides: pro,
    voiceover: pro,
    embed: pro,
    exports: pro,
    analytics: pro,
    brand: pro,
  };
}
