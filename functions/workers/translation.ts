import * as z from 'zod';
import { GuideTranslation } from '../domain/translation';
import { sqsWorker } from './sqs-worker';

/**
 * The translation worker: one SQS message `{ guideId, language }` per run. A failure is retried by
 * redelivery (audio already made is found by its hash) and on the last delivery the translation
 * is marked failed, keeping the previous run's words and audio.
 */
const Message = z.object({ guideId: z.string().min(1).max(40), language: z.string().min(2).max(12) });

export const handler = sqsWorker('translation', Message, async (message, { finalAttempt }) => {
  await GuideTranslation.run(message.guideId, message.language, { finalAttempt });
});
