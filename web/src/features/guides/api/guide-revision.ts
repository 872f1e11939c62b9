import { revisionFromTag, revisionTag } from '#shared/revision';

/**
 * The revision of each guide open in the design view, as this page last saw it (a read of the
 * guide, or the ETag of its own write). The design view's writes send it as `If-Match`, so a
 * write made from a copy another tab or teammate has changed since is refused (412) rather than
 * overwriting what this page never showed. Only while the design view tracks a guide: the lists'
 * quick actions (rename, move) hold no copy of the content to be stale.
 */
const known = new Map<string, number>();
const tracked = new Map<string, number>();
/** guides whose page has been told it is stale: it keeps its old revision until it reloads */
const frozen = new Set<string>();

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
      frozen.delete(guideId);
    }
  };
}

/** A revision seen; revisions only grow, so an older answer arriving late changes nothing. */
export function noteRevision(guideId: string, revision: number | undefined): void {
  if (revision === undefined || !tracked.has(guideId) || frozen.has(guideId)) return;
  known.set(guideId, Math.max(known.get(guideId) ?? 0, revision));
}

/**
 * A write was refused as stale: the page keeps the revision it had, so that every further write
 * from its stale fields (a draft saved on blur, a refetch meanwhile notwithstanding) is refused
 * too, until the page reloads and shows the latest version.
 */
export function freezeRevision(guideId: string): void {
  frozen.add(guideId);
}

/** The request options of a write of the guide's content: its If-Match, and the ETag read back. */
export function revisionOptions(guideId: string): { headers: Record<string, string>; onResponse: (response: Response) => void } {
  const revision = tracked.has(guideId) ? known.get(guideId) : undefined;
  return {
    headers: revision === undefined ? {} : { 'if-match': revisionTag(revision) },
    onResponse: (response) => noteRevision(guideId, revisionFromTag(response.headers.get('etag'))),
  };
}
