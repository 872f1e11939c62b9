import { beforeEach, describe, expect, it } from 'vitest';
import { ORG_RUNNING_LIMITS } from '#shared/workers';
import { db } from '../../functions/db/service';
import { newId } from '../../functions/domain/platform/ids';
import { setLocalConsumer } from '../../functions/domain/platform/queue';
import * as WorkLine from '../../functions/domain/platform/work-line';
import { useIsolatedStack } from '../support/isolated-stack';

/**
 * An organisation's line for long work (functions/domain/platform/work-line.ts), against DynamoDB Local,
 * with the queue replaced by a recorder: what is sent, to whom, in what order; slots as leases
 * (a worker that died gives its slot back), copies and old submissions of a message not run.
 */
useIsolatedStack();
const WORKER = 'translation';
const LIMIT = ORG_RUNNING_LIMITS[WORKER];
const LEASE = { leaseMs: 60_000 };

interface Sent {
  ref: string;
  group: string | undefined;
  ticket: WorkLine.LineTicket;
}
let sent: Sent[];

beforeEach(() => {
  sent = [];
  setLocalConsumer(WORKER, (body, group) => {
    const message = JSON.parse(body) as { ref: string; line: WorkLine.LineTicket };
    sent.push({ ref: message.ref, group, ticket: message.line });
  });
});

const submit = (orgId: string, ref: string) => WorkLine.submit(WORKER, { orgId, ref, message: { ref } });
const positions = async (orgId: string, refs: string[]) => {
  const places = await WorkLine.places(orgId, WORKER);
  return refs.map((ref) => places.get(ref)?.position ?? null);
};
const ticketOf = (ref: string) => sent.findLast((s) => s.ref === ref)!.ticket;

describe("an organisation's line", () => {
  it('sends as many jobs as the organisation has slots, first come first served, and tells the others their place', async () => {
    const org = newId();
    for (const ref of ['a', 'b', 'c', 'd']) await submit(org, ref);
    expect(sent.map((s) => s.ref)).toEqual(['a', 'b']);
    expect(sent.every((s) => s.group === org)).toBe(true);
    expect(await positions(org, ['a', 'b', 'c', 'd'])).toEqual([null, null, 1, 2]);
    expect(LIMIT).toBe(2);

    // Another organisation is not behind them.
    const other = newId();
    await submit(other, 'x');
    expect(sent.map((s) => s.ref)).toEqual(['a', 'b', 'x']);

    // A job that ends gives its slot to the next in line.
    expect(await WorkLine.begin(WORKER, ticketOf('a'), LEASE)).toEqual({ run: true, attempts: 1 });
    await WorkLine.end(WORKER, ticketOf('a'), 'done');
    expect(sent.map((s) => s.ref)).toEqual(['a', 'b', 'x', 'c']);
    expect(await positions(org, ['c', 'd'])).toEqual([null, 1]);
  });

  it('runs neither a second copy of a running message nor a message of an older submission', async () => {
    const org = newId();
    await submit(org, 'a');
    const first = ticketOf('a');
    expect(await WorkLine.begin(WORKER, first, LEASE)).toMatchObject({ run: true });
    expect(await WorkLine.begin(WORKER, first, LEASE)).toEqual({ run: false, reason: 'duplicate' });
    // Submitted again (a translation started over): the old message is stale.
    await WorkLine.end(WORKER, first, 'done');
    await submit(org, 'a');
    expect(await WorkLine.begin(WORKER, first, LEASE)).toEqual({ run: false, reason: 'stale' });
    expect(await WorkLine.begin(WORKER, ticketOf('a'), LEASE)).toMatchObject({ run: true });
  });

  it("takes back a dead worker's slot once its lease has passed, when someone looks at the line", async () => {
    const org = newId();
    for (const ref of ['a', 'b', 'c']) await submit(org, ref);
    expect(await WorkLine.begin(WORKER, ticketOf('a'), LEASE)).toMatchObject({ run: true });
    expect(await WorkLine.begin(WORKER, ticketOf('b'), LEASE)).toMatchObject({ run: true });
    expect(sent.map((s) => s.ref)).toEqual(['a', 'b']);
    // a's worker died: its lease passes (written into the past rather than waited for).
    const slot = (await db().entities.workItem.get({ orgId: org, worker: WORKER, ref: 'a' }).go()).data!.slot!;
    await db().entities.workSlot.patch({ orgId: org, worker: WORKER, slot }).set({ leaseUntil: 0 }).go();
    expect(await positions(org, ['c'])).toEqual([null]);
    expect(sent.map((s) => s.ref)).toEqual(['a', 'b', 'c']);

    // a's message comes back (the queue's redelivery) and finds no slot: it waits at the front of the line.
    expect(await WorkLine.begin(WORKER, ticketOf('c'), LEASE)).toMatchObject({ run: true });
    expect(await WorkLine.begin(WORKER, ticketOf('a'), LEASE)).toEqual({ run: false, reason: 'waiting' });
    await submit(org, 'd');
    expect(await positions(org, ['a', 'd'])).toEqual([1, 2]);
    // b ends: a goes next, its deliveries counted across its return to the line.
    await WorkLine.end(WORKER, ticketOf('b'), 'done');
    expect(sent.at(-1)!.ref).toBe('a');
    expect(await WorkLine.begin(WORKER, ticketOf('a'), LEASE)).toEqual({ run: true, attempts: 2 });
  });

  it('sends a job again whose message was lost once its reservation has passed', async () => {
    const org = newId();
    await submit(org, 'a');
    expect(sent).toHaveLength(1);
    const slot = (await db().entities.workItem.get({ orgId: org, worker: WORKER, ref: 'a' }).go()).data!.slot!;
    await db().entities.workSlot.patch({ orgId: org, worker: WORKER, slot }).set({ leaseUntil: 0 }).go();
    expect(await positions(org, ['a'])).toEqual([null]);
    expect(sent.map((s) => s.ref)).toEqual(['a', 'a']);
    expect(sent[1]!.ticket).toEqual(sent[0]!.ticket);
  });

  it("gives a failed attempt's slot to the next job, and keeps the job out of the line until the queue delivers it again", async () => {
    const org = newId();
    for (const ref of ['a', 'b', 'c']) await submit(org, ref);
    expect(await WorkLine.begin(WORKER, ticketOf('a'), LEASE)).toMatchObject({ run: true });
    await WorkLine.end(WORKER, ticketOf('a'), 'retry');
    expect(sent.map((s) => s.ref)).toEqual(['a', 'b', 'c']);
    expect((await WorkLine.places(org, WORKER)).get('a')).toEqual({ state: 'retrying', position: null, alive: false });
  });

  it('lets a withdrawn job give up its slot, and leaves nothing in the line when the queue cannot be reached', async () => {
    const org = newId();
    for (const ref of ['a', 'b', 'c']) await submit(org, ref);
    await WorkLine.withdraw(org, WORKER, 'a');
    expect(sent.map((s) => s.ref)).toEqual(['a', 'b', 'c']);
    expect((await WorkLine.places(org, WORKER)).has('a')).toBe(false);

    setLocalConsumer(WORKER, undefined);
    const down = newId();
    await expect(submit(down, 'z')).rejects.toMatchObject({ code: 'service_unavailable' });
    expect((await WorkLine.places(down, WORKER)).size).toBe(0);
  });
});
