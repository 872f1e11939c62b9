import * as z from 'zod';
import { defineConfig } from '../../core/config';
import { logger } from '../../core/logger';
import { bedrockTranscript } from './bedrock-transcript';
import type { TranscriptProvider } from './contracts';
import { localTranscript } from './local-transcript';

/**
 * The smart transcript's provider, chosen in configuration: the local deterministic one by
 * default; Bedrock when `TRANSCRIPT_PROVIDER=bedrock` or a `BEDROCK_MODEL_ID` is set (CDK sets it
 * only on functions allowed to call that model).
 */
export const transcriptConfig = defineConfig({
  BEDROCK_MODEL_ID: z.string().min(1).optional(),
  TRANSCRIPT_PROVIDER: z.enum(['local', 'bedrock']).optional(),
  BEDROCK_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(25_000).default(12_000),
});

let chosen: Promise<TranscriptProvider> | undefined;

export function transcriptProvider(): Promise<TranscriptProvider> {
  chosen ??= (async () => {
    const config = transcriptConfig();
    const provider = config.TRANSCRIPT_PROVIDER ?? (config.BEDROCK_MODEL_ID ? 'bedrock' : 'local');
    if (provider === 'local') return localTranscript;
    if (!config.BEDROCK_MODEL_ID) throw new Error('Invalid environment: BEDROCK_MODEL_ID (required when TRANSCRIPT_PROVIDER is bedrock)');
    return bedrockTranscript({
      modelId: config.BEDROCK_MODEL_ID,
      timeoutMs: config.BEDROCK_TIMEOUT_MS,
      onFallback: (reason) => logger.warn('bedrock transcript fell back to the local provider', { reason }),
    });
  })();
  return chosen;
}
