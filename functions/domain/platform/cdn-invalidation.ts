import { createHash } from 'node:crypto';
import { CreateInvalidationCommand, type CloudFrontClient } from '@aws-sdk/client-cloudfront';
import * as z from 'zod';
import { PENDING_UPLOAD_PREFIX, PRIVATE_ASSET_PREFIX } from '#shared/assets';
import { GUIDE_ID_LENGTH } from '#shared/share/link';

/**
 * CloudFront keeps what `/assets/*` served for a year (immutable, content-addressed), so an object
 * deleted from the bucket (a screenshot replaced by its redacted copy, a deleted step's picture
 * parked, a private guide's assets moved) could still be served from an edge cache. The bucket
 * sends its deletions to EventBridge; they reach this module in batches through a queue, and each
 * batch becomes one invalidation: one wildcard path per guide whose assets it deletes (CloudFront
 * bills a wildcard as one path, and a deleted guide removes hundreds of objects), the exact path
 * of anything else. Lifecycle expirations are skipped: the rules expire old versions, orphaned
 * delete markers and pending uploads, none of which /assets serves. Locally there is no CDN to clear.
 *
 * The API sends the same queue `{ "paths": [...] }`: the share answers of guides that changed
 * (functions/domain/platform/share-cache.ts), one wildcard path a guide; any other path is skipped.
 */

/** The part of an S3 "Object Deleted" event (EventBridge) this module reads. */
export const ObjectDeleted = z.object({
  'detail-type': z.literal('Object Deleted'),
  detail: z.object({
    object: z.object({ key: z.string().min(1) }),
    /** `DeleteObject` (a request) or `Lifecycle Expiration` (a rule of the bucket) */
    reason: z.string().optional(),
  }),
});

/** The reason S3 gives a deletion made by the bucket's lifecycle rules. */
export const LIFECYCLE_EXPIRATION = 'Lifecycle Expiration';

// `orgs/{orgId}/guides/{guideId}/…`: the guide's own prefix (functions/domain/platform/asset.ts, guidePrefix).
const GUIDE_KEY = /^(orgs\/[^/]+\/guides\/[^/]+\/)./;

/** The most paths one CreateInvalidation takes. */
export const MAX_PATHS_PER_INVALIDATION = 3_000;

/** A message from the API: share answers to clear. */
const SharePaths = z.object({ paths: z.array(z.string()).max(MAX_PATHS_PER_INVALIDATION) });
/** A guide's share answers, every language: the only path an API message may name. */
const SHARE_API_PATH = new RegExp(`^/api/share/[A-Za-z0-9]{${GUIDE_ID_LENGTH}}\\*$`);

/** The URL path CloudFront serves an object of the asset bucket at (its key as a URL path under /assets/). */
export function assetPath(objectKey: string): string {
  // S3 event keys arrive URL-encoded with `+` for spaces; a path names each segment encoded once.
  const key = decodeURIComponent(objectKey.replace(/\+/g, ' '));
  return `/assets/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/**
 * Whether CloudFront can have served the object: pending uploads and private guides' assets are
 * never served at /assets (its function and the bucket policy refuse them), so their deletions
 * (every unclaimed upload, daily) cost no invalidation.
 */
function servedAtAssets(objectKey: string): boolean {
  return !objectKey.startsWith(PENDING_UPLOAD_PREFIX) && !objectKey.startsWith(PRIVATE_ASSET_PREFIX);
}

/** The path that clears an object: its guide's assets as one wildcard, else the object's own path. */
export function invalidationPath(objectKey: string): string {
  // Matched on the key as the event spells it (URL-encoded, `/` kept), which assetPath decodes once.
  const guide = GUIDE_KEY.exec(objectKey);
  return guide ? `${assetPath(guide[1]!)}*` : assetPath(objectKey);
}

/** The distinct paths to clear for a batch of queue messages, each an EventBridge event; others are skipped. */
export function pathsToInvalidate(bodies: readonly string[]): string[] {
  const paths = new Set<string>();
  for (const body of bodies) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      continue;
    }
    const share = SharePaths.safeParse(parsed);
    if (share.success) {
      for (const path of share.data.paths) if (SHARE_API_PATH.test(path)) paths.add(path);
      continue;
    }
    const event = ObjectDeleted.safeParse(parsed);
    if (!event.success || event.data.detail.reason === LIFECYCLE_EXPIRATION) continue;
    if (servedAtAssets(event.data.detail.object.key)) paths.add(invalidationPath(event.data.detail.object.key));
  }
  return [...paths];
}

/** Clears the paths from the distribution's caches, in as few invalidations as CloudFront allows. */
export async function invalidate(client: Pick<CloudFrontClient, 'send'>, distributionId: string, paths: readonly string[]): Promise<number> {
  let sent = 0;
  for (let start = 0; start < paths.length; start += MAX_PATHS_PER_INVALIDATION) {
    const items = paths.slice(start, start + MAX_PATHS_PER_INVALIDATION);
    // The same paths delivered again make the same reference: CloudFront answers the invalidation
    // it already has instead of clearing twice.
    const reference = createHash('sha256').update(items.join('\n')).digest('base64url').slice(0, 32);
    await client.send(
      new CreateInvalidationCommand({
        DistributionId: distributionId,
        InvalidationBatch: { CallerReference: reference, Paths: { Quantity: items.length, Items: items } },
      }),
    );
    sent++;
  }
  return sent;
}
