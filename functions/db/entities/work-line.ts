import { Entity } from 'electrodb';
import { WORKER_NAMES } from '#shared/workers';
import { SERVICE, createdAt, key, updatedAt } from './common';

/**
 * An organisation's line for one kind of long work (functions/domain/platform/work-line.ts): its running
 * slots and the jobs waiting for one, in one partition, read together in one Query (the
 * `workLine` collection). A line holds a few slots and the organisation's unfinished jobs.
 */

/**
 * One of the organisation's running slots (0 … limit − 1): the job holding it and until when. A
 * slot whose lease has passed is free: a worker that died gives its slot back by the clock.
 */
export const WorkSlotEntity = new Entity({
  model: { entity: 'workSlot', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    worker: { type: WORKER_NAMES, required: true, readOnly: true },
    slot: { type: 'number', required: true, readOnly: true },
    /** the submission (WorkItem.token) holding it */
    holder: { type: 'string', required: true },
    leaseUntil: { type: 'number', required: true },
    /** DynamoDB TTL: a slot no one released goes after a day */
    expiresAt: { type: 'number' },
    updatedAt,
  },
  indexes: {
    byLine: { collection: 'workLine', pk: key('pk', ['orgId', 'worker']), sk: key('sk', ['slot']) },
  },
});

export const WORK_ITEM_STATES = ['waiting', 'dispatched', 'running', 'retrying'] as const;

/**
 * A job in the organisation's line, from its submission until its worker ends it: `waiting` for
 * a slot, `dispatched` (a slot reserved, its message sent), `running`, or `retrying` (its worker
 * failed; the queue delivers it again). `token` names this submission: a message from an older
 * one finds no item to run.
 */
export const WorkItemEntity = new Entity({
  model: { entity: 'workItem', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    worker: { type: WORKER_NAMES, required: true, readOnly: true },
    /** the job's own id (an export's, a voiceover job's, a translation's guide and language, a check's) */
    ref: { type: 'string', required: true, readOnly: true },
    token: { type: 'string', required: true },
    state: { type: WORK_ITEM_STATES, required: true },
    /** the worker's message, JSON */
    message: { type: 'string', required: true },
    /** the line's order: first come, first served */
    enqueuedAt: { type: 'number', required: true },
    /** the slot it holds while dispatched or running */
    slot: { type: 'number' },
    dispatchedAt: { type: 'number' },
    /** how often a worker began it: the queue's delivery count survives a return to the line */
    attempts: { type: 'number', required: true, default: 0 },
    /** DynamoDB TTL: a job its worker never ended (its message dead-lettered) leaves the line after a week */
    expiresAt: { type: 'number' },
    createdAt,
    updatedAt,
  },
  indexes: {
    byLine: { collection: 'workLine', pk: key('pk', ['orgId', 'worker']), sk: key('sk', ['ref']) },
  },
});
