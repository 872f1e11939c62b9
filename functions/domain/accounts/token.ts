import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EntityItem } from 'electrodb';
import { AppError } from '#shared/errors';
import type { VerificationEntity } from '../../db/entities/verification';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';

/** Single-use mail tokens: 256 random bits in the link, only their SHA-256 stored. */
export type TokenPurpose = 'verify-email' | 'change-email' | 'reset-password';

export const TOKEN_TTL_SECONDS: Record<TokenPurpose, number> = {
  'verify-email': 24 * 60 * 60,
  'change-email': 24 * 60 * 60,
  'reset-password': 60 * 60,
};

function digest(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A new token and the item that records it, for a transaction of the caller's. */
export function prepare(purpose: TokenPurpose, userId: string, email: string) {
  const token = randomBytes(32).toString('base64url');
  const item = { tokenHash: digest(token), purpose, userId, email, expiresAt: Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS[purpose] };
  return { token, item };
}

export async function issue(purpose: TokenPurpose, userId: string, email: string): Promise<string> {
  const { token, item } = prepare(purpose, userId, email);
  await db().entities.verification.create(item).go();
  return token;
}

/**
 * Issues a token for the user an address names, or for nobody: the same one transaction either
 * way (the record, on the condition that the user exists), so an unknown address costs what a
 * known one does and leaves nothing behind. Answers the token when the user exists.
 */
export async function issueIfUser(purpose: TokenPurpose, userId: string | undefined, email: string): Promise<string | undefined> {
  const { token, item } = prepare(purpose, userId ?? NO_USER, email);
  const result = await db()
    .transaction.write(({ verification, user }) => [
      verification.create(item).commit(),
      user.check({ userId: item.userId }).where((attr, { exists }) => exists(attr.email)).commit(),
    ])
    .go();
  return result.canceled ? undefined : token;
}

/** A user id no user has (ids are random URL-safe strings): the condition fails on it. */
const NO_USER = '-';

/**
 * Uses a token: a conditional write claims it for this request (a random id), so a token works
 * once even under concurrent clicks; the claimed item is then deleted. A claim whose answer was
 * lost and that the database client retried (functions/db/client.ts) finds its own id on the item
 * and still succeeds: a slow database never turns a good link into "expired". Unknown, used,
 * expired and wrong-purpose tokens fail alike.
 */
export async function consume(token: string, purposes: TokenPurpose[]) {
  const tokenHash = digest(token);
  const claim = randomUUID();
  let data: Verification | undefined;
  try {
    ({ data } = await db()
      .entities.verification.patch({ tokenHash })
      .set({ claimedBy: claim })
      .where((attr, { notExists }) => notExists(attr.claimedBy))
      .go({ response: 'all_new' }));
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    // No such token, one used already, or this very claim landed and its answer was lost.
    const { data: found } = await db().entities.verification.get({ tokenHash }).go({ consistent: true });
    data = found?.claimedBy === claim ? found : undefined;
  }
  if (!data || !purposes.includes(data.purpose) || data.expiresAt <= Math.floor(Date.now() / 1000)) {
    throw new AppError('bad_request', 'This link is invalid or has expired. Please ask for a new one.');
  }
  await db().entities.verification.delete({ tokenHash }).go();
  return data;
}

type Verification = EntityItem<typeof VerificationEntity>;
