import * as z from 'zod';
import { SlideDto } from './guides';

/**
 * The design view's slide operations beyond editing one slide: split a slide's narration into two
 * slides, merge a slide with the next, and change its screenshot (replace with an upload, crop,
 * or go back to one it showed before: an undo). Their bodies, answers and the pure rules they
 * follow (where a narration splits, how a crop moves the click point).
 */

/** POST …/slides/{slideId}/split: where (a character offset into the narration); absent, the sentence end nearest the middle. */
export const SplitSlideBody = z.object({ at: z.number().int().min(0).max(10_000).optional() }).strict();
export type SplitSlideBody = z.infer<typeof SplitSlideBody>;

export const SplitSlideDto = z.object({ first: SlideDto, second: SlideDto });
export type SplitSlideDto = z.infer<typeof SplitSlideDto>;

/** POST …/slides/{slideId}/merge: the slide takes in the next one, which is removed (kept for an undo). */
export const MergeSlideDto = z.object({ slide: SlideDto, removedSlideId: z.string() });
export type MergeSlideDto = z.infer<typeof MergeSlideDto>;

/** A crop in the screenshot's own pixels. */
export const CropRect = z
  .object({
    x: z.number().int().min(0),
    y: z.number().int().min(0),
    width: z.number().int().min(16, 'Crop to at least 16 pixels.'),
    height: z.number().int().min(16, 'Crop to at least 16 pixels.'),
  })
  .strict();
export type CropRect = z.infer<typeof CropRect>;

const Key = z.string().min(1).max(512);

/** POST …/slides/{slideId}/screenshot */
export const ScreenshotChangeBody = z.discriminatedUnion('kind', [
  /** an upload (POST …/uploads) takes the place of the screenshot */
  z.object({ kind: z.literal('replace'), screenshotKey: Key }).strict(),
  /** the screenshot cut to `rect`, made on the server */
  z.object({ kind: z.literal('crop'), rect: CropRect }).strict(),
  /** back to a screenshot this slide showed before (an undo or redo of the two above) */
  z.object({ kind: z.literal('revert'), screenshotKey: Key.nullable() }).strict(),
]);
export type ScreenshotChangeBody = z.infer<typeof ScreenshotChangeBody>;

/** The slide as changed, and the key it showed before (what an undo goes back to). */
export const ScreenshotChangeDto = z.object({ slide: SlideDto, previousKey: z.string().nullable() });
export type ScreenshotChangeDto = z.infer<typeof ScreenshotChangeDto>;

/** How many screenshots a slide keeps to go back to; older ones are removed for good. */
export const SCREENSHOT_HISTORY = 10;

/**
 * Where a narration splits: at `at` moved forward to the next gap between words (never inside
 * a word), or without it at the sentence end nearest the middle. Both parts trimmed; undefined
 * when one would be empty.
 */
export function splitNarration(narration: string, at?: number): [string, string] | undefined {
  let cut: number | undefined;
  if (at !== undefined) {
    cut = Math.min(Math.max(0, at), narration.length);
    while (cut < narration.length && cut > 0 && !/\s/.test(narration[cut]!) && !/\s/.test(narration[cut - 1]!)) cut++;
  } else {
    const ends = [...narration.matchAll(/[.!?…]["'”’)]*\s+/g)].map((match) => match.index + match[0].length);
    const middle = narration.length / 2;
    cut = ends.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))[0];
  }
  if (cut === undefined) return undefined;
  const first = narration.slice(0, cut).trim();
  const second = narration.slice(cut).trim();
  return first && second ? [first, second] : undefined;
}

/** Two slides' words as one: each part kept, in order, empty ones dropped. */
export function joinWords(first: string | null | undefined, second: string | null | undefined, separator: string): string {
  return [first?.trim(), second?.trim()].filter(Boolean).join(separator);
}

/** A crop held inside the image; undefined when nothing of it is inside (or less than a pixel). */
export function clampCrop(rect: CropRect, size: { width: number; height: number }): CropRect | undefined {
  const x = Math.min(rect.x, size.width);
  const y = Math.min(rect.y, size.height);
  const width = Math.min(rect.width, size.width - x);
  const height = Math.min(rect.height, size.height - y);
  return width >= 1 && height >= 1 ? { x, y, width, height } : undefined;
}

/** The click point in the cropped image's pixels, or null when the crop left it out. */
export function cropClick(click: { x: number; y: number } | null | undefined, rect: CropRect): { x: number; y: number } | null {
  if (!click) return null;
  const x = click.x - rect.x;
  const y = click.y - rect.y;
  return x >= 0 && y >= 0 && x < rect.width && y < rect.height ? { x, y } : null;
}
