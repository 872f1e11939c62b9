import type { EntityItem } from 'electrodb';
import * as z from 'zod';
import { ORG_RUNNING_LIMITS, type WorkerName } from '#shared/workers';
import { logger } from '../../core/logger';
import { isConditionFailed } from '../../db/errors';
import type { WorkItemEntity, WorkSlotEntity } from '../../db/entities/work-line';
import { db } from '../../db/service';
import { newId } from './ids';
import { enqueue } from './queue';

/**
 * Each organisation's line for each kind of long work (exports, voiceovers, translations, drift
 * checks): at most ORG_RUNNING_LIMITS of its jobs hold a slot (sent to the worker queue or
 * running); the others wait in the line, first come first served, each told its place. One
 * organisation's burst therefore never has more than a few messages in the queue, and another
 * organisation's job is sent at once. The same in AWS and locally: the line and its slots are
 * DynamoDB items (one partition per organisation and kind, read in one Query), taken with
 * conditional writes, so two requests or workers racing for the last slot cannot both win.
 *
 * - `submit` puts a job in the line and sends what the slots allow.
 * - A worker's entry (functions/workers/sqs-worker.ts) calls `begin` (the job takes or keeps its
 *   slot, for as long as the worker may run) and `end` (the slot is given back and the next job
 *   in the line is sent), so the workers themselves know nothing of lines.
 * - Slots are leases: a worker that died gives its slot back when its lease passes, a message
 *   lost on its way is sent again once its reservation passes; nothing holds a line for ever.
 * - `place` tells a job's position, and sends what free slots allow (so a line whose last
 *   worker died moves on as soon as someone looks at it).
 */
export const LINE_KEY = 'line';

/** What a worker message carries to find its job in the line: the job, and which submission of it. */
export const LineTicket = z.object({ orgId: z.string().min(1).max(64), ref: z.string().min(1).max(200), token: z.string().min(1).max(64) });
export type LineTicket = z.infer<typeof LineTicket>;

/** A slot reserved for a sent message that no worker began by then is taken as lost, and the job is sent again. */
export const DISPATCH_LEASE_MS = 15 * 60_000;
const ITEM_TTL_SECONDS = 7 * 86_400;
const SLOT_TTL_SECONDS = 86_400;
/** Reads again after a lost race for a slot, a few times. */
const DISPATCH_ROUNDS = 5;

type Slot = EntityItem<typeof WorkSlotEntity>;
type Item = EntityItem<typeof WorkItemEntity>;

