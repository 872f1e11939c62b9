import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { ASSET_HEADERS } from '../cdk/behaviours';
import { ASSET_CACHE_CONTROL_SOURCE, viewerResponseFunction } from '../cdk/cloudfront-functions';

const assetCacheControl = viewerResponseFunction(ASSET_CACHE_CONTROL_SOURCE);

/**
 * What CloudFront adds on /assets/* to the bucket's answer: the behaviour's response headers
 * policy (overriding), then its viewer-response function (immutable caching of found assets).
 */
function cloudFrontHeaders(status: number, origin: Record<string, string>): Record<string, string> {
  const headers = Object.entries({ ...origin, ...ASSET_HEADERS }).map(([name, value]) => [name, { value }] as const);
  const response = assetCacheControl({ statusCode: status, headers: Object.fromEntries(headers) });
  return Object.fromEntries(Object.entries(response.headers).map(([name, { value }]) => [name, value]));
}

function reply(res: ServerResponse, status: number, origin: Record<string, string>, body?: string): void {
  res.writeHead(status, cloudFrontHeaders(status, origin));
  res.end(body);
}

/**
 * /assets/{key} from the asset bucket, as the CloudFront /assets/* behaviour serves it: the same
 * headers (nosniff and the page CSP, so an upload is never run as another type), a year of
 * caching for found assets only, and byte ranges for audio and video.
 */
export async function serveAsset(s3: S3Client, bucket: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = new URL(req.url ?? '/', 'http://local').pathname;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice('/assets/'.length));
  } catch {
    key = '';
  }
  const body = (text: string) => (req.method === 'HEAD' ? undefined : text);
  const notFound = () => reply(res, 404, { 'content-type': 'text/plain; charset=utf-8' }, body('Not found'));
  if (!key || key.includes('..')) return notFound();
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
    res.writeHead(status, cloudFrontHeaders(status, headers));
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    (object.Body as Readable).pipe(res);
  } catch (error) {
    const name = error instanceof Error ? error.name : undefined;
    if (name === 'NoSuchKey' || name === 'NotFound' || name === 'AccessDenied') return notFound();
    if (name === 'InvalidRange') return reply(res, 416, {});
    reply(res, 502, { 'content-type': 'text/plain; charset=utf-8' }, body('The asset store is unavailable.'));
  }
}
