import { hadTrial, isSubscribed, PRO_PLAN, type SubscriptionDetails, type SubscriptionStatus } from '#shared/plan';

/**
 * The subscription modal's rules (product-spec.md §2 "Subscription modal", §4), apart from React so that
 * each is stated and tested on its own. Nothing here loads the schema library: the modal's host
 * sits in the root route, on every page.
 */

/** The root search parameters the modal reads (product-spec.md §2 root behaviour). */
export interface SubscriptionSearch {
  subscribe?: boolean | undefined;
  stripe_session_id?: string | undefined;
}

export const SUBSCRIBE_PARAM = 'subscribe';
export const STRIPE_SESSION_PARAM = 'stripe_session_id';

/** The search asks for the modal: the subscribe flag, or the return from Stripe checkout. */
export function isSubscriptionModalRequested(search: SubscriptionSearch): boolean {
  return search.subscribe === true || Boolean(search.stripe_session_id);
}

export interface SubscriptionModalInput {
  search: SubscriptionSearch;
  signedIn: boolean;
  /** the subscription details have loaded (or failed to): "plan loading has finished" */
  planLoaded: boolean;
  status: SubscriptionStatus | null | undefined;
}

/**
 * Whether the modal is on screen: for a signed-in person once their plan has loaded, when the
 * search asks for it, and only without an active plan, unless they are back from checkout
 * (`stripe_session_id`), where it stays while the subscription is confirmed.
 */
export function isSubscriptionModalShown({ search, signedIn, planLoaded, status }: SubscriptionModalInput): boolean {
  if (!signedIn || !planLoaded || !isSubscriptionModalRequested(search)) return false;
  return !isSubscribed(status) || Boolean(search.stripe_session_id);
}

export type SubscriptionOfferAction = 'checkout' | 'portal';

export interface SubscriptionOffer {
  action: SubscriptionOfferAction;
  buttonLabel: string;
  caption: string;
}

export const START_TRIAL_LABEL = `Start ${PRO_PLAN.trialDays}-day free trial`;
export const MANAGE_SUBSCRIPTION_LABEL = 'Manage subscription';

/**
 * The main button and the line under it: a first-timer starts the free trial through checkout;
 * someone who had a trial (its end is past, product-spec.md §4) manages their subscription in the portal.
 */
export function subscriptionOffer(
  details: Pick<SubscriptionDetails, 'trialEnd'> | undefined,
  nowSeconds = Math.floor(Date.now() / 1000),
): SubscriptionOffer {
  if (details && hadTrial(details, nowSeconds)) {
    return { action: 'portal', buttonLabel: MANAGE_SUBSCRIPTION_LABEL, caption: 'Cancel any time' };
  }
  return { action: 'checkout', buttonLabel: START_TRIAL_LABEL, caption: 'Cancel any time · No charge today' };
}

/** A copy of `params` without `keys`; other parameters (a page's own) stay. */
function without(params: URLSearchParams, keys: readonly string[]): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of keys) next.delete(key);
  return next;
}

/**
 * The search after the person closes the modal: `subscribe` goes (product-spec.md §2). A close is only
 * possible with no request pending, so a `stripe_session_id` still there belongs to a
 * confirmation that failed: it goes too, or the modal, which that parameter keeps displayed,
 * could never close. (The subscription is still recorded by Stripe's webhook.)
 */
export function searchAfterClose(params: URLSearchParams): URLSearchParams {
  return without(params, [SUBSCRIBE_PARAM, STRIPE_SESSION_PARAM]);
}

/** The search once the subscription is confirmed: both parameters go (product-spec.md §2). */
export function searchAfterConfirmation(params: URLSearchParams): URLSearchParams {
  return without(params, [SUBSCRIBE_PARAM, STRIPE_SESSION_PARAM]);
}

/**
 * The `?subscribe=true` link of the current page (the shell's 'Upgrade'): the modal opens over
 * the page the person is on, and closing it leaves them there.
 */
export function subscribeHref(location: { pathname: string; search: string }): string {
  const params = new URLSearchParams(location.search);
  params.set(SUBSCRIBE_PARAM, 'true');
  return `${location.pathname}?${params.toString()}`;
}
