import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type * as z from 'zod';
import { workerEntry } from '../core/lambda';
import { logger } from '../core/logger';
import { DEFAULT_MAX_RECEIVE_COUNT, WORKERS } from '../routes';

/** How a message arrived: its delivery count, whether no retry follows, and the Lambda's context. */
export interface Delivery {
  receives: number;
  maxReceives: number;
  finalAttempt: boolean;
  context: Context | undefined;
}

/**
 * A worker's Lambda entry over SQS: each record's body is parsed with the worker's schema (a
 * malformed one is dropped, as no delivery could help), then handled. A handler that throws or
 * answers 'retry' has its message delivered again (`batchItemFailures`); after the worker's
 * `maxReceiveCount` deliveries the queue moves it to the dead-letter queue.
 */
export function sqsWorker<M>(
  name: keyof typeof WORKERS,
  schema: z.ZodType<M>,
  handle: (message: M, delivery: Delivery) => Promise<'retry' | void>,
) {
  return workerEntry(async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    const maxReceives = WORKERS[name].maxReceiveCount ?? DEFAULT_MAX_RECEIVE_COUNT;
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      let message: M;
      try {
        message = schema.parse(JSON.parse(record.body));
      } catch {
        logger.error(`${name}: malformed message dropped`, { messageId: record.messageId });
        continue;
      }
      const receives = Number(record.attributes.ApproximateReceiveCount) || 1;
      try {
        const outcome = await handle(message, { receives, maxReceives, finalAttempt: receives >= maxReceives, context });
        if (outcome === 'retry') batchItemFailures.push({ itemIdentifier: record.messageId });
      } catch (error) {
        logger.warn(`${name}: attempt failed, will retry`, { messageId: record.messageId, receives, error: error instanceof Error ? error.message : String(error) });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  });
}
