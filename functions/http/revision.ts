import { revisionFromTag, revisionTag } from '#shared/revision';
import { Reply, type ApiEvent } from '../core/http';

/** The revision a write was made from: its `If-Match` (none: the write is not checked, e.g. capture appending). */
export function expectedRevision(event: ApiEvent): number | undefined {
  return revisionFromTag(event.headers?.['if-match']);
}

/** An answer that carries the guide's revision after the write, as its ETag. */
export function revised(statusCode: number, body: unknown, revision: number): Reply {
  return new Reply(statusCode, body, { etag: revisionTag(revision) });
}
