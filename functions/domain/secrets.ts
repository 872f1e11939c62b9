import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { defineConfig } from '../core/config';

/**
 * The key that signs session tokens: SESSION_SECRET locally and in tests, a Secrets Manager
 * secret (SESSION_SECRET_ARN) in AWS, read once per cold start so it never sits in a template.
 */
const secretConfig = defineConfig({
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_SECRET_ARN: z.string().startsWith('arn:').optional(),
});

let key: Promise<Uint8Array> | undefined;

async function load(): Promise<Uint8Array> {
  const { SESSION_SECRET, SESSION_SECRET_ARN } = secretConfig();
  if (SESSION_SECRET) return new TextEncoder().encode(SESSION_SECRET);
  if (!SESSION_SECRET_ARN) throw new Error('Invalid environment: SESSION_SECRET or SESSION_SECRET_ARN is required');
  const client = new SecretsManagerClient({});
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: SESSION_SECRET_ARN }));
  if (!SecretString || SecretString.length < 32) throw new Error('The session secret is missing or shorter than 32 characters');
  return new TextEncoder().encode(SecretString);
}

export function sessionKey(): Promise<Uint8Array> {
  key ??= load().catch((error: unknown) => {
    key = undefined;
    throw error;
  });
  return key;
}
