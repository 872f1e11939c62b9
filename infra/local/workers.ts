import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { DEFAULT_MAX_RECEIVE_COUNT, WORKERS, type WorkerName, type WorkerSpec } from '../../functions/routes';

/**
 * The local stand-in for SQS and its event source mapping: each worker's messages run one at a
 * time, in order, in this process, through the worker module CDK deploys. A message that throws
 * or comes back in `batchItemFailures` is delivered again, up to the worker's maxReceiveCount,
 * then dropped as SQS would move it to the dead-letter queue (the worker has marked its job failed).
 */
type WorkerHandler = (event: SQSEvent, context: Context) => Promise<SQSBatchResponse | void>;

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

export interface LocalWorkers {
  /** resolves once every queue is empty and no message is running (tests wait on it) */
  idle(): Promise<void>;
  /** queues a message for a worker, as SQS does once a message is sent (the local SQS double calls it) */
  send(worker: string, body: string): void;
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

type SetLocalConsumer = (worker: WorkerName, consumer: ((body: string) => void) | undefined) => void;

/** The queue module the handlers enqueue with, loaded by path as the adapter loads handlers. */
const QUEUE_MODULE = pathToFileURL(path.join(REPO_ROOT, 'functions/domain/queue.ts')).href;

export async function startLocalWorkers(options: { invoke?: WorkerInvoker } = {}): Promise<LocalWorkers> {
  const { setLocalConsumer } = (await import(QUEUE_MODULE)) as { setLocalConsumer: SetLocalConsumer };
  const chains = new Map<WorkerName, Promise<void>>();
  const consumers = new Map<string, (body: string) => void>();
  let stopped = false;
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
    const consume = (body: string) => {
      const next = (chains.get(name) ?? Promise.resolve()).then(() => deliver(body));
      chains.set(name, next);
    };
    consumers.set(name, consume);
    setLocalConsumer(name, consume);
  }
  return {
    async idle() {
      for (;;) {
        const pending = [...chains.values()];
        await Promise.all(pending);
        if ([...chains.values()].every((p, i) => p === pending[i])) return;
      }
    },
    send(worker, body) {
      const consume = consumers.get(worker);
      if (!consume) throw new Error(`no local worker ${worker}`);
      consume(body);
    },
    stop() {
      stopped = true;
      for (const name of Object.keys(WORKERS) as WorkerName[]) setLocalConsumer(name, undefined);
    },
  };
}
