import * as z from 'zod';
import { CaptureMeta } from './capture';
import type { SensitiveTextKind } from './redaction';
import { SlideDto } from './guides';

/**
 * Redaction boxes an author draws on a slide's screenshot in the design view. They are editor
 * state until applied; applying bakes them into a new image on the server (the original is
 * deleted, so this cannot be undone). Boxes are in whole pixels of the screenshot, origin top left.
 * (The capture extension's own covering of sensitive fields is shared/redaction.ts.)
 */
export const REDACTION_STYLES = ['blur', 'pixelate', 'solid'] as const;
export const RedactionStyle = z.enum(REDACTION_STYLES);
export type RedactionStyle = z.infer<typeof RedactionStyle>;

export const REDACTION_STYLE_LABELS: Record<RedactionStyle, string> = { blur: 'Blur', pixelate: 'Pixelate', solid: 'Solid' };

/** More boxes than this on one screenshot is a mistake, not a redaction. */
export const MAX_REDACTION_BOXES = 50;
/** The smallest side a drawn box keeps (a click without a drag draws nothing). */
export const MIN_BOX_SIDE = 4;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

const Pixel = z.number().int().min(0).max(1_000_000);

export const RedactionBox = z
  .object({
    x: Pixel,
    y: Pixel,
    width: Pixel.min(1),
    height: Pixel.min(1),
    style: RedactionStyle,
  })
  .strict();
export type RedactionBox = z.infer<typeof RedactionBox>;

/** POST /api/guides/{id}/slides/{slideId}/redact: the boxes to bake into the slide's screenshot. */
export const RedactSlideBody = z
  .object({
    boxes: z.array(RedactionBox).min(1, 'Draw at least one box.').max(MAX_REDACTION_BOXES, `At most ${MAX_REDACTION_BOXES} boxes at once.`),
  })
  .strict();
export type RedactSlideBody = z.infer<typeof RedactSlideBody>;

/**
 * The answer: every slide that showed the picture now shows the redacted one (a duplicated step
 * shares its screenshot, and the unredacted picture must not stay reachable through it).
 */
export const RedactSlideResponse = z.object({ slides: z.array(SlideDto).min(1) });
export type RedactSlideResponse = z.infer<typeof RedactSlideResponse>;

/** A box the design view suggests covering, and what capture saw there (absent: the field a value was typed in). */
export interface Suggestion extends Rect {
  kind?: SensitiveTextKind;
}

/**
 * The boxes the design view suggests for a slide: the field capture saw a value typed into, and
 * the personal data its screenshot showed (a value typed earlier, an e-mail address, a card
 * number…) that the extension did not blur already. A stored capture is read loosely: old slides
 * and uploads have none.
 */
export function suggestionsFrom(capture: unknown, image: { width?: number | null; height?: number | null }): Suggestion[] {
  const parsed = CaptureMeta.safeParse(capture);
  if (!parsed.success || !image.width || !image.height) return [];
  const size = { width: image.width, height: image.height };
  const suggested: Suggestion[] = [];
  const field = parsed.data.action === 'type' && parsed.data.box ? clampBox(parsed.data.box, size) : undefined;
  if (field) suggested.push(field);
  for (const { x, y, width, height, kind, blurred } of parsed.data.personal ?? []) {
    const box = blurred ? undefined : clampBox({ x, y, width, height }, size);
    if (box && !suggested.some((s) => covers(s, box))) suggested.push({ ...box, kind });
  }
  return suggested;
}

/** A stored capture without the suggestions applied boxes cover (they are in the picture no more). */
export function withoutCoveredBox(capture: unknown, applied: readonly Rect[]): unknown {
  const parsed = CaptureMeta.safeParse(capture);
  if (!parsed.success) return capture;
  const { box, personal, ...rest } = parsed.data;
  const boxCovered = box ? applied.some((a) => covers(a, box)) : false;
  const personalLeft = personal?.filter((p) => !applied.some((a) => covers(a, p)));
  if (!boxCovered && personalLeft?.length === personal?.length) return capture;
  return { ...rest, ...(box && !boxCovered ? { box } : {}), ...(personalLeft && personalLeft.length > 0 ? { personal: personalLeft } : {}) };
}

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/**
 * The box a drag from one point to another draws, in whole pixels, kept inside the image; undefined
 * when what is left is thinner than MIN_BOX_SIDE (a click, or a drag outside the image).
 */
