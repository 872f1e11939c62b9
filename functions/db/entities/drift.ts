import { Entity } from 'electrodb';
import { CHECK_SCHEDULES, CHECK_STATES, GUIDE_HEALTH } from '#shared/drift';
import { SERVICE, createdAt, key, updatedAt } from './common';

/**
 * One run of a guide's drift check: its progress while it runs, then each step's finding. Kept
 * beside the guide's item (same partition, outside its collection, so guide reads do not carry
 * them) and expired after a while: the newest check of a guide is what anyone looks at.
 */
export const DriftCheckEntity = new Entity({
  model: { entity: 'driftCheck', version: '1', service: SERVICE },
  attributes: {
    guideId: { type: 'string', required: true, readOnly: true },
    /** `{guideId}-{ms}-{random}`: sorts by time within the guide */
    checkId: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true, readOnly: true },
    trigger: { type: ['manual', 'scheduled'] as const, required: true, readOnly: true },
    state: { type: CHECK_STATES, required: true, default: 'queued' },
    health: { type: GUIDE_HEALTH },
    done: { type: 'number', required: true, default: 0 },
    total: { type: 'number', required: true, default: 0 },
    /** DriftStepDto-shaped findings without URLs (the fresh screenshot's key instead); parsed with zod when read */
    steps: { type: 'any' },
    error: { type: 'string' },
    /** the worker is alive: a running check whose heartbeat stopped is reported failed */
    heartbeatAt: { type: 'number' },
    finishedAt: { type: 'number' },
    /** DynamoDB TTL */
    expiresAt: { type: 'number' },
    createdAt,
    updatedAt,
  },
  indexes: {
    // a guide's checks, newest last (the id starts with the time)
    byGuide: { pk: key('pk', ['guideId']), sk: key('sk', ['checkId']) },
  },
});

/** A guide's health as its cards show it, and its check schedule. */
export const GuideHealthEntity = new Entity({
  model: { entity: 'guideHealth', version: '1', service: SERVICE },
  attributes: {
    guideId: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true, readOnly: true },
    health: { type: GUIDE_HEALTH },
    checkedAt: { type: 'number' },
    latestCheckId: { type: 'string' },
    schedule: { type: CHECK_SCHEDULES, required: true, default: 'off' },
    /**
     * when the next scheduled check is due, as 13 digits of ms (sorts as a string);
     * NEVER_DUE when the schedule is off
     */
    dueAt: { type: 'string', required: true, default: '9999999999999' },
    /** who turned the schedule on: scheduled checks are recorded as theirs */
    scheduledBy: { type: 'string' },
    createdAt,
    updatedAt,
  },
  indexes: {
    byGuide: { pk: key('pk', ['guideId']), sk: key('sk', []) },
    // every scheduled guide by when it is due (the sweep reads those due now); unscheduled ones sort last
    byDue: { index: 'gsi1', pk: key('gsi1pk', []), sk: key('gsi1sk', ['dueAt', 'guideId']) },
  },
});

/**
 * A sign-in saved by the extension for checks of an app behind one: the cookies of one origin
 * and its localStorage, encrypted (AES-256-GCM under a data key: KMS-wrapped in AWS, a local key
 * file otherwise). Expires through the table's TTL; the author can delete it at any time.
 */
export const SiteSessionEntity = new Entity({
  model: { entity: 'siteSession', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    /** the first 16 hex of the origin's SHA-256 */
    sessionId: { type: 'string', required: true, readOnly: true },
    origin: { type: 'string', required: true },
    /** base64 of iv ‖ ciphertext ‖ tag */
    sealed: { type: 'string', required: true },
    /** the data key as the key provider wrapped it (KMS ciphertext blob, or `local:` and the key's id) */
    wrappedKey: { type: 'string', required: true },
    cookieCount: { type: 'number', required: true },
    createdBy: { type: 'string', required: true },
    /** DynamoDB TTL, seconds */
    expiresAt: { type: 'number', required: true },
    createdAt,
    updatedAt,
  },
  indexes: {
    // an organisation's saved sign-ins
    byOrg: { pk: key('pk', ['orgId']), sk: key('sk', ['sessionId']) },
  },
});
