import { DEFAULT_LANGUAGE, DEFAULT_SPEECH_RATE, type WordTiming } from '#shared/narration';
import { Asset } from '../platform';

/**
 * What a slide's voiceover looks like to readers (the editor, the share page): its URL, length and
 * word timings, and whether it still matches the narration, voice and speed.
 */
export interface GuideVoice {
  guideId: string;
  orgId: string;
  visibility: Asset.Visibility;
  voiceId?: string | undefined;
  speechRate?: number | undefined;
  language?: string | undefined;
}

export interface SlideAudio {
  narration?: string | undefined;
  audioKey?: string | undefined;
  audioDurationMs?: number | undefined;
  words?: WordTiming[] | undefined;
  audioNarration?: string | undefined;
  audioVoiceId?: string | undefined;
  audioRate?: number | undefined;
}

/** The guide's voice as stored with each audio: `default` while the engine's default voice speaks. */
export function voiceSetting(guide: Pick<GuideVoice, 'voiceId'>): string {
  return guide.voiceId ?? 'default';
}

export function rateSetting(guide: Pick<GuideVoice, 'speechRate'>): number {
  return guide.speechRate ?? DEFAULT_SPEECH_RATE;
}

export function languageSetting(guide: Pick<GuideVoice, 'language'>): string {
  return guide.language ?? DEFAULT_LANGUAGE;
}

/** The slide's audio no longer says its narration in the guide's voice and speed. */
export function isStale(slide: SlideAudio, guide: GuideVoice): boolean {
  if (!slide.audioKey) return false;
  return (slide.narration ?? '').trim() !== (slide.audioNarration ?? '').trim() || slide.audioVoiceId !== voiceSetting(guide) || slide.audioRate !== rateSetting(guide);
}

/** The slide needs a voiceover run: it has words to say and no audio that says them. */
export function needsAudio(slide: SlideAudio, guide: GuideVoice): boolean {
  return !!slide.narration?.trim() && (!slide.audioKey || isStale(slide, guide));
}

/** The slide's voiceover for readers; its URL is made as every asset URL is (Asset.urlFor: presigned while the guide is private). */
export async function audioFields(slide: SlideAudio, guide: GuideVoice) {
  const key = slide.audioKey;
  return {
    audioUrl: key ? await Asset.urlFor(guide, key) : null,
    audioDurationMs: key ? (slide.audioDurationMs ?? null) : null,
    words: key ? (slide.words ?? []).map((w) => ({ startMs: w.startMs, endMs: w.endMs, text: w.text })) : [],
    audioStale: isStale(slide, guide),
  };
}
