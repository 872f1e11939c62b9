import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { awsConfig, bucketConfig } from '../../core/config';
import { tracer } from '../../core/tracer';
import { MAX_ATTEMPTS } from '../../db/client';

/**
 * The asset bucket: the one module that talks to S3 (s3rver locally). Objects are named by their
 * stored key; which key a guide's asset is stored at (its visibility's place) is asset.ts's rule.
 */

/** s3rver accepts any key; AWS uses the function's role. */
const LOCAL_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let s3Client: S3Client | undefined;

function s3(): S3Client {
  if (!s3Client) {
    const { AWS_REGION, S3_ENDPOINT } = awsConfig();
    s3Client = tracer.captureAWSv3Client(
      new S3Client({
        region: AWS_REGION,
        maxAttempts: MAX_ATTEMPTS,
        // Uploads and copies of large objects need longer than a table read.
        requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000, throwOnRequestTimeout: true },
        // s3rver stores aws-chunked bodies verbatim unless checksums are only sent when required.
        requestChecksumCalculation: 'WHEN_REQUIRED',
        responseChecksumValidation: 'WHEN_REQUIRED',
        ...(S3_ENDPOINT ? { endpoint: S3_ENDPOINT, forcePathStyle: true, credentials: LOCAL_CREDENTIALS } : {}),
      }),
    );
  }
  return s3Client;
}

const bucket = () => bucketConfig().BUCKET_NAME;

/** The SDK's answer for a key that is not there (GET says NoSuchKey, HEAD only a 404). */
export function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
}

export async function put(key: string, body: Uint8Array, contentType: string): Promise<void> {
  await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: contentType }));
}

/** An object's bytes; a missing one throws the SDK's NoSuchKey. */
export async function read(key: string): Promise<Uint8Array> {
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return object.Body!.transformToByteArray();
}

/** An object's stored size and type, without its bytes; undefined when it is not there. */
export async function head(key: string): Promise<{ contentLength: number | undefined; contentType: string | undefined } | undefined> {
  try {
    const answer = await s3().send(new HeadObjectCommand({ Bucket: bucket(), Key: key }));
    return { contentLength: answer.ContentLength, contentType: answer.ContentType };
  } catch (error) {
    if (isMissing(error)) return undefined;
    throw error;
  }
}

export async function remove(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: bucket(), Key: key }));
}

export async function copy(from: string, to: string): Promise<void> {
  const Bucket = bucket();
  await s3().send(new CopyObjectCommand({ Bucket, Key: to, CopySource: `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}` }));
}

/** Every stored key under a prefix. */
export async function listKeys(prefix: string): Promise<string[]> {
  const Bucket = bucket();
  const keys: string[] = [];
  let ContinuationToken: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
    keys.push(...(page.Contents ?? []).map((o) => o.Key!));
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return keys;
}

/** Deletes every object under a prefix, a thousand per request (S3's limit). */
export async function removePrefix(prefix: string): Promise<void> {
  const Bucket = bucket();
  const keys = await listKeys(prefix);
  for (let i = 0; i < keys.length; i += 1000) {
    await s3().send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.slice(i, i + 1000).map((Key) => ({ Key })), Quiet: true } }));
  }
}

export interface SignedGetOptions {
  contentType: string;
  /** `attachment`, with a file name or without; absent: the browser's default for the type */
  disposition?: string;
  cacheControl: string;
  expiresIn: number;
}

/** A presigned GET whose answer carries the given headers, whatever the stored object says. */
export async function signedGetUrl(key: string, options: SignedGetOptions): Promise<string> {
  const command = new GetObjectCommand({
    Bucket: bucket(),
    Key: key,
    ResponseContentType: options.contentType,
    ResponseCacheControl: options.cacheControl,
    ...(options.disposition ? { ResponseContentDisposition: options.disposition } : {}),
  });
  return getSignedUrl(s3(), command, { expiresIn: options.expiresIn });
}

/** A presigned POST of one object straight from a browser, limited by the policy's conditions. */
export async function signedPost(
  key: string,
  options: { conditions: NonNullable<PresignedPostOptions['Conditions']>; fields: Record<string, string>; expiresIn: number },
): Promise<{ url: string; fields: Record<string, string> }> {
  return createPresignedPost(s3(), { Bucket: bucket(), Key: key, Conditions: options.conditions, Fields: options.fields, Expires: options.expiresIn });
}

/** The bucket answers (the health check's probe). */
export async function checkBucket(): Promise<void> {
  await s3().send(new HeadBucketCommand({ Bucket: bucket() }));
}
