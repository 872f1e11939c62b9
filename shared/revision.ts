/**
 * A guide's revision: every write of the author's content (its settings, its slides) adds one.
 * The design view sends the revision it last read as `If-Match`, so that a write made from a
 * stale copy (another tab, a teammate) is refused with 412 instead of overwriting what it never
 * saw. Answers carry the revision after the write as the `ETag`. Guides made before revisions
 * existed read as revision 0.
 */
export const STALE_GUIDE_MESSAGE = 'This guide changed elsewhere — reload to see the latest version.';

/** The revision as an entity tag: `"7"`. */
export function revisionTag(revision: number): string {
  return `"${revision}"`;
}

/** The revision an `If-Match` or `ETag` names (`"7"`, `W/"7"`); undefined when absent, `*`, or unreadable. */
export function revisionFromTag(value: string | null | undefined): number | undefined {
  const match = /^\s*(?:W\/)?"(\d{1,15})"\s*$/.exec(value ?? '');
  return match ? Number(match[1]) : undefined;
}
