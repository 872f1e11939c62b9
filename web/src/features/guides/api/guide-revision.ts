import { revisionFromTag, revisionTag } from '#shared/revision';

/**
 * The revision of each guide open in the design view, as this page last saw it (a read of the
 * guide, the presence poll, or the ETag of its own write). Whole-guide writes (publish, discard
 * the draft, restore a version, rewrite all step text) send it as `If-Match`, so one made from a
 * copy another tab or teammate has changed since is refused (412) rather than acting on what this
 * page never showed. Edits of a step or of a field are checked per field instead (`base`, see
 * shared/revision.ts): they send no `If-Match`, so a teammate's edit elsewhere never refuses them.
 * Only while the design view tracks a guide: the lists' quick actions hold no copy to be stale.
 */
const known = new Map<string, number>();
const tracked = new Map<string, number>();

/** The design view tracks its guide while it is open, from the revision it shows; answers the call that stops it. */
export function trackRevision(guideId: string, shown: number | undefined): () => void {
  tracked.set(guideId, (tracked.get(guideId) ?? 0) + 1);
  noteRevision(guideId, shown);
  return () => {
    const count = (tracked.get(guideId) ?? 1) - 1;
    if (count > 0) tracked.set(guideId, count);
    else {
      tracked.delete(guideId);
      known.delete(guideId);
    }
  };
}

/** A revision seen; revisions only grow, so an older answer arriving late changes nothing. */
export function noteRevision(guideId: string, revision: number | undefined): void {
  if (revision === undefined || !tracked.has(guideId)) return;
  known.set(guideId, Math.max(known.get(guideId) ?? 0, revision));
}

/** The revision this page last saw of a guide it tracks. */
export function knownRevision(guideId: string): number | undefined {
  return tracked.has(guideId) ? known.get(guideId) : undefined;
}

/** The request options of a whole-guide write: its If-Match, and the ETag read back. */
export function revisionOptions(guideId: string): { headers: Record<string, string>; onResponse: (response: Response) => void } {
  const revision = knownRevision(guideId);
  return {
    headers: revision === undefined ? {} : { 'if-match': revisionTag(revision) },
    onResponse: (response) => noteRevision(guideId, revisionFromTag(response.headers.get('etag'))),
  };
}

/** The request options of an edit of one step or field: no If-Match (it is checked per field), the ETag read back. */
export function stepWriteOptions(guideId: string): { onResponse: (response: Response) => void } {
  return { onResponse: (response) => noteRevision(guideId, revisionFromTag(response.headers.get('etag'))) };
}
