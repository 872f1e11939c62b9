import { primary } from '#shared/translation';
import type { Voice } from '../narration';
import { loadMespeak, ttsProvider, type Tts } from '../narration';

/**
 * Who speaks a language: the configured engine when it has a voice of that language (Polly has
 * one for every language a guide can be translated into; eSpeak NG for a few), else meSpeak, which
 * `npm install` brings and which speaks them all offline (flite speaks only English).
 */
export interface LanguageVoice {
  tts: Tts;
  voice: Voice;
}

export async function voicesFor(language: string): Promise<LanguageVoice[]> {
  const configured = await ttsProvider();
  const matching = (await configured.voices()).filter((v) => primary(v.language) === primary(language));
  if (matching.length > 0 || configured.engine.startsWith('polly')) return matching.map((voice) => ({ tts: configured, voice }));
  const { mespeakTts } = await loadMespeak();
  return (await mespeakTts.voices()).filter((v) => primary(v.language) === primary(language)).map((voice) => ({ tts: mespeakTts, voice }));
}

/** The voice asked for when it speaks the language, else the first that does; undefined when none does. */
export async function voiceFor(language: string, voiceId: string | undefined): Promise<LanguageVoice | undefined> {
  const voices = await voicesFor(language);
  return voices.find((v) => v.voice.id === voiceId) ?? voices[0];
}
