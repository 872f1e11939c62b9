import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CloudFrontRequestEvent, CloudFrontResultResponse } from 'aws-lambda';
import type { S3Client } from '@aws-sdk/client-s3';
import type { ViteDevServer } from 'vite';
import { SHARE_FRAME_RENDERER_FILE, SHARE_PAGE_QUERY_KEYS, type RenderShareFrame } from '#shared/share/frame';
import { SHARE_API_PATH_PATTERN, SHARE_API_QUERY_KEYS, SHARE_API_REMOVED_HEADERS } from '../cdk/behaviours';
import { FUNCTIONS, WORKERS, type FunctionSpec } from '../../functions/routes';
import { handleApiRequest, setApiInvoker } from './adapter';
import type { BundleRuntime, InvokeContext, LocalBundles } from './bundles';
import { serveAsset, startPendingUploadExpiry } from './assets';
import { serveStatic } from './static';
import { startLocalWorkers, type LocalWorkers } from './workers';
import { startDriftSweep } from './drift-sweep';

/**
 * The local CloudFront: one origin with the same behaviours as the distribution.
 *   /api/share/* → the share handler as CloudFront shapes it (serveShareApi)
 *   /api/*    → the Lambda handlers through the API Gateway adapter
 *   /assets/* → the asset bucket (s3rver)
 *   /share/*  → the edge handler module (Lambda@Edge in AWS)
 *   default   → the SPA build (or Vite with hot reload under `npm run dev`)
 * A page asked for by another loopback name (127.0.0.1 for localhost) is sent to APP_ORIGIN.
 * and, in place of SQS and the worker Lambdas, the local queue (infra/local/workers.ts).
 */
export interface AppServerOptions {
  port: number;
  host?: string;
  /** the SPA build folder (web/dist); ignored when `vite` is given */
  webRoot: string;
  vite?: ViteDevServer;
  s3: S3Client;
  bucket: string;
  /** maildev's inbox, linked from /_dev/mail in development */
  mailWebUrl?: string;
  /** run every function from its synthesised bundle, in its own process (`npm start -- --bundles`) */
  bundles?: { readonly bundles: LocalBundles; readonly runtime: BundleRuntime };
}

export interface AppServer {
  url: string;
  server: http.Server;
  /** the queue-fed workers (voiceover, export) running in this process */
  workers: LocalWorkers;
  /**
   * The paths the functions asked CloudFront to clear (functions/domain/platform/share-cache.ts), oldest
   * first: the local CloudFront caches nothing, so this log is where tests see them.
   */
  cdnInvalidations: string[];
  /** `/_dev/ready` answers 200 from now on (503 before): the stack's start has finished */
  markReady(): void;
  close: () => Promise<void>;
}

const EDGE_ENTRY = pathToFileURL(path.resolve(import.meta.dirname, '../../functions/edge/share.ts')).href;
type EdgeHandler = (event: CloudFrontRequestEvent) => Promise<CloudFrontResultResponse>;
let edgeHandler: Promise<EdgeHandler> | undefined;

/** The functions' CloudFront invalidations (functions/domain/platform/share-cache.ts), read by URL as workers.ts reads the queue module. */
const SHARE_CACHE_MODULE = pathToFileURL(path.resolve(import.meta.dirname, '../../functions/domain/platform/share-cache.ts')).href;
type SetLocalInvalidationSink = (sink: ((paths: readonly string[]) => void) | undefined) => void;

const SHARE_FRAME_RENDERER = path.resolve(import.meta.dirname, '../..', SHARE_FRAME_RENDERER_FILE);

interface EdgeModule {
  handler: EdgeHandler;
  setShareFrameRenderer: (renderer: RenderShareFrame | undefined) => void;
}

/**
 * The edge module, with the web build's renderer of first frames as the deployed bundle has it
 * (infra/cdk/constructs/edge-code.ts). Under `npm run dev` there is no build: the app renders.
 */
function loadEdge(dev: boolean): Promise<EdgeHandler> {
  edgeHandler ??= (async () => {
    const edge = (await import(EDGE_ENTRY)) as EdgeModule;
    if (!dev && existsSync(SHARE_FRAME_RENDERER)) {
      const renderer = (await import(pathToFileURL(SHARE_FRAME_RENDERER).href)) as { renderShareFrame: RenderShareFrame };
      edge.setShareFrameRenderer(renderer.renderShareFrame);
    }
    return edge.handler;
  })();
  return edgeHandler;
}

function keepParams(params: URLSearchParams, keys: readonly string[]): string {
  const kept = new URLSearchParams();
  for (const [key, value] of params) if (keys.includes(key)) kept.append(key, value);
  return kept.toString();
}

