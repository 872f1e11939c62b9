import { createHmac } from 'node:crypto';
import * as z from 'zod';
import { AppError } from '#shared/errors';
import { defineConfig } from '../../core/config';
import { ANALYTICS_SHARDS } from './analytics-store';
import { RateLimit } from '../platform';
import { sessionKey } from '../../core/secrets';

/**
 * How many event batches `POST /api/events` takes, counted in DynamoDB like every rate limit
 * (rate-limit.ts). What one viewer id can add is bounded anyway (each token once a day, at most
 * MAX_LOADS_PER_VIEWER views); these bound what it costs to rotate viewer ids:
 * - per viewer id and guide: a person stepping through a long guide sends a batch every few
 *   seconds at most;
 * - per source address: a crowd behind one office NAT, not a script minting viewer ids;
 * - per guide: well above a popular guide's traffic, counted per rollup shard (a viral guide's
 *   limit counter is not one hot key either), so the ceiling is ANALYTICS_GUIDE_MAX in total.
 */
export const analyticsLimitConfig = defineConfig({
  ANALYTICS_VIEWER_MAX: z.coerce.number().int().min(1).default(120),
  ANALYTICS_VIEWER_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  ANALYTICS_SOURCE_MAX: z.coerce.number().int().min(1).default(240),
  ANALYTICS_SOURCE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
  ANALYTICS_GUIDE_MAX: z.coerce.number().int().min(1).default(6_000),
  ANALYTICS_GUIDE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(60),
});

/**
 * The source address as a keyed hash (HMAC-SHA256 under the session-signing key): the limit is
 * per address, yet no address is written anywhere, not even for the minute its window lives.
 */
async function sourceKey(ip: string): Promise<string> {
  return createHmac('sha256', await sessionKey()).update(ip).digest('base64url').slice(0, 22);
}

/** Counts one batch against the three limits; throws `rate_limited` over any of them. */
export async function check(input: { guideId: string; viewerId: string; shard: number; ip: string }): Promise<void> {
  const config = analyticsLimitConfig();
  const allowed = await Promise.all([
    RateLimit.consume(`events#viewer#${input.guideId}#${input.viewerId}`, config.ANALYTICS_VIEWER_MAX, config.ANALYTICS_VIEWER_WINDOW_SECONDS),
    RateLimit.consume(`events#source#${await sourceKey(input.ip)}`, config.ANALYTICS_SOURCE_MAX, config.ANALYTICS_SOURCE_WINDOW_SECONDS),
    RateLimit.consume(
      `events#guide#${input.guideId}#${input.shard}`,
      Math.max(1, Math.ceil(config.ANALYTICS_GUIDE_MAX / ANALYTICS_SHARDS)),
      config.ANALYTICS_GUIDE_WINDOW_SECONDS,
    ),
  ]);
  if (allowed.includes(false)) throw new AppError('rate_limited', 'Too many events. They were not counted.');
}
