import * as z from 'zod';
import { safeRedirect } from './auth';
import { SUBSCRIPTION_STATUSES, type Entitlements } from './plan';

/** The plan's API shapes (plan.ts holds the plan itself, free of zod for the public pages). */

/**
 * GET /api/stripe/subscription/details: the caller's subscription, nulls without one. A status a
 * client does not know (Stripe adds some now and then) reads as none: it never counts as Pro.
 */
export const SubscriptionDetailsDto = z.object({
  status: z.enum(SUBSCRIPTION_STATUSES).nullable().catch(null),
  trialEnd: z.number().nullable(),
  cancelAtPeriodEnd: z.boolean().nullable(),
  /** unix seconds: when the current period (a trial's included) ends */
  currentPeriodEnd: z.number().nullable().default(null),
});
export type SubscriptionDetailsDto = z.infer<typeof SubscriptionDetailsDto>;

/** GET /api/stripe/subscription/confirm: the stored subscription after a completed checkout. */
export const ConfirmedSubscriptionDto = SubscriptionDetailsDto.omit({ currentPeriodEnd: true });

/**
 * POST /api/stripe/subscription/checkout-session: the page of the app the trial was started on
 * (path and query), where checkout comes back to, finished or cancelled. Anything but a path of
 * this site (another host, a scheme) comes back to the dashboard (shared/auth.ts safeRedirect).
 */
export const CheckoutSessionBody = z
  .object({ returnTo: z.string().max(2048).optional() })
  .strict()
  .default({});
export type CheckoutSessionBody = z.infer<typeof CheckoutSessionBody>;

/** The subscription modal's own parameters: a page is returned to without them. */
const MODAL_PARAMS = ['subscribe', 'stripe_session_id'];

/**
 * Where checkout returns: a path of this site without the modal's parameters, else the dashboard.
 * `extra` is appended as written (Stripe fills in `{CHECKOUT_SESSION_ID}` only when it is left as is).
 */
export function checkoutReturnPath(returnTo: string | undefined, extra: string): string {
  const safe = safeRedirect(returnTo, '/dashboard');
  const url = new URL(safe, 'https://stepcast.invalid');
  for (const name of MODAL_PARAMS) url.searchParams.delete(name);
  const search = url.searchParams.toString();
  return `${url.pathname}?${search ? `${search}&` : ''}${extra}${url.hash}`;
}

/** Where Stripe's Checkout page is (Stripe may give none). */
export const CheckoutSessionDto = z.object({ url: z.string().nullish() });

/** Where the caller's Stripe billing portal is. */
export const BillingPortalDto = z.object({ url: z.string() });

/**
 * GET /api/entitlements: what the caller's active organisation may do. Pro belongs to the
 * organisation (any of its owners subscribed), so every member gets it, everywhere; the SPA's
 * Pro gates read this, never the caller's own subscription. `guideLimit` null means unlimited.
 */
export const EntitlementsDto = z.object({
  plan: z.enum(['Pro']).nullable(),
  guideLimit: z.number().int().nullable(),
  privateGuides: z.boolean(),
  voiceover: z.boolean(),
  embed: z.boolean(),
  exports: z.boolean(),
  analytics: z.boolean(),
  /** older answers lack it: the settings page then shows the brand locked */
  brand: z.boolean().default(false),
});
export type EntitlementsDto = z.infer<typeof EntitlementsDto>;

export function entitlementsDto(e: Entitlements): EntitlementsDto {
  return { ...e, guideLimit: Number.isFinite(e.guideLimit) ? e.guideLimit : null };
}

export function fromEntitlementsDto(dto: EntitlementsDto): Entitlements {
  return { ...dto, guideLimit: dto.guideLimit ?? Number.POSITIVE_INFINITY };
}

/** POST /api/stripe/webhook: Stripe only reads the status; `duplicate` says the event was handled before. */
export const WebhookReplyDto = z.object({ received: z.literal(true), duplicate: z.boolean() });
