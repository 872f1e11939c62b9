import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { workerEntry } from '../core/lambda';
import { logger } from '../core/logger';
import * as DriftCheck from '../domain/drift/check';
import { DEFAULT_MAX_RECEIVE_COUNT, WORKERS } from '../routes';

/**
 * The drift-check worker: one SQS message `{ guideId, checkId }` per check, or `{ sweep: true }`
 * from the scheduler, which starts every scheduled check that is due. A failed check is retried
 * by redelivery and marked failed on the last one.
 */
const Message = z.union([z.object({ guideId: z.string().min(1).max(40), checkId: z.string().min(1).max(100) }), z.object({ sweep: z.literal(true) })]);

export const handler = workerEntry(async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const maxReceives = WORKERS.drift.maxReceiveCount ?? DEFAULT_MAX_RECEIVE_COUNT;
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let message: z.infer<typeof Message>;
    try {
      message = Message.parse(JSON.parse(record.body));
    } catch {
      logger.error('drift: malformed message dropped', { messageId: record.messageId });
      continue;
    }
    const receives = Number(record.attributes.ApproximateReceiveCount ?? '1');
    try {
      if ('sweep' in message) await DriftCheck.startDue();
      else await DriftCheck.run(message.guideId, message.checkId, { finalAttempt: receives >= maxReceives });
    } catch (error) {
      logger.warn('drift: attempt failed, will retry', { receives, error: error instanceof Error ? error.message : String(error) });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
});
