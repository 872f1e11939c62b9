import { Entity } from 'electrodb';
import { SERVICE, createdAt, key, updatedAt } from './common';

/**
 * A user's Stripe subscription as last reported by Stripe. One per user (the key), so a user can
 * never hold two; `stripeUpdatedAt` orders events so an older one never overwrites a newer state.
 */
export const SubscriptionEntity = new Entity({
  model: { entity: 'subscription', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    stripeCustomerId: { type: 'string', required: true },
    stripeSubscriptionId: { type: 'string' },
    status: {
      type: ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'] as const,
    },
    /** unix seconds */
    trialEnd: { type: 'number' },
    cancelAtPeriodEnd: { type: 'boolean' },
    /** unix seconds */
    currentPeriodEnd: { type: 'number' },
    /** unix seconds: when the user's first trial began, so a second trial is never offered */
    trialStartedAt: { type: 'number' },
    /** the Stripe event time (or object read time) this state came from */
    stripeUpdatedAt: { type: 'number', required: true, default: 0 },
    createdAt,
    updatedAt,
  },
  indexes: {
    byUser: { pk: key('pk', ['userId']), sk: key('sk', []) },
    // Stripe customer → user: webhooks name the customer
    byCustomer: { index: 'gsi1', pk: key('gsi1pk', ['stripeCustomerId']), sk: key('gsi1sk', []) },
  },
});
