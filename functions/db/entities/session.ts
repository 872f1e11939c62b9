import { Entity } from 'electrodb';
import { SERVICE, createdAt, key, updatedAt } from './common';

/**
 * A signed-in browser. The session cookie's JWT names this item; it is read on every request,
 * so deleting it signs the browser out at once. Expired items are removed by the table's TTL.
 */
export const SessionEntity = new Entity({
  model: { entity: 'session', version: '1', service: SERVICE },
  attributes: {
    sessionId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    activeOrgId: { type: 'string' },
    userAgent: { type: 'string' },
    ipAddress: { type: 'string' },
    /** a remembered session lasts and slides for 7 days; otherwise one day, as a browser-session cookie */
    rememberMe: { type: 'boolean', required: true, default: true },
    /** epoch seconds; the table's TTL attribute */
    expiresAt: { type: 'number', required: true },
    createdAt,
    updatedAt,
  },
  indexes: {
    byId: { pk: key('pk', ['sessionId']), sk: key('sk', []) },
    // a user's sessions: list, revoke all, revoke others
    byUser: { index: 'gsi1', pk: key('gsi1pk', ['userId']), sk: key('gsi1sk', ['createdAt']) },
  },
});