/** Builds the origin-request event CloudFront hands the share edge function. */
export function cloudFrontEvent(req: http.IncomingMessage): CloudFrontRequestEvent {
  const url = new URL(req.url ?? '/', 'http://local');
  const host = req.headers.host ?? 'localhost';
  const headers: Record<string, Array<{ key: string; value: string }>> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name] = (Array.isArray(value) ? value : [value]).map((v) => ({ key: name, value: v }));
  }
  // CloudFront speaks https to viewers; the local server tells the edge it is plain http.
  headers['cloudfront-forwarded-proto'] = [{ key: 'CloudFront-Forwarded-Proto', value: 'http' }];
  return {
    Records: [
      {
        cf: {
          config: { distributionDomainName: host, distributionId: 'LOCAL', eventType: 'origin-request', requestId: 'local' },
          request: {
            clientIp: (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, ''),
            headers,
            method: req.method ?? 'GET',
            // As the /share/* cache policy forwards it: only the parameters the page depends on.
            querystring: keepParams(url.searchParams, SHARE_PAGE_QUERY_KEYS),
            uri: url.pathname,
          },
        },
      },
    ],
  };
}

/**
 * Drops response headers as a CloudFront response headers policy does. The adapter writes every
 * /api answer with one writeHead(status, headers object), which is where they are taken out.
 */
function removeResponseHeaders(res: http.ServerResponse, names: readonly string[]): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with apply(res, …) below
  const writeHead = res.writeHead;
  const strip = (headers: unknown) => {
    if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return;
    for (const name of Object.keys(headers)) if (names.includes(name.toLowerCase())) Reflect.deleteProperty(headers, name);
  };
  // Same parameters and result as the original; TypeScript cannot check an overloaded assignment.
  res.writeHead = ((...args: Parameters<typeof writeHead>) => {
    for (const name of names) res.removeHeader(name);
    args.slice(1).forEach(strip);
    return writeHead.apply(res, args);
  }) as typeof res.writeHead;
}

/**
 * /api/share/* as the CloudFront behaviour shapes it: GET and HEAD only (CloudFront refuses other
 * methods with 403), no query string but `?lang=` (the cache key is the path and the language,
 * and the API sees nothing more), and never a Set-Cookie (SHARE_API_REMOVED_HEADERS). CloudFront also keeps public guides
 * for as long as their Cache-Control says; the local server caches nothing, so a guide edited
 * locally shows at once where CloudFront could answer from its cache for up to s-maxage.
 */
async function serveShareApi(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('This distribution is not configured to allow the HTTP request method that was used for this request.');
    return;
  }
  const url = new URL(req.url ?? '/', 'http://local');
  const query = keepParams(url.searchParams, SHARE_API_QUERY_KEYS);
  req.url = query ? `${url.pathname}?${query}` : url.pathname;
  removeResponseHeaders(res, SHARE_API_REMOVED_HEADERS);
  await handleApiRequest(req, res);
}

/** A CloudFront path pattern (`/api/share/*`) as a test of a path. */
function matchesPathPattern(pattern: string, pathname: string): boolean {
  return pattern.endsWith('*') ? pathname.startsWith(pattern.slice(0, -1)) : pathname === pattern;
}

/** The names this machine answers to on loopback: a browser may be given any of them. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Where a page asked for by another loopback name belongs: APP_ORIGIN, the one origin every link,
 * cookie and origin check names. `http://127.0.0.1:3000/auth` (a bookmark, a terminal's link) goes
 * to `http://localhost:3000/auth`, where signing in works, instead of a page whose every sign-in
 * the origin check refuses. The API and the assets answer on any name (scripts, health checks):
 * no page runs on the other name to call them with a session.
 */
