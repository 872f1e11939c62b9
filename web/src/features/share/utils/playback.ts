import { STEP_PARAM } from '#shared/share/frame';
import { plainText } from './bold-markup';

// `?step=` (1-based, like the steps people see) and `?autoplay=1` of a share or embed link.
export { AUTOPLAY_PARAM, STEP_PARAM } from '#shared/share/frame';

/**
 * The slide index (0-based) a `?step=N` asks for. Anything that is not a whole number within the
 * guide (absent, `abc`, `2.5`, `0`, past the end) shows the first step, except that a number past
 * the end shows the last one: a link to step 9 of a guide since shortened to 7 lands at its end.
 */
export function stepIndexFromParam(value: string | null, slideCount: number): number {
  if (slideCount <= 0 || value === null || !/^\s*\d+\s*$/.test(value)) return 0;
  const step = Number(value);
  if (step < 1) return 0;
  return Math.min(step, slideCount) - 1;
}

/** `?autoplay=1` or `?autoplay=true`; anything else does not start playing. */
export function autoplayFromParam(value: string | null): boolean {
  return value === '1' || value === 'true';
}

/** The search with `?step=` set to the 1-based step of a slide index, other parameters kept. */
export function searchWithStep(search: string | URLSearchParams, index: number): URLSearchParams {
  const params = new URLSearchParams(search);
  params.set(STEP_PARAM, String(index + 1));
  return params;
}

/** A slide without a voiceover stays on screen this long while playing, at least. */
export const MIN_SLIDE_MS = 4_000;
/** …and at most, however long its text. */
export const MAX_SLIDE_MS = 12_000;
/** Reading time added per character of step text and narration beyond the first 60. */
const MS_PER_CHARACTER = 45;

/**
 * How long a slide stays while playing: its voiceover's length when it has one (the player also
 * advances when the audio ends), else a reading time from its text and narration.
 */
export function slideDurationMs(slide: { text: string | null; narration: string | null; audioDurationMs: number | null }): number {
  if (slide.audioDurationMs && slide.audioDurationMs > 0) return slide.audioDurationMs;
  const characters = plainText(slide.text ?? '').length + (slide.narration ?? '').length;
  return Math.min(MAX_SLIDE_MS, Math.max(MIN_SLIDE_MS, MIN_SLIDE_MS + (characters - 60) * MS_PER_CHARACTER));
}

/** What a screen reader hears when the step changes: "Step 3 of 8: Click Save". */
export function stepAnnouncement(index: number, count: number, text: string | null): string {
  const label = `Step ${index + 1} of ${count}`;
  const plain = plainText(text ?? '').trim();
  return plain ? `${label}: ${plain}` : label;
}
