import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import {
  IMMUTABLE_CACHE_CONTROL,
  REVALIDATE_CACHE_CONTROL,
  SPA_BUNDLE_DIR,
  UNDEPLOYED_SITE_FILES,
  siteHeaders,
} from '../cdk/behaviours';
import {
  DEFAULT_SHELL,
  NOT_FOUND_SHELL,
  NOT_FOUND_STATUS_SOURCE,
  PRERENDERED_MANIFEST,
  PRERENDERED_SHELL,
  parsePrerenderedManifest,
  spaFallbackSource,
  viewerRequestFunction,
  viewerResponseFunction,
  type ViewerRequest,
} from '../cdk/cloudfront-functions';

const notFoundStatus = viewerResponseFunction(NOT_FOUND_STATUS_SOURCE);

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

interface SpaFallback {
  /** the manifest's mtime and size when the code was made, or 'none' */
  version: string;
  run: (request: ViewerRequest) => ViewerRequest;
}
const spaFallbacks = new Map<string, SpaFallback>();

/**
 * The SPA fallback function of a build folder, generated as the web stack generates it at synth:
 * its code holds the build's prerendered pages, so it is made again whenever prerendered.json
 * changes (one stat per request; a new build shows without a restart).
 */
async function spaFallbackFor(root: string): Promise<SpaFallback['run']> {
  const manifest = path.join(root, PRERENDERED_MANIFEST);
  const info = await stat(manifest).catch(() => undefined);
  const version = info ? `${info.mtimeMs}:${info.size}` : 'none';
  const cached = spaFallbacks.get(root);
  if (cached?.version === version) return cached.run;
  const pages = info ? parsePrerenderedManifest(await readFile(manifest, 'utf8'), manifest) : [];
  const run = viewerRequestFunction(spaFallbackSource(pages, manifest));
  spaFallbacks.set(root, { version, run });
  return run;
}

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
  const relative = path.relative(root, resolved).split(path.sep).join('/');
  if (UNDEPLOYED.some((pattern) => pattern.test(path.basename(resolved)) || pattern.test(relative))) return undefined;
  const info = await stat(resolved).catch(() => undefined);
  return info?.isFile() ? resolved : undefined;
}

/**
 * Serves the SPA build like the CloudFront default behaviour over the SPA bucket, running the
 * same viewer-request function: a path whose last segment has no dot is a page, its prerendered
 * file when the build has one and the SPA shell otherwise; any other path is a file, and a missing
 * one is a plain 404 (never the shell, so a stale script URL fails loudly). Every answer carries
 * the page headers CloudFront adds (the CSP allowing UPLOAD_ORIGIN, read per request as the
 * local stack sets it), and files the cache-control the deployment stores with them.
 */
export async function serveStatic(root: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = new URL(req.url ?? '/', 'http://local').pathname;
  const spaFallback = await spaFallbackFor(root);
  const { uri } = spaFallback({ uri: pathname, headers: {} });
  const headers = siteHeaders(process.env.UPLOAD_ORIGIN);
  // A build older than the not-found shell: its plain shell stands in (still answered 404).
  const file = (await deployedFile(root, uri)) ?? (uri === NOT_FOUND_SHELL ? ((await deployedFile(root, PRERENDERED_SHELL)) ?? (await deployedFile(root, DEFAULT_SHELL))) : undefined);
  if (!file) {
    if (uri === DEFAULT_SHELL || uri === PRERENDERED_SHELL || uri === NOT_FOUND_SHELL) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...headers });
      res.end('The web app is not built: run npm run build.');
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    res.end(req.method === 'HEAD' ? undefined : 'Not found');
    return;
  }
  const info = await stat(file);
  // The default behaviour's viewer-response function: the not-found shell answers 404.
  const status = notFoundStatus({ statusCode: 200, headers: {} }, { uri, headers: {} }).statusCode;
  const contentType = MIME_TYPES[path.extname(file)] ?? 'application/octet-stream';
  const cacheControl = uri.startsWith(`/${SPA_BUNDLE_DIR}/`) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL;
  const encoding = compressible(contentType, info.size) ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  if (encoding) {
    // CloudFront compresses these (the SPA behaviour's cache policy accepts gzip and Brotli).
    const body = await compressed(file, info.mtimeMs, encoding);
    res.writeHead(status, {
      'content-type': contentType,
      'content-encoding': encoding,
      'content-length': String(body.length),
      vary: 'accept-encoding',
      'cache-control': cacheControl,
      ...headers,
    });
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  res.writeHead(status, { 'content-type': contentType, 'content-length': String(info.size), 'cache-control': cacheControl, ...headers });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(file).pipe(res);
}

/** CloudFront compresses text between 1,000 bytes and 10 MB; images and media pass as they are. */
function compressible(contentType: string, size: number): boolean {
  return size >= 1_000 && size <= 10_000_000 && /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/.test(contentType);
}

function chooseEncoding(accept: string | string[] | undefined): 'br' | 'gzip' | undefined {
  const value = Array.isArray(accept) ? accept.join(',') : (accept ?? '');
  if (/\bbr\b/.test(value)) return 'br';
  if (/\bgzip\b/.test(value)) return 'gzip';
  return undefined;
}

const compressedFiles = new Map<string, Buffer>();

/** Compressed once per file version, as a CDN keeps it. */
async function compressed(file: string, mtimeMs: number, encoding: 'br' | 'gzip'): Promise<Buffer> {
  const key = `${encoding}:${mtimeMs}:${file}`;
  let body = compressedFiles.get(key);
  if (!body) {
    const raw = await readFile(file);
    body = encoding === 'br' ? brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }) : gzipSync(raw, { level: 9 });
    compressedFiles.set(key, body);
  }
  return body;
}
