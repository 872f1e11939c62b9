import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { COMMON_SECURITY_HEADERS } from '#shared/security-headers';
import { IMMUTABLE_CACHE } from './static';

/**
 * /assets/{key} from the asset bucket, as the CloudFront /assets/* behaviour serves it: asset keys
 * are content-addressed, so every answer caches for a year; nosniff so an upload is never run
 * as another type; byte ranges for audio and video.
 */
export async function serveAsset(s3: S3Client, bucket: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = new URL(req.url ?? '/', 'http://local').pathname;
  let key: string;
  try {
    key = decodeURIComponent(pathname.slice('/assets/'.length));
  } catch {
    key = '';
  }
  const notFound = () => {
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...COMMON_SECURITY_HEADERS });
    res.end('Not found');
  };
  if (!key || key.includes('..')) return notFound();
  const range = typeof req.headers.range === 'string' ? req.headers.range : undefined;
  try {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...(range ? { Range: range } : {}) }));
    const headers: Record<string, string> = {
      'content-type': object.ContentType ?? 'application/octet-stream',
      'cache-control': IMMUTABLE_CACHE,
      'accept-ranges': 'bytes',
      ...COMMON_SECURITY_HEADERS,
    };
    if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
    if (object.ETag) headers['etag'] = object.ETag;
    if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
    if (object.ContentRange) headers['content-range'] = object.ContentRange;
    res.writeHead(object.ContentRange ? 206 : 200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    (object.Body as Readable).pipe(res);
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || name === 'AccessDenied') return notFound();
    if (name === 'InvalidRange') {
      res.writeHead(416, { 'cache-control': 'no-store', ...COMMON_SECURITY_HEADERS });
      res.end();
      return;
    }
    res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...COMMON_SECURITY_HEADERS });
    res.end('The asset store is unavailable.');
  }
}
