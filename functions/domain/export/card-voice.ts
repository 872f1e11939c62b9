import { audioHash, audioKey, languageSetting, rateSetting } from '../guide-store';
import { findAudio, putAudio, ttsProvider } from '../narration';
import { Asset } from '../platform';

/** What the video's intro and outro cards say aloud: their words as drawn, without a link's address. */
export interface CardWords {
  intro: string;
  outro: string;
}

export interface CardAudio {
  bytes: Buffer;
  contentType: string;
  durationMs: number;
}

export interface CardVoiceGuide {
  guideId: string;
  orgId: string;
  voiceId?: string | undefined;
  speechRate?: number | undefined;
  language?: string | undefined;
}

/**
 * The cards' voiceovers for a narrated video, in the guide's voice, speed and language (the voice
 * its slides were made with: the guide's, or the engine's default when that one is gone). Kept
 * beside the slides' audio under a hash of what shapes the sound, so a second export synthesises
 * nothing.
 */
export async function cardVoiceovers(guide: CardVoiceGuide, words: CardWords): Promise<{ intro: CardAudio | null; outro: CardAudio | null }> {
  const tts = await ttsProvider();
  const voices = guide.voiceId ? await tts.voices() : [];
  const voiceId = guide.voiceId && voices.some((v) => v.id === guide.voiceId) ? guide.voiceId : tts.defaultVoiceId;
  const rate = rateSetting(guide);
  const language = languageSetting(guide);
  const prefix = Asset.guidePrefix(guide.orgId, guide.guideId);
  const voice = async (text: string): Promise<CardAudio | null> => {
    if (!text.trim()) return null;
    const key = audioKey(prefix, audioHash({ engine: tts.engine, engineVersion: tts.engineVersion, voiceId, rate, language, text }), 'audio/mpeg');
    let meta = await findAudio(key);
    if (!meta) {
      const made = await tts.synthesize({ text, voiceId, rate, language });
      meta = { durationMs: made.durationMs, words: made.words, mimeType: made.mimeType };
      await putAudio(key, made.audio, meta);
      return { bytes: Buffer.from(made.audio), contentType: made.mimeType, durationMs: made.durationMs };
    }
    return { bytes: Buffer.from(await Asset.read(key)), contentType: meta.mimeType, durationMs: meta.durationMs };
  };
  const [intro, outro] = await Promise.all([voice(words.intro), voice(words.outro)]);
  return { intro, outro };
}
