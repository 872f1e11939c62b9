import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  IMMUTABLE_CACHE_CONTROL,
  REVALIDATE_CACHE_CONTROL,
  SITE_HEADERS,
  SPA_BUNDLE_DIR,
  UNDEPLOYED_SITE_FILES,
} from '../cdk/behaviours';
import { SPA_FALLBACK_SOURCE, viewerRequestFunction } from '../cdk/cloudfront-functions';

export const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.zip': 'application/zip',
};

const spaFallback = viewerRequestFunction(SPA_FALLBACK_SOURCE);

/** A deployment exclude glob (`*.map`) as a test of a file name, which it matches at any depth. */
function globToRegExp(glob: string): RegExp {
  const escaped = glob.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${escaped.join('[^/]*')}$`);
}
const UNDEPLOYED = UNDEPLOYED_SITE_FILES.map(globToRegExp);

/** The build's file for a URL path, as the SPA bucket holds it: none outside the root or never deployed. */
async function deployedFile(root: string, uri: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(uri);
  } catch {
    return undefined;
  }
  const resolved = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (!resolved.startsWith(root + path.sep)) return undefined;
  if (UNDEPLOYED.some((pattern) => pattern.test(path.basename(resolved)))) return undefined;
  const info = await stat(resolved).catch(() => undefined);
  return info?.isFile() ? resolved : undefined;
}

/**
 * Serves the SPA build like the CloudFront default behaviour over the SPA bucket, running the
 * same viewer-request function: a path whose last segment has no dot is a client-side route and
 * gets /index.html; any other path is a file, and a missing one is a plain 404 (never the shell,
 * so a stale script URL fails loudly). Every answer carries the page headers CloudFront adds,
 * and files the cache-control the deployment stores with them.
 */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = new URL(req.url ?? '/', 'http://local').pathname;
  const { uri } = spaFallback({ uri: pathname, headers: {} });
  const file = await deployedFile(root, uri);
  if (!file) {
    if (uri === '/index.html') {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...SITE_HEADERS });
      res.end('The web app is not built: run npm run build.');
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...SITE_HEADERS });
    res.end(req.method === 'HEAD' ? undefined : 'Not found');
    return;
  }
  const info = await stat(file);
  res.writeHead(200, {
    'content-type': MIME_TYPES[path.extname(file)] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'cache-control': uri.startsWith(`/${SPA_BUNDLE_DIR}/`) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
    ...SITE_HEADERS,
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
