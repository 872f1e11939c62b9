import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { workerEntry } from '../core/lambda';
import { logger } from '../core/logger';
import * as ExportJob from '../domain/export/job';
import { DEFAULT_MAX_RECEIVE_COUNT, WORKERS } from '../routes';

/**
 * The export worker: one SQS message `{ exportId }` per invocation (batch size 1). A message to
 * retry comes back in `batchItemFailures`; a malformed one is dropped, as no delivery could help.
 */
const Message = z.object({ exportId: z.string().min(1).max(64) });

export const handler = workerEntry(async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    let message: z.infer<typeof Message>;
    try {
      message = Message.parse(JSON.parse(record.body));
    } catch {
      logger.error('export message dropped: not an export message', { messageId: record.messageId });
      continue;
    }
    try {
      const outcome = await ExportJob.run(message.exportId, {
        receiveCount: Number(record.attributes.ApproximateReceiveCount) || 1,
        maxReceiveCount: WORKERS.export.maxReceiveCount ?? DEFAULT_MAX_RECEIVE_COUNT,
        ...(typeof context?.getRemainingTimeInMillis === 'function' ? { remainingMs: () => context.getRemainingTimeInMillis() } : {}),
      });
      logger.info('export message handled', { exportId: message.exportId, outcome });
      if (outcome === 'retry') batchItemFailures.push({ itemIdentifier: record.messageId });
    } catch (error) {
      logger.error('export message failed', { exportId: message.exportId, error: error as Error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
});
