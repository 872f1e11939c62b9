import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import * as z from 'zod';
import { AppError } from '#shared/errors';
import { awsConfig, defineConfig } from '../../core/config';

/**
 * Envelope encryption of saved sign-ins: each one is sealed with AES-256-GCM under its own random
 * data key, and only the wrapped data key is stored beside it. In AWS, KMS makes and unwraps data
 * keys (GenerateDataKey / Decrypt on one customer key, whose id is SITE_SESSION_KMS_KEY_ID); the
 * key never leaves KMS. Locally the data key is wrapped with AES-256-GCM under SITE_SESSION_KEY
 * (32 random bytes, base64url, kept in `.data/site-session-key` by the local stack). The record's
 * id is bound into both layers as additional authenticated data, so a sealed value moved to
 * another record does not open.
 */
export const sealConfig = defineConfig({
  SITE_SESSION_KMS_KEY_ID: z.string().min(1).optional(),
  SITE_SESSION_KEY: z
    .string()
    .optional()
    .refine((v) => v === undefined || Buffer.from(v, 'base64url').length === 32, 'must be 32 bytes, base64url'),
});

export interface Sealed {
  sealed: string;
  wrappedKey: string;
}

let kmsClient: KMSClient | undefined;
function kms(): KMSClient {
  kmsClient ??= new KMSClient({ region: awsConfig().AWS_REGION, maxAttempts: 3 });
  return kmsClient;
}

function gcm(key: Uint8Array, plaintext: Uint8Array, aad: string): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]);
}

function ungcm(key: Uint8Array, sealed: Buffer, aad: string): Buffer {
  const iv = sealed.subarray(0, 12);
  const tag = sealed.subarray(sealed.length - 16);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(12, sealed.length - 16)), decipher.final()]);
}

function notConfigured(): AppError {
  return new AppError('service_unavailable', 'Saved sign-ins are not set up on this server.');
}

async function dataKey(context: string): Promise<{ key: Uint8Array; wrapped: string }> {
  const { SITE_SESSION_KMS_KEY_ID, SITE_SESSION_KEY } = sealConfig();
  if (SITE_SESSION_KMS_KEY_ID) {
    const answer = await kms().send(new GenerateDataKeyCommand({ KeyId: SITE_SESSION_KMS_KEY_ID, KeySpec: 'AES_256', EncryptionContext: { record: context } }));
    if (!answer.Plaintext || !answer.CiphertextBlob) throw new Error('KMS answered without a data key');
    return { key: answer.Plaintext, wrapped: `kms:${Buffer.from(answer.CiphertextBlob).toString('base64')}` };
  }
  if (!SITE_SESSION_KEY) throw notConfigured();
  const key = randomBytes(32);
  return { key, wrapped: `local:${gcm(Buffer.from(SITE_SESSION_KEY, 'base64url'), key, context).toString('base64')}` };
}

async function unwrap(wrapped: string, context: string): Promise<Uint8Array> {
  const [kind, blob] = [wrapped.slice(0, wrapped.indexOf(':')), Buffer.from(wrapped.slice(wrapped.indexOf(':') + 1), 'base64')];
  if (kind === 'kms') {
    const answer = await kms().send(new DecryptCommand({ CiphertextBlob: blob, EncryptionContext: { record: context } }));
    if (!answer.Plaintext) throw new Error('KMS answered without a plaintext');
    return answer.Plaintext;
  }
  const { SITE_SESSION_KEY } = sealConfig();
  if (kind !== 'local' || !SITE_SESSION_KEY) throw notConfigured();
  return ungcm(Buffer.from(SITE_SESSION_KEY, 'base64url'), blob, context);
}

/** Seals a value for the record named `context` (bound into the ciphertext). */
export async function seal(plaintext: Uint8Array, context: string): Promise<Sealed> {
  const { key, wrapped } = await dataKey(context);
  try {
    return { sealed: gcm(key, plaintext, context).toString('base64'), wrappedKey: wrapped };
  } finally {
    key.fill(0);
  }
}

/** Opens a sealed value; throws if it was altered or belongs to another record. */
export async function open({ sealed, wrappedKey }: Sealed, context: string): Promise<Buffer> {
  const key = await unwrap(wrappedKey, context);
  try {
    return ungcm(key, Buffer.from(sealed, 'base64'), context);
  } finally {
    key.fill(0);
  }
}
