import * as z from 'zod';
import * as DriftCheck from '../domain/drift';
import { sqsWorker } from './sqs-worker';

/**
 * The drift-check worker: one SQS message `{ guideId, checkId }` per check, or `{ sweep: true }`
 * from the scheduler, which starts every scheduled check that is due. A failed check is retried
 * by redelivery and marked failed on the last one.
 */
const Message = z.union([z.object({ guideId: z.string().min(1).max(40), checkId: z.string().min(1).max(100) }), z.object({ sweep: z.literal(true) })]);

export const handler = sqsWorker('drift', Message, async (message, { finalAttempt }) => {
  if ('sweep' in message) await DriftCheck.startDue();
  else await DriftCheck.run(message.guideId, message.checkId, { finalAttempt });
});
