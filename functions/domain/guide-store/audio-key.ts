import { createHash } from 'node:crypto';

/**
 * Where a slide's voiceover is kept: under the guide's assets, named by a hash of everything that
 * shapes the sound (engine and its version, voice, speed, language, text). The same inputs always
 * give the same key, so a voiceover run finds unchanged slides done and synthesises only the rest.
 */
export interface AudioInputs {
  engine: string;
  engineVersion: string;
  voiceId: string;
  rate: number;
  language: string;
  text: string;
}

export function audioHash(inputs: AudioInputs): string {
  const canonical = JSON.stringify([inputs.engine, inputs.engineVersion, inputs.voiceId, Number(inputs.rate.toFixed(2)), inputs.language, inputs.text.trim()]);
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 27);
}

export const AUDIO_EXTENSIONS = { 'audio/mpeg': 'mp3', 'audio/ogg': 'ogg' } as const;

export function audioKey(guidePrefix: string, hash: string, mimeType: keyof typeof AUDIO_EXTENSIONS): string {
  return `${guidePrefix}audio/${hash}.${AUDIO_EXTENSIONS[mimeType]}`;
}

/** The timings and length kept beside each audio file, so a cache hit needs no synthesis. */
export function audioMetaKey(key: string): string {
  return key.replace(/\.[a-z0-9]+$/, '.json');
}
