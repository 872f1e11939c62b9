import type { Context, SQSBatchResponse, SQSEvent } from 'aws-lambda';
import type * as z from 'zod';
import { workerEntry } from '../core/lambda';
import { logger } from '../core/logger';
import { WorkLine } from '../domain/platform';
import { DEFAULT_MAX_RECEIVE_COUNT, WORKERS } from '../routes';

/** How a message arrived: its delivery count, whether no retry follows, and the Lambda's context. */
export interface Delivery {
  receives: number;
  maxReceives: number;
  finalAttempt: boolean;
  context: Context | undefined;
}

/** Beyond the worker's own timeout, how long its organisation's slot stays its: a Lambda cannot run longer. */
const SLOT_LEASE_MARGIN_MS = 60_000;

/**
 * A worker's Lambda entry over SQS: each record's body is parsed with the worker's schema (a
 * malformed one is dropped, as no delivery could help), then handled. A handler that throws or
 * answers 'retry' has its message delivered again (`batchItemFailures`); after the worker's
 * `maxReceiveCount` deliveries the queue moves it to the dead-letter queue.
 *
 * A message sent through its organisation's line (functions/domain/platform/work-line.ts) holds one of the
 * organisation's slots while it runs: it begins here (a copy of a running one, or of an older
 * submission, is not run; one that finds no free slot goes back to the line, which sends it again)
 * and ends here, which gives the slot to the next job in the line. Its deliveries count across
 * returns to the line, so `finalAttempt` still comes.
 */
export function sqsWorker<M>(
  name: keyof typeof WORKERS,
  schema: z.ZodType<M>,
  handle: (message: M, delivery: Delivery) => Promise<'retry' | void>,
) {
  const leaseMs = (WORKERS[name].timeoutSeconds ?? 10) * 1000 + SLOT_LEASE_MARGIN_MS;
  return workerEntry(async (event: SQSEvent, context?: Context): Promise<SQSBatchResponse> => {
    const maxReceives = WORKERS[name].maxReceiveCount ?? DEFAULT_MAX_RECEIVE_COUNT;
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      let message: M;
      let ticket: WorkLine.LineTicket | undefined;
      try {
        const json = JSON.parse(record.body) as unknown;
        message = schema.parse(json);
        const line = WorkLine.LineTicket.safeParse((json as Record<string, unknown>)[WorkLine.LINE_KEY]);
        ticket = line.success ? line.data : undefined;
      } catch {
        logger.error(`${name}: malformed message dropped`, { messageId: record.messageId });
        continue;
      }
      let receives = Number(record.attributes.ApproximateReceiveCount) || 1;
      try {
        if (ticket) {
          const begun = await WorkLine.begin(name, ticket, { leaseMs });
          if (!begun.run) {
            logger.info(`${name}: message not run`, { messageId: record.messageId, reason: begun.reason });
            continue;
          }
          receives = Math.max(receives, begun.attempts);
        }
        const outcome = await handle(message, { receives, maxReceives, finalAttempt: receives >= maxReceives, context });
        if (outcome === 'retry') batchItemFailures.push({ itemIdentifier: record.messageId });
        if (ticket) await endQuietly(name, ticket, outcome === 'retry' ? 'retry' : 'done');
      } catch (error) {
        logger.warn(`${name}: attempt failed, will retry`, { messageId: record.messageId, receives, error: error instanceof Error ? error.message : String(error) });
        batchItemFailures.push({ itemIdentifier: record.messageId });
        if (ticket) await endQuietly(name, ticket, 'retry');
      }
    }
    return { batchItemFailures };
  });
}

/** Gives the slot back; if the table does not answer, the slot's lease gives it back later. */
async function endQuietly(name: keyof typeof WORKERS, ticket: WorkLine.LineTicket, outcome: 'done' | 'retry'): Promise<void> {
  try {
    await WorkLine.end(name, ticket, outcome);
  } catch (error) {
    logger.warn(`${name}: slot not given back`, { ref: ticket.ref, error: error as Error });
  }
}
