import { CloudFrontClient } from '@aws-sdk/client-cloudfront';
import type { SQSEvent } from 'aws-lambda';
import * as z from 'zod';
import { defineConfig } from '../core/config';
import { CdnInvalidation } from '../domain/platform';

/**
 * Clears deleted assets from CloudFront's caches: the asset bucket's "Object Deleted" events, in
 * batches from its queue (infra/cdk/constructs/asset-invalidation.ts), one invalidation a batch.
 * A failure fails the batch, which the queue delivers again (then to its dead-letter queue).
 */
const config = defineConfig({ DISTRIBUTION_ID: z.string().min(1) });

let client: CloudFrontClient | undefined;

export async function handler(event: SQSEvent): Promise<void> {
  const paths = CdnInvalidation.pathsToInvalidate(event.Records.map((record) => record.body));
  if (paths.length === 0) return;
  client ??= new CloudFrontClient({});
  await CdnInvalidation.invalidate(client, config().DISTRIBUTION_ID, paths);
}
