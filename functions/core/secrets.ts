import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod';
import { defineConfig } from './config';

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

/**
 * The value CloudFront sends the API in `x-origin-verify`: ORIGIN_VERIFY_SECRET locally (the local
 * CloudFront sends it too), a Secrets Manager secret (ORIGIN_VERIFY_SECRET_ARN) in AWS, read once
 * per warm container. Neither set: no CloudFront in front, nothing to check (undefined).
 */
const originVerifyConfig = defineConfig({
  ORIGIN_VERIFY_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  ORIGIN_VERIFY_SECRET_ARN: z.string().startsWith('arn:').optional(),
});

let originVerify: Promise<string | undefined> | undefined;

async function loadOriginVerify(): Promise<string | undefined> {
  const { ORIGIN_VERIFY_SECRET, ORIGIN_VERIFY_SECRET_ARN } = originVerifyConfig();
  if (ORIGIN_VERIFY_SECRET) return ORIGIN_VERIFY_SECRET;
  if (!ORIGIN_VERIFY_SECRET_ARN) return undefined;
  const client = new SecretsManagerClient({});
  const { SecretString } = await client.send(new GetSecretValueCommand({ SecretId: ORIGIN_VERIFY_SECRET_ARN }));
  if (!SecretString || SecretString.length < 16) throw new Error('The origin-verify secret is missing or shorter than 16 characters');
  return SecretString;
}

/** The expected `x-origin-verify` value, or undefined when none is configured; throws when it cannot be read. */
export function originVerifySecret(): Promise<string | undefined> {
  originVerify ??= loadOriginVerify().catch((error: unknown) => {
    originVerify = undefined;
    throw error;
  });
  return originVerify;
}
