import { createHash, randomBytes } from 'node:crypto';
import { CopyObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { MAX_SCREENSHOT_BYTES, type ScreenshotContentType, type UploadDto } from '#shared/guides';
import { bucketConfig } from '../core/config';
import { s3 } from '../db/client';

export const IMAGE_EXTENSIONS = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const;
export type ImageContentType = keyof typeof IMAGE_EXTENSIONS;

/** A presigned upload is good for this long: enough for a slow connection, not for reuse. */
export const UPLOAD_EXPIRY_SECONDS = 300;

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

/**
 * A presigned POST for one screenshot straight from the browser to S3: exact content type,
 * 1 byte to 10 MB, one server-chosen key under the guide's prefix (never reused, so it caches
 * forever like a content hash), five minutes to use it.
 */
export async function presignScreenshot(orgId: string, guideId: string, contentType: ScreenshotContentType, contentLength: number): Promise<UploadDto> {
  const key = `${guidePrefix(orgId, guideId)}${randomBytes(16).toString('base64url')}.${IMAGE_EXTENSIONS[contentType]}`;
  const { url, fields } = await createPresignedPost(s3(), {
    Bucket: bucketConfig().BUCKET_NAME,
    Key: key,
    Conditions: [
      ['content-length-range', 1, Math.min(contentLength, MAX_SCREENSHOT_BYTES)],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_EXPIRY_SECONDS,
  });
  return { url, fields, key };
}

/** Deletes every object under a prefix (a guide's or an organisation's assets). */
export async function removePrefix(prefix: string): Promise<void> {
  const Bucket = bucketConfig().BUCKET_NAME;
  let ContinuationToken: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
    const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
    if (keys.length > 0) await s3().send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
}

export async function removeKey(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucketConfig().BUCKET_NAME, Key: key }));
}

/** Copies an asset to a new guide's prefix (duplicating a guide), keeping its file name. */
export async function copyTo(key: string, prefix: string): Promise<string> {
  const Bucket = bucketConfig().BUCKET_NAME;
  const target = `${prefix}${key.slice(key.lastIndexOf('/') + 1)}`;
  await s3().send(new CopyObjectCommand({ Bucket, Key: target, CopySource: `${Bucket}/${key.split('/').map(encodeURIComponent).join('/')}` }));
  return target;
}