export interface Place {
  state: Item['state'];
  /** 1 for the next to start; null once it holds a slot */
  position: number | null;
  /** the line vouches that the job is on its way: waiting, or sent and within its reservation */
  alive: boolean;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

async function readLine(orgId: string, worker: WorkerName): Promise<{ slots: Slot[]; items: Item[] }> {
  const { data } = await db().collections.workLine({ orgId, worker }).go({ pages: 'all' });
  return { slots: data.workSlot, items: data.workItem };
}

function holdsSlot(item: Item, slots: readonly Slot[], now: number): boolean {
  if (item.slot === undefined) return false;
  const slot = slots.find((s) => s.slot === item.slot);
  return slot !== undefined && slot.holder === item.token && slot.leaseUntil >= now;
}

/** Waiting for a slot: waiting, or sent without a worker beginning it before its reservation passed. */
function inLine(item: Item, slots: readonly Slot[], now: number): boolean {
  return item.state === 'waiting' || (item.state === 'dispatched' && !holdsSlot(item, slots, now));
}

function lineOrder(items: readonly Item[], slots: readonly Slot[], now: number): Item[] {
  return items.filter((item) => inLine(item, slots, now)).sort((a, b) => a.enqueuedAt - b.enqueuedAt || a.ref.localeCompare(b.ref));
}

function freeSlots(worker: WorkerName, slots: readonly Slot[], now: number): number[] {
  const free: number[] = [];
  for (let slot = 0; slot < ORG_RUNNING_LIMITS[worker]; slot++) {
    const held = slots.find((s) => s.slot === slot);
    if (!held || held.leaseUntil < now) free.push(slot);
  }
  return free;
}

/**
 * Gives `slot` to `item` (as it was read) and moves the item to `state`, in one transaction: the
 * slot must still be as read (free, expired, or this item's own), the item still this submission.
 */
async function take(item: Item, slot: number, slots: readonly Slot[], state: 'dispatched' | 'running', leaseMs: number, now: number): Promise<boolean> {
  const { orgId, worker, ref, token } = item;
  const current = slots.find((s) => s.slot === slot);
  const lease = { holder: token, leaseUntil: now + leaseMs, expiresAt: seconds(now + leaseMs) + SLOT_TTL_SECONDS };
  const result = await db()
    .transaction.write(({ workSlot, workItem }) => [
      current
        ? workSlot
            .patch({ orgId, worker, slot })
            .set(lease)
            .where((a, { eq }) => `${eq(a.holder, current.holder)} AND ${eq(a.leaseUntil, current.leaseUntil)}`)
            .commit()
        : workSlot.create({ orgId, worker, slot, ...lease }).commit(),
      state === 'running'
        ? workItem
            .patch({ orgId, worker, ref })
            .set({ state, slot })
            .add({ attempts: 1 })
            .where((a, { eq }) => `${eq(a.token, token)} AND ${eq(a.state, item.state)}`)
            .commit()
        : workItem
            .patch({ orgId, worker, ref })
            .set({ state, slot, dispatchedAt: now })
            .where((a, { eq }) => `${eq(a.token, token)} AND ${eq(a.state, item.state)}`)
            .commit(),
    ])
    .go();
  return !result.canceled;
}

async function releaseSlot(item: Pick<Item, 'orgId' | 'worker' | 'slot' | 'token'>): Promise<void> {
  if (item.slot === undefined) return;
  try {
    await db()
      .entities.workSlot.delete({ orgId: item.orgId, worker: item.worker, slot: item.slot })
      .where((a, { eq }) => eq(a.holder, item.token))
      .go();
  } catch (error) {
    // Taken over after its lease passed, or already gone: nothing of this job's to give back.
    if (!isConditionFailed(error)) throw error;
  }
}

/** A sent job goes back to its place in the line (its message could not be sent). */
async function putBack(item: Item): Promise<void> {
  await releaseSlot(item);
  await db()
    .entities.workItem.patch({ orgId: item.orgId, worker: item.worker, ref: item.ref })
    .set({ state: 'waiting' })
    .remove(['slot', 'dispatchedAt'])
    .where((a, { eq }) => eq(a.token, item.token))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}

/**
 * Sends the first jobs of the organisation's line, one per free slot. A message that cannot be
 * sent puts its job back in its place and throws (the queue is down).
 */
export async function dispatch(orgId: string, worker: WorkerName, now = Date.now()): Promise<void> {
  for (let round = 0; round < DISPATCH_ROUNDS; round++) {
    const { slots, items } = await readLine(orgId, worker);
    const free = freeSlots(worker, slots, now);
    const line = lineOrder(items, slots, now);
    const sendable = Math.min(free.length, line.length);
    if (sendable === 0) return;
    let lostRace = false;
    for (let i = 0; i < sendable; i++) {
      const item = line[i]!;
      const slot = free[i]!;
      if (!(await take(item, slot, slots, 'dispatched', DISPATCH_LEASE_MS, now))) {
        lostRace = true;
        break;
      }
      const ticket: LineTicket = { orgId, ref: item.ref, token: item.token };
      try {
        await enqueue(worker, { ...(JSON.parse(item.message) as Record<string, unknown>), [LINE_KEY]: ticket }, { group: orgId });
      } catch (error) {
        await putBack({ ...item, slot });
        throw error;
      }
    }
    if (!lostRace) return;
  }
}

/** Sends what free slots allow, for a caller whose own work is done: a failure is logged, and a later look moves the line. */
async function dispatchQuietly(orgId: string, worker: WorkerName): Promise<void> {
  try {
    await dispatch(orgId, worker);
  } catch (error) {
    logger.warn('work line: the next job could not be sent', { orgId, worker, error: error as Error });
  }
}

/**
 * Puts a job in its organisation's line and sends what the slots allow: at once when the
 * organisation has a free slot. `ref` is the job's own id (the same job submitted again starts a
 * new submission at the end of the line); `message` is the worker's message. Throws, leaving
 * nothing in the line, when the job cannot be sent for a reason other than the organisation's
 * limit (the queue is down).
 */
export async function submit(worker: WorkerName, job: { orgId: string; ref: string; message: Record<string, unknown> }): Promise<void> {
  const { orgId, ref } = job;
  const existing = (await db().entities.workItem.get({ orgId, worker, ref }).go()).data;
  if (existing) await releaseSlot(existing);
  const now = Date.now();
  const token = newId();
  await db()
    .entities.workItem.put({ orgId, worker, ref, token, state: 'waiting', message: JSON.stringify(job.message), enqueuedAt: now, attempts: 0, expiresAt: seconds(now) + ITEM_TTL_SECONDS })
    .go();
  try {
    await dispatch(orgId, worker, now);
  } catch (error) {
    await withdrawToken(orgId, worker, ref, token);
    throw error;
  }
}

async function withdrawToken(orgId: string, worker: WorkerName, ref: string, token: string): Promise<void> {
  const item = (await db().entities.workItem.get({ orgId, worker, ref }).go()).data;
  if (!item || item.token !== token) return;
  await releaseSlot(item);
  await db()
    .entities.workItem.delete({ orgId, worker, ref })
    .where((a, { eq }) => eq(a.token, token))
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    });
}

