import { AppError } from '#shared/errors';
import { DEFAULT_LANGUAGE, type VoiceListDto } from '#shared/narration';
import { Asset } from '../platform';
import { audioHash, audioKey } from '../guide-store';
import { findAudio, putAudio } from './audio-store';
import { ttsProvider } from './tts';

/**
 * The voices a guide can speak with (the spec's Voice data group) and a sample of each. Samples
 * play for everyone, Pro or not; each is synthesised on its first request and kept in the bucket
 * under a hash of what shapes it, so later requests only redirect to the file.
 */
const SAMPLES_PREFIX = 'voices/';

export function sampleText(name: string): string {
  return `Hi, I'm ${name}. I'll read each step of your guide aloud, like this: click Save changes, and you're done.`;
}

export async function list(): Promise<VoiceListDto> {
  const tts = await ttsProvider();
  const voices = await tts.voices();
  return {
    defaultVoiceId: tts.defaultVoiceId,
    voices: voices.map((v) => ({ ...v, sampleUrl: `/api/voices/${encodeURIComponent(v.id)}/sample` })),
  };
}

/** The URL of a voice's sample, made on first request. */
export async function sampleUrl(voiceId: string): Promise<string> {
  const tts = await ttsProvider();
  const voice = (await tts.voices()).find((v) => v.id === voiceId);
  if (!voice) throw new AppError('not_found', 'No such voice.');
  const text = sampleText(voice.name);
  const hash = audioHash({ engine: tts.engine, engineVersion: tts.engineVersion, voiceId, rate: 1, language: voice.language || DEFAULT_LANGUAGE, text });
  const key = audioKey(SAMPLES_PREFIX, hash, 'audio/mpeg');
  if (!(await findAudio(key))) {
    const result = await tts.synthesize({ text, voiceId, rate: 1, language: voice.language });
    await putAudio(key, result.audio, { durationMs: result.durationMs, words: result.words, mimeType: result.mimeType });
  }
  return Asset.assetUrl(key);
}
