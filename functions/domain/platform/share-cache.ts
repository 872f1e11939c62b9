import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import { CDN_INVALIDATION_QUEUE_ENV } from '#shared/workers';
import { awsConfig } from '../../core/config';
import { logger } from '../../core/logger';
import { db } from '../../db/service';

/**
 * A public guide's share answer (GET /api/share/{id}) is the same for every viewer until its
 * author publishes, unpublishes, changes its visibility, redacts a published picture or renames
 * the organisation: CloudFront keeps it this long (s-maxage), and each of those changes clears it
 * (below), so a million views cost about as many origin requests as there are changes (a plan
 * that starts or ends clears its organisations' too: billing.ts).
 */
export const SHARE_CDN_SECONDS = 3_600;

/** Public guides: a minute in browsers, an hour in CloudFront (cleared on change). Private ones and refusals never. */
export const PUBLIC_SHARE_CACHE = `public, max-age=60, s-maxage=${SHARE_CDN_SECONDS}, stale-while-revalidate=300`;

/**
 * A public guide published before versions: viewers see its live steps, which every edit changes
 * and none clears, so CloudFront keeps it a minute, as browsers do.
 */
export const LIVE_SHARE_CACHE = 'public, max-age=60, s-maxage=60';


/** A guide's share answers in every language (`?lang=` is in the key): one wildcard path. */
export function shareApiPath(guideId: string): string {
  return `/api/share/${guideId}*`;
}

type LocalSink = (paths: readonly string[]) => void;
let localSink: LocalSink | undefined;

/** The local CloudFront stand-in's log of invalidations (infra/local/server.ts); undefined removes it. */
export function setLocalInvalidationSink(sink: LocalSink | undefined): void {
  localSink = sink;
}

let sqsClient: SQSClient | undefined;

/**
 * Clears guides' share answers from CloudFront: a message `{ "paths": [...] }` to the
 * invalidation function's queue, which gathers a batch into one invalidation. Locally, the
 * stand-in logs the paths. A failure is logged, not thrown: the change itself is saved, and the
 * stale answer ends within SHARE_CDN_SECONDS.
 */
export async function clearShared(guideIds: readonly string[]): Promise<void> {
  if (guideIds.length === 0) return;
  const paths = [...new Set(guideIds)].map(shareApiPath);
  const queueUrl = process.env[CDN_INVALIDATION_QUEUE_ENV];
  if (!queueUrl) {
    localSink?.(paths);
    return;
  }
  try {
    sqsClient ??= new SQSClient({ region: awsConfig().AWS_REGION, maxAttempts: 3, requestHandler: { connectionTimeout: 2_000, requestTimeout: 5_000 } });
    await sqsClient.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify({ paths }) }));
  } catch (error) {
    logger.error('share answers not cleared from CloudFront', { guideIds, error });
  }
}

/** Clears every published guide of an organisation (its name shows on each share page). */
export async function clearOrganization(orgId: string): Promise<void> {
  const { data } = await db().entities.guide.query.byOrg({ orgId }).go({ pages: 'all', attributes: ['guideId', 'status'] });
  await clearShared(data.filter((guide) => guide.status === 'published').map((guide) => guide.guideId));
}
