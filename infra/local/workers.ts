import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { DEFAULT_MAX_RECEIVE_COUNT, WORKERS, type WorkerName, type WorkerSpec } from '../../functions/routes';

/**
 * The local stand-in for SQS and its event source mapping: each worker runs one message at a
 * time, in this process, through the worker module CDK deploys. Like an SQS fair queue, it serves
 * message groups (organisations) fairly: the next message comes from the group served longest
 * ago (one never served first), each group's own messages in order, so a quiet organisation's job
 * runs next rather than behind a busy one's (their lines: functions/domain/platform/work-line.ts). A
 * message without a group is a group of its own. A message that throws or comes back in
 * `batchItemFailures` is delivered again, up to the worker's maxReceiveCount, then dropped as SQS
 * would move it to the dead-letter queue (the worker has marked its job failed).
 */
type WorkerHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
/** The key of a message sent without a group: a group of its own. */
const UNGROUPED = '\u0000';

export interface LocalWorkers {
  /** resolves once every queue is empty and no message is running (tests wait on it) */
  idle(): Promise<void>;
  /**
   * Holds every queue: messages are kept, none starts (one running goes on) until the answer is
   * called. Tests use it to line work up and then watch the order it runs in.
   */
  hold(): () => void;
  /** queues a message for a worker, as SQS does once a message is sent (the local SQS double calls it); `group` is its message group */
  send(worker: string, body: string, group?: string): void;
  stop(): void;
}

/** Runs a worker elsewhere than in this process: its synthesised bundle (`npm start -- --bundles`). */
export type WorkerInvoker = (worker: WorkerName, event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

function sqsEvent(queue: string, messageId: string, body: string, receiveCount: number): SQSEvent {
  return {
    Records: [
      {
        messageId,
        receiptHandle: messageId,
        body,
        attributes: {
          ApproximateReceiveCount: String(receiveCount),
          SentTimestamp: String(Date.now()),
          SenderId: 'local',
          ApproximateFirstReceiveTimestamp: String(Date.now()),
        },
        messageAttributes: {},
        md5OfBody: '',
        eventSource: 'aws:sqs',
        eventSourceARN: `arn:aws:sqs:local:000000000000:${queue}`,
        awsRegion: 'local',
      },
    ],
  };
}

type SetLocalConsumer = (worker: WorkerName, consumer: ((body: string, group: string | undefined) => void) | undefined) => void;

/** The queue module the handlers enqueue with, loaded by path as the adapter loads handlers. */
const QUEUE_MODULE = pathToFileURL(path.join(REPO_ROOT, 'functions/domain/platform/queue.ts')).href;

export async function startLocalWorkers(options: { invoke?: WorkerInvoker } = {}): Promise<LocalWorkers> {
  const { setLocalConsumer } = (await import(QUEUE_MODULE)) as { setLocalConsumer: SetLocalConsumer };
  const pumps = new Map<WorkerName, Promise<void>>();
  const consumers = new Map<string, (body: string, group: string | undefined) => void>();
  let stopped = false;
  let held: { promise: Promise<void>; release: () => void } | undefined;
  for (const [name, spec] of Object.entries(WORKERS) as Array<[WorkerName, WorkerSpec]>) {
    let handler: Promise<WorkerHandler> | undefined;
    const { invoke } = options;
    const load = () =>
      (handler ??= invoke
        ? Promise.resolve((event: SQSEvent, context: Context) => invoke(name, event, context))
        : import(pathToFileURL(path.join(REPO_ROOT, spec.entry)).href).then((m: { handler: WorkerHandler }) => m.handler));
    const deliver = async (body: string) => {
      const messageId = randomUUID();
      const attempts = spec.maxReceiveCount ?? DEFAULT_MAX_RECEIVE_COUNT;
      for (let receive = 1; receive <= attempts && !stopped; receive++) {
        try {
          const result = await (await load())(sqsEvent(name, messageId, body, receive), { awsRequestId: randomUUID() } as Context);
          if (!result?.batchItemFailures?.some((f) => f.itemIdentifier === messageId)) return;
        } catch (error) {
          if (receive === attempts) console.error(`local worker ${name}: message dropped after ${attempts} attempts`, error);
        }
      }
    };
    // Each group's messages, with when it was last served (0: never); kept while the process runs.
    const lanes = new Map<string, { bodies: string[]; served: number }>();
    let served = 0;
    const next = (): string | undefined => {
      let pick: [string, { bodies: string[]; served: number }] | undefined;
      for (const lane of lanes) if (lane[1].bodies.length > 0 && (!pick || lane[1].served < pick[1].served)) pick = lane;
      if (!pick) return undefined;
      pick[1].served = ++served;
      const body = pick[1].bodies.shift();
      if (pick[1].bodies.length === 0 && pick[0].startsWith(UNGROUPED)) lanes.delete(pick[0]);
      return body;
    };
    const pump = async () => {
      for (;;) {
        while (held) await held.promise;
        const body = stopped ? undefined : next();
        if (body === undefined) break;
        await deliver(body);
      }
      pumps.delete(name);
    };
    const consume = (body: string, group: string | undefined) => {
      const key = group ?? `${UNGROUPED}${randomUUID()}`;
      const lane = lanes.get(key) ?? { bodies: [], served: 0 };
      lane.bodies.push(body);
      lanes.set(key, lane);
      if (!pumps.has(name)) pumps.set(name, pump());
    };
    consumers.set(name, consume);
    setLocalConsumer(name, consume);
  }
  return {
    async idle() {
      while (pumps.size > 0) await Promise.all(pumps.values());
    },
    hold() {
      let release!: () => void;
      const promise = new Promise<void>((resolve) => (release = resolve));
      const hold = { promise, release };
      held = hold;
      return () => {
        if (held === hold) held = undefined;
        hold.release();
      };
    },
    send(worker, body, group) {
      const consume = consumers.get(worker);
      if (!consume) throw new Error(`no local worker ${worker}`);
      consume(body, group);
    },
    stop() {
      stopped = true;
      for (const name of Object.keys(WORKERS) as WorkerName[]) setLocalConsumer(name, undefined);
    },
  };
}