export function boxFromDrag(from: { x: number; y: number }, to: { x: number; y: number }, image: { width: number; height: number }): Rect | undefined {
  return clampBox({ x: Math.min(from.x, to.x), y: Math.min(from.y, to.y), width: Math.abs(to.x - from.x), height: Math.abs(to.y - from.y) }, image);
}

/**
 * A rectangle cut to the image and rounded outwards to whole pixels (a cover never leaves a
 * sliver of a letter); undefined when less than MIN_BOX_SIDE of it is inside on either side.
 */
export function clampBox(rect: Rect, image: { width: number; height: number }): Rect | undefined {
  if (![rect.x, rect.y, rect.width, rect.height].every(Number.isFinite)) return undefined;
  const left = clamp(Math.floor(rect.x), 0, image.width);
  const top = clamp(Math.floor(rect.y), 0, image.height);
  const right = clamp(Math.ceil(rect.x + rect.width), 0, image.width);
  const bottom = clamp(Math.ceil(rect.y + rect.height), 0, image.height);
  if (right - left < MIN_BOX_SIDE || bottom - top < MIN_BOX_SIDE) return undefined;
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** A box moved (arrow keys, a drag) by whole pixels, kept whole inside the image. */
export function movedBox(box: Rect, dx: number, dy: number, image: { width: number; height: number }): Rect {
  const width = Math.min(box.width, image.width);
  const height = Math.min(box.height, image.height);
  return { x: clamp(Math.round(box.x + dx), 0, image.width - width), y: clamp(Math.round(box.y + dy), 0, image.height - height), width, height };
}

/** A box grown or shrunk from its bottom-right corner, at least MIN_BOX_SIDE and inside the image. */
export function resizedBox(box: Rect, dw: number, dh: number, image: { width: number; height: number }): Rect {
  return {
    ...box,
    width: clamp(Math.round(box.width + dw), Math.min(MIN_BOX_SIDE, image.width - box.x), image.width - box.x),
    height: clamp(Math.round(box.height + dh), Math.min(MIN_BOX_SIDE, image.height - box.y), image.height - box.y),
  };
}

/**
 * Why boxes cannot be applied to an image of this size, keyed by the field's path (the server's
 * check; the editor clamps before it sends); undefined when all are inside it.
 */
export function boxProblems(boxes: readonly Rect[], image: { width: number; height: number }): Record<string, string> | undefined {
  const problems: Record<string, string> = {};
  boxes.forEach((box, index) => {
    if (box.width <= 0 || box.height <= 0) problems[`boxes.${index}`] = 'The box has no size.';
    else if (box.x + box.width > image.width || box.y + box.height > image.height) {
      problems[`boxes.${index}`] = `The box reaches outside the ${image.width}×${image.height} screenshot.`;
    }
  });
  return Object.keys(problems).length > 0 ? problems : undefined;
}

/** Whether `outer` covers all of `inner`. */
export function covers(outer: Rect, inner: Rect): boolean {
  return outer.x <= inner.x && outer.y <= inner.y && outer.x + outer.width >= inner.x + inner.width && outer.y + outer.height >= inner.y + inner.height;
}

/** Most applied boxes a slide remembers (for its locators and a drift check's fresh screenshots). */
export const MAX_REMEMBERED_BOXES = 200;

/**
 * The boxes applied to a slide's screenshot, as the slide remembers them (read loosely: slides
 * redacted before it remembered have none), each with the size of the picture it was drawn on.
 */
export const AppliedBoxes = z.array(z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number(), imageWidth: z.number().positive(), imageHeight: z.number().positive() }));
export type AppliedBoxes = z.infer<typeof AppliedBoxes>;

export function appliedBoxesOf(value: unknown): AppliedBoxes {
  const parsed = AppliedBoxes.safeParse(value ?? []);
  return parsed.success ? parsed.data : [];
}

/**
 * Whether an applied box covers the step's element: it holds the click, or overlaps the field
 * capture saw a value typed into. What the element shows was redacted, so its words must not
 * find it (shared/locator.ts `covered`).
 */
export function coversElement(boxes: readonly Rect[], click: { x: number; y: number } | null | undefined, capture: unknown): boolean {
  const field = CaptureMeta.safeParse(capture).data?.box ?? null;
  return boxes.some(
    (b) =>
      (click && click.x >= b.x && click.x <= b.x + b.width && click.y >= b.y && click.y <= b.y + b.height) ||
      (field && field.x < b.x + b.width && b.x < field.x + field.width && field.y < b.y + b.height && b.y < field.y + field.height),
  );
}
