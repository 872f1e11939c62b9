/**
 * The parsing half of share links, apart from `link.ts` (which re-exports it) because
 * building a link needs the slug library and reading one does not: the guide embed loads this on
 * other sites and must stay small.
 */

/** Guide ids are 12 characters (product-spec.md §9); the share segment ends with one. */
export const GUIDE_ID_LENGTH = 12;

/**
 * The guide id of a share segment: its last 12 characters. A shorter segment throws an error
 * with no message (product-spec.md §5).
 */
export function guideIdFromSegment(segment: string): string {
  const id = segment.slice(-GUIDE_ID_LENGTH);
  if (id.length !== GUIDE_ID_LENGTH) throw new Error();
  return id;
}
