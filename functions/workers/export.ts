import * as z from 'zod';
import { logger } from '../core/logger';
import { ExportJob } from '../domain/export';
import { sqsWorker } from './sqs-worker';

/**
 * The export worker: one SQS message `{ exportId }` per invocation (batch size 1). The job says
 * itself when its message should come back (its render ran out of the Lambda's time).
 */
const Message = z.object({ exportId: z.string().min(1).max(64) });

export const handler = sqsWorker('export', Message, async (message, { receives, maxReceives, context }) => {
  const outcome = await ExportJob.run(message.exportId, {
    receiveCount: receives,
    maxReceiveCount: maxReceives,
    ...(typeof context?.getRemainingTimeInMillis === 'function' ? { remainingMs: () => context.getRemainingTimeInMillis() } : {}),
  });
  logger.info('export message handled', { exportId: message.exportId, outcome });
  return outcome === 'retry' ? 'retry' : undefined;
});
