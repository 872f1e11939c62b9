import { Entity } from 'electrodb';
import { SERVICE, createdAt, key } from './common';

/**
 * A Stripe webhook event already received: created with a condition, so a duplicate delivery
 * (serial or concurrent) has no effect. Kept a week, longer than Stripe's 3-day retry window.
 */
export const StripeEventEntity = new Entity({
  model: { entity: 'stripeEvent', version: '1', service: SERVICE },
  attributes: {
    eventId: { type: 'string', required: true, readOnly: true },
    type: { type: 'string', required: true, readOnly: true },
    /** epoch seconds; the table's TTL attribute */
    expiresAt: { type: 'number', required: true, readOnly: true },
    createdAt,
  },
  indexes: {
    byId: { pk: key('pk', ['eventId']), sk: key('sk', []) },
  },
});
