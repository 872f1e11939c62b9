// POST /api/events — viewer events from the player and the embed: public, batched, sent with sendBeacon
import { EventBatchBody } from '#shared/analytics/contracts';
import { AppError, zodIssuesToDetails } from '#shared/errors';
import { dispatch } from '../../core/dispatch';
import { Reply, defineHandler } from '../../core/http';
import { Analytics } from '../../domain/analytics';
import { currentSession, requestContext } from '../actor';

/** sendBeacon sends a string as text/plain; JSON is welcome too. */
const BATCH_CONTENT_TYPE = /^(text\/plain|application\/json)\s*(;|$)/i;

const postEvents = defineHandler({ rawBody: true }, async ({ rawBody, event }) => {
  if (!BATCH_CONTENT_TYPE.test(event.headers?.['content-type'] ?? '')) {
    throw new AppError('unsupported_media_type', 'Send the batch as text/plain or application/json.');
  }
  // A bad or oversized batch is dropped whole, answered as every value that breaks its schema is.
  const parsed = EventBatchBody.safeParse(rawBody);
  if (!parsed.success) throw new AppError('validation_failed', 'The event batch is invalid and was dropped.', zodIssuesToDetails(parsed.error.issues));
  const viewer = await currentSession(event);
  const { ip, userAgent } = requestContext(event);
  return new Reply(202, await Analytics.record(parsed.data, { userAgent, userId: viewer?.session.userId, ip }));
});

export const handler = dispatch('events', { postEvents });