export function loopbackRedirect(req: http.IncomingMessage, appOrigin: string | undefined): string | undefined {
  if (!appOrigin || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  if (pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/assets/') || pathname.startsWith('/_dev/')) return undefined;
  let site: URL;
  let asked: URL;
  try {
    site = new URL(appOrigin);
    asked = new URL(`http://${req.headers.host ?? ''}`);
  } catch {
    return undefined;
  }
  if (asked.host === site.host || !LOOPBACK_HOSTS.has(asked.hostname) || !LOOPBACK_HOSTS.has(site.hostname) || asked.port !== site.port) return undefined;
  return `${site.origin}${req.url ?? '/'}`;
}

/** What a bundle's process needs of a Lambda context: its name, request id and the time it has left. */
function invokeContext(name: string, context: { awsRequestId?: string; getRemainingTimeInMillis?: () => number } | undefined, timeoutSeconds: number): InvokeContext {
  return {
    functionName: `stepcast-local-${name}`,
    awsRequestId: context?.awsRequestId ?? randomBytes(16).toString('hex'),
    remainingMs: context?.getRemainingTimeInMillis?.() ?? timeoutSeconds * 1000,
  };
}

let edgeFromBundle: EdgeHandler | undefined;

async function serveShare(req: http.IncomingMessage, res: http.ServerResponse, dev: boolean): Promise<void> {
  const handler = edgeFromBundle ?? (await loadEdge(dev));
  const result = await handler(cloudFrontEvent(req));
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(result.headers ?? {})) headers[name] = values.map((v) => v.value).join(', ');
  // Vite's development HTML carries an inline React refresh preamble; production HTML never does.
  if (dev) delete headers['content-security-policy'];
  const body = Buffer.from(result.body ?? '', result.bodyEncoding === 'base64' ? 'base64' : 'utf8');
  headers['content-length'] = String(body.length);
  res.writeHead(Number(result.status), headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Where the local CloudFront sends a request: the share API, the API, assets, share pages, the SPA. */
async function routeRequest(req: http.IncomingMessage, res: http.ServerResponse, options: AppServerOptions, webRoot: string, state: { ready: boolean }): Promise<void> {
  const pathname = (req.url ?? '/').split('?')[0] ?? '/';
  // The API first: loopbackRedirect never moves /api, so an API request skips it.
  if (matchesPathPattern(SHARE_API_PATH_PATTERN, pathname)) return serveShareApi(req, res);
  if (pathname === '/api' || pathname.startsWith('/api/')) return handleApiRequest(req, res);
  const canonical = loopbackRedirect(req, process.env.APP_ORIGIN);
  if (canonical) {
    res.writeHead(308, { location: canonical, 'cache-control': 'no-store' });
    res.end();
    return;
  }
  if (pathname.startsWith('/assets/')) return serveAsset(options.s3, options.bucket, req, res);
  if (pathname.startsWith('/share/') && (req.method === 'GET' || req.method === 'HEAD')) return serveShare(req, res, Boolean(options.vite));
  if (pathname === '/_dev/ready') {
    // Test runners wait on this, not /api/health: the app answers before the start is done.
    res.writeHead(state.ready ? 200 : 503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end(state.ready ? 'ready' : 'starting');
    return;
  }
  if (pathname === '/_dev/mail' && options.mailWebUrl) {
    res.writeHead(302, { location: options.mailWebUrl });
    res.end();
    return;
  }
  if (options.vite) {
    options.vite.middlewares(req, res, () => {
      res.writeHead(404);
      res.end();
    });
    return;
  }
  return serveStatic(webRoot, req, res);
}

export async function startAppServer(options: AppServerOptions): Promise<AppServer> {
  const webRoot = path.resolve(options.webRoot);
  const state = { ready: false };
  const server = http.createServer((req, res) => {
    routeRequest(req, res, options, webRoot, state).catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end('Internal error');
    });
  });
  // Keep-alive longer than the load balancer idle default, so benchmarks reuse connections.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  // Every absolute link the functions write comes from APP_ORIGIN, never from a request's Host:
  // the local CloudFront states its own origin, as CDK does for a deployed stage.
  process.env.APP_ORIGIN ??= url;
  // The value the local CloudFront sends the API in x-origin-verify, as the deployed one does.
  process.env.ORIGIN_VERIFY_SECRET ??= randomBytes(32).toString('base64url');
  const fromBundles = options.bundles;
  if (fromBundles) {
    const { bundles, runtime } = fromBundles;
    setApiInvoker((fn, event, context) => {
      const ref = bundles.api[fn];
      if (!ref) throw new Error(`${bundles.assemblyDir} has no bundle of ${fn}`);
      const timeout = (FUNCTIONS[fn] as FunctionSpec).timeoutSeconds ?? 10;
      return runtime.invoke(ref, event, invokeContext(fn, context, timeout)) as Promise<object>;
    });
    // Lambda@Edge: 5 s, the edge function's timeout (web-stack.ts).
    edgeFromBundle = (event) => runtime.invoke(bundles.edge, event, invokeContext('share-edge', undefined, 5)) as Promise<CloudFrontResultResponse>;
  }
  const workers = await startLocalWorkers(
    fromBundles
      ? {
          invoke: (worker, event, context) => {
            const ref = fromBundles.bundles.workers[worker];
            if (!ref) throw new Error(`${fromBundles.bundles.assemblyDir} has no bundle of the ${worker} worker`);
            const timeout = WORKERS[worker].timeoutSeconds ?? 10;
            return fromBundles.runtime.invoke(ref, event, invokeContext(`${worker}-worker`, context, timeout)) as Promise<void>;
          },
        }
      : {},
  );
  const stopExpiry = startPendingUploadExpiry(options.s3, options.bucket);
  const stopDriftSweep = startDriftSweep();
  const cdnInvalidations: string[] = [];
  const { setLocalInvalidationSink } = (await import(SHARE_CACHE_MODULE)) as { setLocalInvalidationSink: SetLocalInvalidationSink };
  setLocalInvalidationSink((paths) => cdnInvalidations.push(...paths));
  return {
    url,
    server,
    workers,
    cdnInvalidations,
    markReady: () => {
      state.ready = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        stopExpiry();
        stopDriftSweep();
        workers.stop();
        setLocalInvalidationSink(undefined);
        if (fromBundles) {
          setApiInvoker(undefined);
          edgeFromBundle = undefined;
        }
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
