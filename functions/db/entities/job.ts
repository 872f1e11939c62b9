import { Entity } from 'electrodb';
import { JOB_STATES } from '#shared/narration';
import { SERVICE, createdAt, key, updatedAt } from './common';

/**
 * Long work the design view follows (a voiceover run): its state and progress. The worker reads
 * and advances it; a retried message finds it where the last attempt left it.
 */
export const JobEntity = new Entity({
  model: { entity: 'job', version: '1', service: SERVICE },
  attributes: {
    jobId: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true, readOnly: true },
    guideId: { type: 'string', required: true, readOnly: true },
    kind: { type: ['voiceover'] as const, required: true, readOnly: true },
    createdBy: { type: 'string', required: true, readOnly: true },
    state: { type: JOB_STATES, required: true, default: 'queued' },
    done: { type: 'number', required: true, default: 0 },
    total: { type: 'number', required: true, default: 0 },
    synthesized: { type: 'number', required: true, default: 0 },
    error: { type: 'string' },
    /** the worker is alive: a running job whose heartbeat stopped is reported failed, never stuck */
    heartbeatAt: { type: 'number' },
    /** DynamoDB TTL: finished jobs go after a week */
    expiresAt: { type: 'number' },
    createdAt,
    updatedAt,
  },
  indexes: {
    // one job by id (the id names its guide, so tenancy is checked on the item)
    byId: { pk: key('pk', ['jobId']), sk: key('sk', []) },
  },
});
