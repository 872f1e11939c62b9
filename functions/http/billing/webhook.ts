// POST /api/stripe/webhook — Stripe's events, verified on the raw body and applied once, in order
import { dispatch } from '../../core/dispatch';
import { defineHandler } from '../../core/http';
import { siteOrigin } from '../../core/origin';
import * as Billing from '../../domain/billing';

// Stripe sends no cookies and no Origin: the signature is the authentication.
const webhook = defineHandler({ rawBody: true, originCheck: false }, async ({ rawBody, event }) => {
  const result = await Billing.handleWebhook(rawBody, event.headers?.['stripe-signature'], siteOrigin());
  return { received: true, duplicate: result.duplicate };
});

export const handler = dispatch('stripeWebhook', { webhook });
