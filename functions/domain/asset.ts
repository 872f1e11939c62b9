import { createHash } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { bucketConfig } from '../core/config';
import { s3 } from '../db/client';

export const IMAGE_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type ImageContentType = keyof typeof IMAGE_EXTENSIONS;

/** Where an organisation's guide assets live; the key prefix is what upload policies are bound to. */
export function guidePrefix(orgId: string, guideId: string): string {
  return `orgs/${orgId}/guides/${guideId}/`;
}

/** A content-addressed key: the same bytes always get the same key, so URLs cache forever. */
export function contentKey(prefix: string, body: Uint8Array, extension: string): string {
  const digest = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return `${prefix}${digest}.${extension}`;
}

/** The public URL of an asset key: same origin, under /assets (spec §3). */
export function assetUrl(key: string): string {
  return `/assets/${key.split('/').map(encodeURIComponent).join('/')}`;
}

export async function put(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: bucketConfig().BUCKET_NAME, Key: key, Body: body, ContentType: contentType }));
}
