import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import { AppError } from '#shared/errors';
import { defineConfig, tableConfig } from '../../core/config';
import { dynamo } from '../../db/client';

/**
 * Fixed-window rate limits kept in DynamoDB, since Lambda memory is per instance. One atomic
 * conditional increment per check: at the limit, of two concurrent requests exactly one gets
 * through. A failure to count fails closed (the request is refused, never let through).
 */
const rateConfig = defineConfig({
  /** per account (email) and action: ~3 per 10 s (security.md) */
  RATE_LIMIT_ACCOUNT_MAX: z.coerce.number().int().min(1).default(3),
  /** per source IP and action; the browser journeys raise it, as all their users share 127.0.0.1 */
  RATE_LIMIT_IP_MAX: z.coerce.number().int().min(1).default(3),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(10),
});

export type RateAction = 'sign-in' | 'sign-up' | 'password-reset' | 'verification-mail';

/** One atomic count in a fixed window: true while under `limit`, false at it (viewer analytics has its own limits). */
export async function consume(bucket: string, limit: number, windowSeconds: number): Promise<boolean> {
  const now = Math.floor(Date.now() / 1000);
  const window = now - (now % windowSeconds);
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: tableConfig().TABLE_NAME,
        Key: { pk: `$ratelimit#${bucket}`, sk: `${window}` },
        UpdateExpression: 'ADD #count :one SET expiresAt = if_not_exists(expiresAt, :expires)',
        ConditionExpression: 'attribute_not_exists(#count) OR #count < :limit',
        ExpressionAttributeNames: { '#count': 'count' },
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': window + windowSeconds * 2 },
      }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return false;
    throw new AppError('service_unavailable', 'Too many requests could not be ruled out. Please try again shortly.');
  }
}

/**
 * Counts one attempt of `action` for the account and for the source IP (API Gateway's
 * `requestContext.http.sourceIp`, never X-Forwarded-For); throws `rate_limited` over either.
 */
export async function check(action: RateAction, keys: { account?: string; ip: string }): Promise<void> {
  const { RATE_LIMIT_ACCOUNT_MAX, RATE_LIMIT_IP_MAX, RATE_LIMIT_WINDOW_SECONDS } = rateConfig();
  const checks = [consume(`${action}#ip#${keys.ip}`, RATE_LIMIT_IP_MAX, RATE_LIMIT_WINDOW_SECONDS)];
  if (keys.account) checks.push(consume(`${action}#account#${keys.account}`, RATE_LIMIT_ACCOUNT_MAX, RATE_LIMIT_WINDOW_SECONDS));
  const allowed = await Promise.all(checks);
  if (allowed.includes(false)) {
    throw new AppError('rate_limited', `Too many attempts. Please wait ${RATE_LIMIT_WINDOW_SECONDS} seconds and try again.`, undefined, {
      retryAfterSeconds: RATE_LIMIT_WINDOW_SECONDS,
    });
  }
}
