import { hadTrial, isPendingCancellation, isSubscribed, isTrialing, type SubscriptionDetails, type SubscriptionStatus } from '#shared/plan';

/** What the account's Billing section and the shell's badge say about a subscription. */

const SECONDS_PER_DAY = 24 * 60 * 60;

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  trialing: 'Trial',
  active: 'Active',
  past_due: 'Past due',
  canceled: 'Canceled',
  unpaid: 'Unpaid',
  incomplete: 'Incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

export type StatusTone = 'neutral' | 'brand' | 'success' | 'warning' | 'danger';

const STATUS_TONES: Record<SubscriptionStatus, StatusTone> = {
  trialing: 'brand',
  active: 'success',
  past_due: 'warning',
  canceled: 'neutral',
  unpaid: 'danger',
  incomplete: 'warning',
  incomplete_expired: 'neutral',
  paused: 'neutral',
};

/** 'Trial', 'Active', 'Past due', 'Canceled' …, or 'None' without a subscription. */
export function statusLabel(status: SubscriptionStatus | null | undefined): string {
  return status ? STATUS_LABELS[status] : 'None';
}

export function statusTone(status: SubscriptionStatus | null | undefined): StatusTone {
  return status ? STATUS_TONES[status] : 'neutral';
}

/** A payment is owed: the person should update their payment method in the portal. */
export function isPaymentOverdue(status: SubscriptionStatus | null | undefined): boolean {
  return status === 'past_due' || status === 'unpaid';
}

/** Whole days until `endSeconds`, rounded up (a trial that ends in 30 hours has 2 days left); never below 0. */
export function daysLeft(endSeconds: number, nowSeconds = Math.floor(Date.now() / 1000)): number {
  return Math.max(0, Math.ceil((endSeconds - nowSeconds) / SECONDS_PER_DAY));
}

export type PlanBadge =
  | { kind: 'pro'; label: string }
  | { kind: 'trial'; label: string }
  | { kind: 'past-due'; label: string }
  | { kind: 'upgrade'; label: string };

/**
 * The shell's badge: 'Pro' while active, 'Trial · N days left' while trialing, a warning while
 * a payment is owed, otherwise 'Upgrade' (which opens the subscription modal).
 */
export function planBadge(details: SubscriptionDetails, nowSeconds = Math.floor(Date.now() / 1000)): PlanBadge {
  if (isTrialing(details)) {
    if (details.trialEnd === null) return { kind: 'trial', label: 'Trial' };
    const days = daysLeft(details.trialEnd, nowSeconds);
    return { kind: 'trial', label: days === 0 ? 'Trial · ends today' : `Trial · ${days} ${days === 1 ? 'day' : 'days'} left` };
  }
  if (isSubscribed(details.status)) return { kind: 'pro', label: 'Pro' };
  if (isPaymentOverdue(details.status)) return { kind: 'past-due', label: 'Payment past due' };
  return { kind: 'upgrade', label: 'Upgrade' };
}

export interface BillingDetails extends SubscriptionDetails {
  /** unix seconds: when the current period (a trial's included) ends */
  currentPeriodEnd: number | null;
}

export type BillingDate = { kind: 'trial-ends' | 'trial-ended' | 'renews' | 'cancels'; seconds: number };

/**
 * The dates the Billing section lists: the trial's end (coming or past), then the renewal, or
 * the cancellation when one is pending (the plan runs until the end of the period).
 */
export function billingDates(details: BillingDetails, nowSeconds = Math.floor(Date.now() / 1000)): BillingDate[] {
  const dates: BillingDate[] = [];
  if (details.trialEnd !== null) {
    if (isTrialing(details)) dates.push({ kind: 'trial-ends', seconds: details.trialEnd });
    else if (hadTrial(details, nowSeconds)) dates.push({ kind: 'trial-ended', seconds: details.trialEnd });
  }
  const periodEnd = details.currentPeriodEnd ?? (isTrialing(details) ? details.trialEnd : null);
  if (periodEnd !== null && (isSubscribed(details.status) || isPaymentOverdue(details.status))) {
    dates.push({ kind: isPendingCancellation(details) ? 'cancels' : 'renews', seconds: periodEnd });
  }
  return dates;
}

/**
 * The Billing section's action: the portal when there is a subscription to manage (or a trial
 * was had, as in the modal), otherwise the free trial through checkout.
 */
export function billingAction(details: SubscriptionDetails, nowSeconds = Math.floor(Date.now() / 1000)): 'portal' | 'checkout' {
  const hasSubscription = details.status !== null && details.status !== 'canceled' && details.status !== 'incomplete_expired';
  return hasSubscription || hadTrial(details, nowSeconds) ? 'portal' : 'checkout';
}
