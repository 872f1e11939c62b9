import { createHash, randomBytes } from 'node:crypto';
import { AppError } from '#shared/errors';
import { db } from '../db/service';

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

export async function issue(purpose: TokenPurpose, userId: string, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db()
    .entities.verification.create({
      tokenHash: digest(token),
      purpose,
      userId,
      email,
      expiresAt: Math.floor(Date.now() / 1000) + TOKEN_TTL_SECONDS[purpose],
    })
    .go();
  return token;
}

/**
 * Uses a token: the delete returns the item only to the one request that removed it, so a token
 * works once even under concurrent clicks. Unknown, used, expired and wrong-purpose tokens fail
 * alike.
 */
export async function consume(token: string, purposes: TokenPurpose[]) {
  const { data } = await db().entities.verification.delete({ tokenHash: digest(token) }).go({ response: 'all_old' });
  if (!data || !purposes.includes(data.purpose) || data.expiresAt <= Math.floor(Date.now() / 1000)) {
    throw new AppError('bad_request', 'This link is invalid or has expired. Please ask for a new one.');
  }
  return data;
}
