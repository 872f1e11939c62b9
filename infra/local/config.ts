import path from 'node:path';
import { z } from 'zod';
import { StartupError } from './errors';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

/** Every variable the local stack reads; the README's configuration table lists the same. */
export const LocalEnv = z.object({
  PORT: port(3000),
  DATA_DIR: z.string().default('.data'),
  DYNAMODB_PORT: port(8000),
  S3_PORT: port(4569),
  SMTP_PORT: port(1025),
  MAIL_WEB_PORT: port(1080),
  /** the local Stripe double; unused when STRIPE_SECRET_KEY is set (real Stripe) */
  STRIPE_PORT: port(12111),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_').optional(),
  DYNAMODB_ENDPOINT: z.string().url().optional(),
  S3_ENDPOINT: z.string().url().optional(),
  TABLE_NAME: z.string().min(3).default('stepcast-local'),
  BUCKET_NAME: z.string().min(3).default('stepcast-local-assets'),
  SEED: z.enum(['true', 'false']).default('true'),
  /** the demo guides' voiceover: made while the app already serves, or before it reports ready (the journeys want a settled stack) */
  SEED_NARRATION: z.enum(['background', 'wait']).default('background'),
  LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('WARN'),
});
export type LocalEnv = z.infer<typeof LocalEnv>;

export function readLocalEnv(env: NodeJS.ProcessEnv = process.env): LocalEnv {
  const result = LocalEnv.safeParse(env);
  if (!result.success) {
    const keys = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new StartupError(`Invalid configuration (${keys}): fix these environment variables and start again.`);
  }
  return result.data;
}
