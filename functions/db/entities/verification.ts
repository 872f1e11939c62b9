import { Entity } from 'electrodb';
import { SERVICE, createdAt, key } from './common';

/**
 * A single-use token sent by mail (verify email, change email, reset password). Only the token's
 * SHA-256 is stored; claiming it (a conditional write of `claimedBy`) is what uses it, so it works
 * once; the claimed item is then deleted. Expires by TTL.
 */
export const VerificationEntity = new Entity({
  model: { entity: 'verification', version: '1', service: SERVICE },
  attributes: {
    tokenHash: { type: 'string', required: true, readOnly: true },
    purpose: { type: ['verify-email', 'change-email', 'reset-password'] as const, required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    /** the address being verified (for change-email: the new one) */
    email: { type: 'string', required: true, readOnly: true },
    /** epoch seconds; the table's TTL attribute (TTL deletion lags, so reads check it too) */
    expiresAt: { type: 'number', required: true, readOnly: true },
    /** the one request that used the token (a random id of its own), written once */
    claimedBy: { type: 'string' },
    createdAt,
  },
  indexes: {
    byToken: { pk: key('pk', ['tokenHash']), sk: key('sk', []) },
  },
});
