import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The local session-signing secret: made once and kept with the data, so sessions survive a
 * restart like everything else in .data/. In AWS it is a Secrets Manager secret.
 */
export function localSessionSecret(dataDir: string): string {
  return localSecret(dataDir, 'session-secret', () => randomBytes(32).toString('base64url'));
}

/** The local Stripe double's webhook signing secret, kept like the session secret. */
export function localWebhookSecret(dataDir: string): string {
  return localSecret(dataDir, 'stripe-webhook-secret', () => `whsec_${randomBytes(24).toString('base64url')}`);
}

/** The key that wraps saved sign-ins' data keys locally (KMS does it in AWS): 32 bytes, kept like the session secret. */
export function localSiteSessionKey(dataDir: string): string {
  return localSecret(dataDir, 'site-session-key', () => randomBytes(32).toString('base64url'));
}

function localSecret(dataDir: string, name: string, make: () => string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = make();
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
