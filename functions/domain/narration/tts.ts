import * as z from 'zod';
import { defineConfig } from '../../core/config';
import type { TtsProvider } from './contracts';
import { pollyTts } from './tts-polly';

/**
 * The voice engine, chosen in configuration: `TTS_ENGINE` is `polly` in AWS (a Lambda has
 * AWS_LAMBDA_FUNCTION_NAME) and `flite` elsewhere, which `npm install` alone brings;
 * `espeak-ng` uses that command when the machine has it. The local engines load on first use
 * (a Lambda never loads flite's WebAssembly); Polly is a static import because a module loaded
 * lazily keeps zod's whole namespace, locales included, in the Lambda bundle.
 */
export type Tts = TtsProvider & { defaultVoiceId: string };

export const ttsConfig = defineConfig({
  TTS_ENGINE: z.enum(['flite', 'espeak-ng', 'polly']).default(process.env.AWS_LAMBDA_FUNCTION_NAME ? 'polly' : 'flite'),
  ESPEAK_NG_PATH: z.string().min(1).default('espeak-ng'),
});

let override: Tts | undefined;
let chosen: Promise<Tts> | undefined;

/** Replaces the engine (tests count synthesis calls or make it fail); undefined goes back to configuration. */
export function setTtsProvider(provider: Tts | undefined): void {
  override = provider;
}

export function ttsProvider(): Promise<Tts> {
  if (override) return Promise.resolve(override);
  chosen ??= (async (): Promise<Tts> => {
    const { TTS_ENGINE, ESPEAK_NG_PATH } = ttsConfig();
    if (TTS_ENGINE === 'polly') return pollyTts();
    if (TTS_ENGINE === 'espeak-ng') return (await import('./tts-espeak')).espeakTts(ESPEAK_NG_PATH);
    return (await import('./tts-flite')).fliteTts;
  })();
  return chosen;
}
