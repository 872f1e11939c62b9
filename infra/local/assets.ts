import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { PENDING_UPLOAD_EXPIRY_DAYS, PENDING_UPLOAD_PREFIX } from '#shared/assets';
import { ASSET_HEADERS } from '../cdk/behaviours';
import { ASSET_CACHE_CONTROL_SOURCE, STRIP_ASSETS_PREFIX_SOURCE, viewerRequestOrResponse, viewerResponseFunction } from '../cdk/cloudfront-functions';

const assetRequest = viewerRequestOrResponse(STRIP_ASSETS_PREFIX_SOURCE);
const assetResponse = viewerResponseFunction(ASSET_CACHE_CONTROL_SOURCE);

/**
 * What CloudFront adds on /assets/* to the bucket's answer: the behaviour's response headers
 * policy (overriding), then its viewer-response function (immutable caching and the type of the
 * key's extension for found assets).
 */
function cloudFrontHeaders(status: number, origin: Record<string, string>, uri: string): Record<string, string> {
  const headers = Object.entries({ ...origin, ...ASSET_HEADERS }).map(([name, value]) => [name, { value }] as const);
  const response = assetResponse({ statusCode: status, headers: Object.fromEntries(headers) }, { uri, headers: {} });
  return Object.fromEntries(Object.entries(response.headers).map(([name, { value }]) => [name, value]));
}

function reply(res: ServerResponse, status: number, origin: Record<string, string>, uri: string, body?: string): void {
  res.writeHead(status, cloudFrontHeaders(status, origin, uri));
  res.end(body);
}

/**
 * /assets/{key} from the asset bucket, as the CloudFront /assets/* behaviour serves it: the same
 * viewer-request function (pending uploads, private guides' assets and malformed keys are a 404
 * without reaching the bucket), the same headers (the type of the key's extension, nosniff and a
 * sandboxing CSP, so an upload is never run as another type), a year of caching for found assets
 * only, and byte ranges for audio and video.
 */
export async function serveAsset(s3: S3Client, bucket: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  const body = (text: string) => (req.method === 'HEAD' ? undefined : text);
  const routed = assetRequest({ uri: pathname, headers: {} });
  if ('statusCode' in routed) {
    const headers = Object.fromEntries(Object.entries(routed.headers).map(([name, { value }]) => [name, value]));
    res.writeHead(routed.statusCode, { ...headers, 'content-type': 'text/plain; charset=utf-8', ...ASSET_HEADERS });
    res.end(body('Not found'));
    return;
  }
  const uri = routed.uri;
  let key: string;
  try {
    key = decodeURIComponent(uri.slice(1));
  } catch {
    key = '';
  }
  const notFound = () => reply(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, uri, body('Not found'));
  if (!key) return notFound();
  const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: range } : {}) }));
    const headers: Record<string, string> = {
      'content-type': object.ContentType ?? 'application/octet-stream',
      'accept-ranges': 'bytes',
    };
    if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
    if (object.ETag) headers['etag'] = object.ETag;
    if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
    if (object.ContentRange) headers['content-range'] = object.ContentRange;
    const status = object.ContentRange ? 206 : 200;
    res.writeHead(status, cloudFrontHeaders(status, headers, uri));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    (object.Body as Readable).pipe(res);
  } catch (error) {
    const name = error instanceof Error ? error.name : undefined;
    if (name === 'NoSuchKey' || name === 'NotFound' || name === 'AccessDenied') return notFound();
    if (name === 'InvalidRange') return reply(res, 416, {}, uri);
    reply(res, 502, { 'content-type': 'text/plain; charset=utf-8' }, uri, body('The asset store is unavailable.'));
  }
}

/**
 * The bucket's lifecycle rule, run by the local server: uploads still pending (no slide claimed
 * them) are deleted once older than PENDING_UPLOAD_EXPIRY_DAYS, as S3 expires them in AWS.
 */
export async function expirePendingUploads(s3: S3Client, bucket: string, now = Date.now()): Promise<number> {
  const cutoff = now - PENDING_UPLOAD_EXPIRY_DAYS * 24 * 60 * 60 * 1000;
  let removed = 0;
  let ContinuationToken: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: PENDING_UPLOAD_PREFIX, ContinuationToken }));
    const old = (page.Contents ?? []).filter((o) => o.Key && o.LastModified && o.LastModified.getTime() < cutoff).map((o) => ({ Key: o.Key! }));
    if (old.length > 0) await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: old, Quiet: true } }));
    removed += old.length;
    ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (ContinuationToken);
  return removed;
}

/** Runs the lifecycle rule at start and every hour, as S3 applies it about daily; answers a stop. */
export function startPendingUploadExpiry(s3: S3Client, bucket: string): () => void {
  const run = () => expirePendingUploads(s3, bucket).catch((error: unknown) => console.error('pending upload expiry failed', error));
  void run();
  const timer = setInterval(() => void run(), 60 * 60 * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
