import * as z from 'zod';

/**
 * A guide's revision: every write of the author's content (its settings, its slides) adds one.
 * Whole-guide writes (publish, discard the draft, restore a version, a voiceover) send the
 * revision they last read as `If-Match`, so that one made from a stale copy (another tab, a
 * teammate) is refused with 412 instead of acting on what it never saw. Answers carry the revision
 * after the write as the `ETag`. Guides made before revisions existed read as revision 0.
 *
 * Edits of fields (a step's text, the guide's title) are checked per field instead (issue 27):
 * the edit names the values it was made from (`base`), and only a field someone else changed
 * since is refused, with its value now, so two authors editing different steps, or the title and
 * a step, both save.
 */
export const STALE_GUIDE_MESSAGE = 'This guide changed elsewhere — reload to see the latest version.';
export const STEP_CHANGED_MESSAGE = 'Someone else changed this step while you were editing it.';
export const GUIDE_CHANGED_MESSAGE = 'Someone else changed this guide while you were editing it.';
/** What a refused field says in the error's details. */
export const FIELD_CHANGED_MESSAGE = 'Changed by someone else.';

/** The revision as an entity tag: `"7"`. */
export function revisionTag(revision: number): string {
  return `"${revision}"`;
}

/** The revision an `If-Match` or `ETag` names (`"7"`, `W/"7"`); undefined when absent, `*`, or unreadable. */
export function revisionFromTag(value: string | null | undefined): number | undefined {
  const match = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(value ?? '');
  return match ? Number(match[1]) : undefined;
}

// Base values are only compared with what is stored, never written: read loosely (a value saved
// under an older, longer limit still names itself), but bounded.
const BaseText = z.string().max(20_000).nullable();
const BaseNumber = z.number().finite();
const BaseObject = z.record(z.string(), z.unknown());

/** The values a step's edit was made from, as the API answered them (SlideDto), one per field it changes. */
export const SlideBase = z
  .object({
    title: BaseText,
    text: BaseText,
    narration: BaseText,
    order: BaseNumber,
    zoomLevel: BaseNumber.nullable(),
    isHighlightVisible: z.boolean().nullable(),
    click: z.object({ x: BaseNumber, y: BaseNumber }).strict().nullable(),
    annotations: z.array(BaseObject).max(500),
  })
  .partial()
  .strict();
export type SlideBase = z.infer<typeof SlideBase>;

/** The values a guide's edit was made from (GuideDto), one per field it changes. */
export const GuideBase = z
  .object({
    title: BaseText,
    intro: BaseText,
    outro: BaseText,
    zoomLevel: BaseNumber,
    isHighlightVisible: z.boolean(),
    voiceId: z.string().max(200).nullable(),
    speechRate: BaseNumber,
    language: z.string().max(40),
    introCard: BaseObject.nullable(),
    outroCard: BaseObject.nullable(),
  })
  .partial()
  .strict();
export type GuideBase = z.infer<typeof GuideBase>;

/** An issue on each base value of a field the edit does not change (a base names what it edits). */
export function checkBaseFields(body: { base?: Record<string, unknown> | undefined }, ctx: z.RefinementCtx): void {
  for (const field of Object.keys(body.base ?? {})) {
    if ((body as Record<string, unknown>)[field] === undefined) ctx.addIssue({ code: 'custom', path: ['base', field], message: 'Name the value only of a field the edit changes.' });
  }
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** Whether two JSON values are the same: objects in any key order, a blank text empty or absent. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (isBlank(a) || isBlank(b)) return isBlank(a) && isBlank(b);
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameValue(item, b[i]));
  }
  if (typeof a === 'object' && typeof b === 'object') {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
    return [...keys].every((key) => sameValue(left[key], right[key]));
  }
  return Object.is(a, b);
}

/** The fields of a base whose value now is another one: someone else changed them since. */
export function changedSince(base: Record<string, unknown>, now: Record<string, unknown>): string[] {
  return Object.keys(base).filter((field) => !sameValue(base[field], now[field]));
}
