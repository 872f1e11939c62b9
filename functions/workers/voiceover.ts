import * as z from 'zod';
import { Voiceover } from '../domain/narration';
import { sqsWorker } from './sqs-worker';

/**
 * The voiceover worker: one SQS message `{ jobId }` per job. A failure is retried by redelivery
 * (the job picks up where it stopped, as finished slides are fresh) and on the last delivery the
 * job is marked failed before the message goes to the dead-letter queue.
 */
const Message = z.object({ jobId: z.string().min(1).max(100) });

export const handler = sqsWorker('voiceover', Message, async (message, { finalAttempt }) => {
  await Voiceover.run(message.jobId, { finalAttempt });
});
