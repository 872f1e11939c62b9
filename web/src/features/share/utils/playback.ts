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

// How long a slide plays is one rule for the player and the video export.
export { MAX_SLIDE_MS, MIN_SLIDE_MS, slideDurationMs } from '#shared/slide-timing';

/** What a screen reader hears when the step changes: "Step 3 of 8: Click Save" (the label in the guide's language). */
export function stepAnnouncement(label: string, text: string | null): string {
  const plain = plainText(text ?? '').trim();
  return plain ? `${label}: ${plain}` : label;
}
