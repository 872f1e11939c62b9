import { plainText } from './step-markup';

/** A slide without a voiceover stays on screen this long while playing, at least. */
export const MIN_SLIDE_MS = 4_000;
/** …and at most, however long its text. */
export const MAX_SLIDE_MS = 12_000;
/** Reading time added per character of step text and narration beyond the first 60. */
const MS_PER_CHARACTER = 45;

/**
 * How long a slide plays, in the share player and in the exported video alike: its voiceover's
 * length when it has one (the player also advances when the audio ends), else a reading time
 * from its text and narration.
 */
export function slideDurationMs(slide: { text: string | null; narration: string | null; audioDurationMs: number | null | undefined }): number {
  if (slide.audioDurationMs && slide.audioDurationMs > 0) return slide.audioDurationMs;
  const characters = plainText(slide.text ?? '').length + (slide.narration ?? '').length;
  return Math.min(MAX_SLIDE_MS, Math.max(MIN_SLIDE_MS, MIN_SLIDE_MS + (characters - 60) * MS_PER_CHARACTER));
}

