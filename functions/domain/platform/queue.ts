import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { AppError } from '#shared/errors';
import { awsConfig } from '../../core/config';
import { queueUrlEnv, type WorkerName } from '#shared/workers';

/**
 * Long work (voiceover, export, translation, drift check) runs in a worker fed by a queue: SQS in AWS (the queue's URL in
 * `queueUrlEnv(worker)`, set by CDK on every function that enqueues), and in the
 * local server's own process otherwise (infra/local/workers.ts registers a consumer that calls
 * the same worker module with an SQS event). Messages are small JSON objects naming what to do;
 * the worker reads the rest from the table, so a redelivered message does the same work again.
 */
type LocalConsumer = (body: string, group: string | undefined) => void;
const localConsumers = new Map<WorkerName, LocalConsumer>();

/** Registers (or with undefined, removes) the in-process consumer of a queue: local stack and tests only. */
export function setLocalConsumer(worker: WorkerName, consumer: LocalConsumer | undefined): void {
  if (consumer) localConsumers.set(worker, consumer);
  else localConsumers.delete(worker);
}

let sqsClient: SQSClient | undefined;
function sqs(): SQSClient {
  sqsClient ??= new SQSClient({ region: awsConfig().AWS_REGION, maxAttempts: 3, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 } });
  return sqsClient;
}

/**
 * Sends a message to a worker. `group` names whose work it is (the organisation): SQS takes it as
 * the message group of a fair queue, delivering a quiet organisation's messages before a busy
 * one's backlog; the local queue serves groups the same way (infra/local/workers.ts). Long work
 * goes through its organisation's line (./work-line.ts), which calls this.
 */
export async function enqueue(worker: WorkerName, message: Record<string, unknown>, { group }: { group?: string } = {}): Promise<void> {
  const body = JSON.stringify(message);
  const queueUrl = process.env[queueUrlEnv(worker)];
  if (queueUrl) {
    await sqs().send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: body, ...(group ? { MessageGroupId: group } : {}) }));
    return;
  }
  const consumer = localConsumers.get(worker);
  if (!consumer) throw new AppError('service_unavailable', 'The worker for this job is not running. Please try again later.');
  consumer(body, group);
}
