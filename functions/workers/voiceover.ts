import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { workerEntry } from '../core/lambda';
import { logger } from '../core/logger';
import * as Voiceover from '../domain/voiceover';
import { DEFAULT_MAX_RECEIVE_COUNT, WORKERS } from '../routes';

/**
 * The voiceover worker: one SQS message `{ jobId }` per job. A failure is retried by redelivery
 * (the job picks up where it stopped, as finished slides are fresh) and on the last delivery the
 * job is marked failed before the message goes to the dead-letter queue.
 */
const Message = z.object({ jobId: z.string().min(1).max(100) });

export const handler = workerEntry(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const maxReceives = WORKERS.voiceover.maxReceiveCount ?? DEFAULT_MAX_RECEIVE_COUNT;
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let message: z.infer<typeof Message>;
    try {
      message = Message.parse(JSON.parse(record.body));
    } catch {
      // A malformed message will never work: drop it rather than retry it.
      logger.error('voiceover: malformed message dropped', { messageId: record.messageId });
      continue;
    }
    const receives = Number(record.attributes.ApproximateReceiveCount ?? '1');
    try {
      await Voiceover.run(message.jobId, { finalAttempt: receives >= maxReceives });
    } catch (error) {
      logger.warn('voiceover: attempt failed, will retry', { jobId: message.jobId, receives, error: error instanceof Error ? error.message : String(error) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
});