/** Takes a job out of the line (it was deleted): its slot, if it held one, goes to the next. */
export async function withdraw(orgId: string, worker: WorkerName, ref: string): Promise<void> {
  const item = (await db().entities.workItem.get({ orgId, worker, ref }).go()).data;
  if (!item) return;
  await withdrawToken(orgId, worker, ref, item.token);
  await dispatchQuietly(orgId, worker);
}

export type Begun = { run: true; attempts: number } | { run: false; reason: 'stale' | 'duplicate' | 'waiting' };

/**
 * A worker is about to run a job's message: the job takes its reserved slot (or any free one)
 * for `leaseMs`, as long as the worker may run. A message of an older submission, or a second
 * copy of one running, is not run; a job that finds no slot goes back to the front of its line
 * (its place kept) and its message is done with: the line sends it again.
 */
export async function begin(worker: WorkerName, ticket: LineTicket, { leaseMs }: { leaseMs: number }): Promise<Begun> {
  const now = Date.now();
  const { slots, items } = await readLine(ticket.orgId, worker);
  const item = items.find((i) => i.ref === ticket.ref);
  if (!item || item.token !== ticket.token) return { run: false, reason: 'stale' };
  if (item.state === 'running' && holdsSlot(item, slots, now)) return { run: false, reason: 'duplicate' };
  const own = item.slot !== undefined && holdsSlot(item, slots, now) ? [item.slot] : [];
  for (const slot of [...own, ...freeSlots(worker, slots, now).filter((s) => !own.includes(s))]) {
    if (await take(item, slot, slots, 'running', leaseMs, now)) return { run: true, attempts: item.attempts + 1 };
  }
  await putBack(item);
  return { run: false, reason: 'waiting' };
}

/**
 * A worker is done with a job's message: its slot goes back and the next job in the line is
 * sent. `retry`: the queue delivers this message again, so the job stays (out of the line) until then.
 */
export async function end(worker: WorkerName, ticket: LineTicket, outcome: 'done' | 'retry'): Promise<void> {
  const { orgId, ref, token } = ticket;
  const item = (await db().entities.workItem.get({ orgId, worker, ref }).go()).data;
  if (item && item.token === token) {
    await releaseSlot(item);
    const ignoreTakenOver = (error: unknown) => {
      if (!isConditionFailed(error)) throw error;
    };
    if (outcome === 'done') {
      await db().entities.workItem.delete({ orgId, worker, ref }).where((a, { eq }) => eq(a.token, token)).go().catch(ignoreTakenOver);
    } else {
      await db().entities.workItem.patch({ orgId, worker, ref }).set({ state: 'retrying' }).remove(['slot']).where((a, { eq }) => eq(a.token, token)).go().catch(ignoreTakenOver);
    }
  }
  await dispatchQuietly(orgId, worker);
}

function placesOf(items: readonly Item[], slots: readonly Slot[], now: number): Map<string, Place> {
  const order = lineOrder(items, slots, now);
  const places = new Map<string, Place>();
  for (const item of items) {
    const index = order.indexOf(item);
    places.set(item.ref, {
      state: item.state,
      position: index >= 0 ? index + 1 : null,
      alive: index >= 0 || (item.state === 'dispatched' && holdsSlot(item, slots, now)),
    });
  }
  return places;
}

/**
 * Where each of an organisation's jobs of a kind stands, by ref (a job not in the line is not
 * there: never submitted through it, or ended). Sends first what free slots allow, so a line
 * whose workers died moves on when its author looks.
 */
export async function places(orgId: string, worker: WorkerName): Promise<Map<string, Place>> {
  let now = Date.now();
  let { slots, items } = await readLine(orgId, worker);
  if (freeSlots(worker, slots, now).length > 0 && lineOrder(items, slots, now).length > 0) {
    await dispatchQuietly(orgId, worker);
    now = Date.now();
    ({ slots, items } = await readLine(orgId, worker));
  }
  return placesOf(items, slots, now);
}

/** Where one job stands (see `places`). */
export async function place(orgId: string, worker: WorkerName, ref: string): Promise<Place | undefined> {
  return (await places(orgId, worker)).get(ref);
}
