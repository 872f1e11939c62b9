// The Pro plan through Stripe (product-spec.md §7 product API).
import * as z from 'zod';
import { CheckoutSessionBody } from '#shared/plan-contracts';
import { dispatch } from '../../core/dispatch';
import { defineHandler } from '../../core/http';
import { siteOrigin } from '../../core/origin';
import * as Billing from '../../domain/billing';
import { requireSession, requireUser } from '../actor';

// POST /api/stripe/subscription/checkout-session — { url } of a Checkout session (trial only for a first subscription) that returns to { returnTo }
const checkoutSession = defineHandler({ body: CheckoutSessionBody }, async ({ body, event }) => {
  const { user } = await requireUser(event);
  return Billing.startCheckout(user, siteOrigin(), body.returnTo);
});

// GET /api/stripe/subscription/confirm?sessionId= — store the subscription of the caller's completed checkout (repeatable)
const confirm = defineHandler({ query: z.object({ sessionId: z.string().min(3).max(255) }) }, async ({ query, event }) => {
  const session = await requireSession(event);
  return Billing.confirm(session.userId, query.sessionId);
});

// GET /api/stripe/subscription/details — { status, trialEnd, cancelAtPeriodEnd }, or nulls; never cached
const details = defineHandler({}, async ({ event }) => {
  const session = await requireSession(event);
  return Billing.details(session.userId);
});

// POST /api/stripe/billing-portal — { url } of the caller's billing portal
const billingPortal = defineHandler({}, async ({ event }) => {
  const session = await requireSession(event);
  return Billing.portal(session.userId, siteOrigin());
});

export const handler = dispatch('billing', { checkoutSession, confirm, details, billingPortal });
