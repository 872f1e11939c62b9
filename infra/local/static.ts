import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { COMMON_SECURITY_HEADERS, pageSecurityHeaders } from '#shared/security-headers';

export const MIME_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
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

/** Vite's content-hashed output: cached for a year, as CloudFront serves it. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

async function fileAt(root: string, pathname: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const resolved = path.resolve(root, `.${path.posix.normalize(decoded)}`);
  if (resolved !== root && !resolved.startsWith(root + path.sep)) return undefined;
  try {
    const info = await stat(resolved);
    if (info.isFile()) return resolved;
    if (info.isDirectory()) {
      const index = path.join(resolved, 'index.html');
      if ((await stat(index).catch(() => undefined))?.isFile()) return index;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/**
 * Serves the SPA build like the CloudFront default behaviour over the SPA bucket: files as they
 * are, and any path without a file answered with index.html and status 200 (the distribution's
 * 403/404 error responses), so client-side routes load the app.
 */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = new URL(req.url ?? '/', 'http://local').pathname;
  const file = (await fileAt(root, pathname)) ?? path.join(root, 'index.html');
  const ext = path.extname(file);
  const info = await stat(file).catch(() => undefined);
  if (!info) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('The web app is not built: run npm run build.');
    return;
  }
  const isHtml = ext === '.html';
  res.writeHead(200, {
    'content-type': MIME_TYPES[ext] ?? 'application/octet-stream',
    'content-length': String(info.size),
    'cache-control': pathname.startsWith('/static/') ? IMMUTABLE_CACHE : 'public, max-age=0, must-revalidate',
    ...(isHtml ? pageSecurityHeaders('none') : COMMON_SECURITY_HEADERS),
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}
