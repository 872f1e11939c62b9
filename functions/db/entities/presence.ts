import { Entity } from 'electrodb';
import { SERVICE, key } from './common';

/**
 * One browser tab with a guide open in the design view (shared/presence.ts). Renewed by the tab
 * every few seconds; the table's TTL removes an entry its tab stopped renewing, and reads skip
 * one past its time before then. Its own partition per guide, apart from the guide's collection.
 */
export const PresenceEntity = new Entity({
  model: { entity: 'presence', version: '1', service: SERVICE },
  attributes: {
    openGuideId: { type: 'string', required: true, readOnly: true },
    clientId: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true },
    userId: { type: 'string', required: true },
    name: { type: 'string', required: true },
    slideId: { type: 'string' },
    /** when the tab first said it was there (ms), for the order of the list */
    since: { type: 'number', required: true },
    /** epoch seconds; the table's TTL attribute */
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    // the tabs with one guide open
    byGuide: { pk: key('pk', ['openGuideId']), sk: key('sk', ['clientId']) },
  },
});
