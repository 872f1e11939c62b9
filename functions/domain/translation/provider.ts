import * as z from 'zod';
import { defineConfig } from '../../core/config';
import { amazonTranslate } from './amazon-translate';
import type { TranslationProvider } from './contracts';
import { localGlossary } from './local-glossary';

/**
 * The translator, chosen in configuration: `TRANSLATION_PROVIDER=amazon-translate` (CDK sets it
 * on the functions allowed to call TranslateText; any Lambda defaults to it) or `local`, the
 * offline glossary, which is the default everywhere else.
 */
const ProviderName = z.enum(['local', 'amazon-translate']);
export const translationConfig = defineConfig({ TRANSLATION_PROVIDER: ProviderName.optional(), AWS_LAMBDA_FUNCTION_NAME: z.string().optional() });

export function providerName(config: { TRANSLATION_PROVIDER?: z.infer<typeof ProviderName> | undefined; AWS_LAMBDA_FUNCTION_NAME?: string | undefined }): z.infer<typeof ProviderName> {
  return config.TRANSLATION_PROVIDER ?? (config.AWS_LAMBDA_FUNCTION_NAME ? 'amazon-translate' : 'local');
}

let override: TranslationProvider | undefined;
let chosen: TranslationProvider | undefined;

/** Replaces the translator (tests give known answers or make it fail); undefined goes back to configuration. */
export function setTranslationProvider(provider: TranslationProvider | undefined): void {
  override = provider;
}

export function translationProvider(): TranslationProvider {
  if (override) return override;
  chosen ??= providerName(translationConfig()) === 'amazon-translate' ? amazonTranslate() : localGlossary;
  return chosen;
}
