import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ASSET_TYPES, PENDING_UPLOAD_PREFIX, PRIVATE_ASSET_PREFIX, UNKNOWN_ASSET_TYPE } from '#shared/assets';
import { SPA_CLIENT_ROUTES } from '#shared/site-routes';
import { IMMUTABLE_CACHE_CONTROL } from './behaviours';
import { UsageError } from './errors';

/**
 * CloudFront Functions (runtime cloudfront-js-2.0) as source text, kept apart from the stack so
 * the tests and the local server (infra/local) run the very same code. They run on every viewer
 * request or response of their behaviour, so they stay tiny.
 *
 * Prerendered pages: the contract with the web build (web/prerender.ts)
 *
 * 1. `web/dist/prerendered.json` lists the pages the build prerendered, as a JSON array of paths:
 *    `["/", "/pricing", "/gallery/", "/gallery/acme-crm", "/compare/loom-alternative"]`.
 *    A path starts with `/`; its segments use only `A-Z a-z 0-9 - _ ~ .` (no `.` or `..`
 *    segment); its last segment has no dot (CloudFront serves a dotted last segment as a file);
 *    a trailing slash is optional and ignored (`/gallery/` and `/gallery` are one page).
 * 2. A listed path P has its page at `web/dist{P}/index.html`; `/` has `web/dist/index.html`.
 * 3. When `/` is listed, `index.html` is the landing page, so the SPA shell (the answer for every
 *    extensionless path that is not listed: the app, /auth, unknown paths) is
 *    `web/dist/__spa-fallback.html`. When `/` is not listed, `index.html` is the shell.
 * 4. No file: nothing is prerendered and every extensionless path gets `/index.html`.
 *
 * The web stack reads the file at synth, stops with one line when it is malformed or names a
 * page (or the shell) the build lacks, bakes the list into the SPA fallback's code (at most
 * CLOUDFRONT_FUNCTION_MAX_BYTES) and leaves the file itself out of the upload. The local server
 * (infra/local/static.ts) runs the same generated code over the same file, re-read whenever it
 * changes, so a new build shows without a restart.
 */

/** The list of prerendered pages, in the SPA build folder. */
export const PRERENDERED_MANIFEST = 'prerendered.json';
/** The SPA shell once `/index.html` is the prerendered landing page (contract, point 3). */
export const PRERENDERED_SHELL = '/__spa-fallback.html';
/** The SPA shell of a build without a prerendered landing page. */
export const DEFAULT_SHELL = '/index.html';
/**
 * What a prerendered build answers for a path that is no page: the SPA shell under its own name
 * (the prerender step writes it), so that NOT_FOUND_STATUS_SOURCE can make its status 404 while
 * the app shows its not-found screen.
 */
export const NOT_FOUND_SHELL = '/__not-found.html';
/** CloudFront Functions refuse code larger than this. */
export const CLOUDFRONT_FUNCTION_MAX_BYTES = 10 * 1024;

const PAGE_SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** `/gallery/` → `/gallery`; `/` stays. */
function withoutTrailingSlash(page: string): string {
  return page.length > 1 && page.endsWith('/') ? page.slice(0, -1) : page;
}

/** Why a path cannot be a prerendered page (contract, point 1), or undefined when it can. */
export function pagePathProblem(page: string): string | undefined {
  if (!page.startsWith('/')) return 'does not start with /';
  const normalised = withoutTrailingSlash(page);
  if (normalised === '/') return undefined;
  const segments = normalised.slice(1).split('/');
  if (segments.some((segment) => !PAGE_SEGMENT.test(segment))) return 'has an empty segment or a character outside A-Z a-z 0-9 - _ ~ .';
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'has a . or .. segment';
  if (segments.at(-1)!.includes('.')) return 'has a dot in its last segment, which CloudFront serves as a file';
  return undefined;
}

/** The pages, checked, without trailing slashes, each once, sorted. */
function normalisedPages(pages: readonly string[], source: string): string[] {
  for (const page of pages) {
    const problem = pagePathProblem(page);
    if (problem) throw new UsageError(`${source}: ${JSON.stringify(page)} ${problem}.`);
  }
  return [...new Set(pages.map(withoutTrailingSlash))].sort();
}

/** The SPA shell of a build whose prerendered pages are `pages` (contract, point 3). */
export function spaShellPath(pages: readonly string[]): string {
  return pages.some((page) => withoutTrailingSlash(page) === '/') ? PRERENDERED_SHELL : DEFAULT_SHELL;
}

/** Where a prerendered page's file is, relative to the build folder. */
export function prerenderedFile(page: string): string {
  const normalised = withoutTrailingSlash(page);
  return normalised === '/' ? '/index.html' : `${normalised}/index.html`;
}

/**
 * Default behaviour (SPA bucket): a path whose last segment has no dot is a page. A prerendered
 * one gets its own `{path}/index.html`, any other (client-side routes) the SPA shell; files
 * (`/static/app-1a2b.js`, `/favicon.ico`) pass through unchanged, and a missing one is a 404.
 * The prerendered paths are baked into the code as an object literal of checked paths, so
 * nothing in it needs escaping beyond JSON's.
 *
 * Why not the distribution's error responses (403/404 → /index.html, 200): CloudFront applies
 * them to every behaviour, so a 404 or 403 from the API (unknown route, forbidden) or a missing
 * asset would also turn into the SPA shell with status 200, breaking the API's error model.
 */
export function spaFallbackSource(prerendered: readonly string[] = [], source = 'prerendered pages'): string {
  const pages = normalisedPages(prerendered, source);
  const table = Object.fromEntries(pages.filter((page) => page !== '/').map((page) => [page, 1]));
  // Without prerendered pages every route is the app's to resolve; with them, a path that is
  // neither a page nor one of the app's client routes is not found.
  const routes = pages.length > 0 ? SPA_CLIENT_ROUTES : [];
  const code = `var PAGES = ${JSON.stringify(table)};
var SHELL = ${JSON.stringify(spaShellPath(pages))};
var MISSING = ${JSON.stringify(pages.length > 0 ? NOT_FOUND_SHELL : spaShellPath(pages))};
var ROUTES = ${JSON.stringify(routes)};
function isRoute(page) {
  for (var i = 0; i < ROUTES.length; i++) {
    var route = ROUTES[i];
    if (route.charAt(route.length - 1) === '*') {
      var prefix = route.substring(0, route.length - 1);
      if (page.indexOf(prefix) === 0 && page.length > prefix.length) return true;
    } else if (page === route) {
      return true;
    }
  }
  return ROUTES.length === 0;
}
function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.substring(uri.lastIndexOf('/') + 1).indexOf('.') !== -1) {
    return request;
  }
  var page = uri.length > 1 && uri.charAt(uri.length - 1) === '/' ? uri.substring(0, uri.length - 1) : uri;
  request.uri = page === '/' ? '/index.html' : PAGES[page] === 1 ? page + '/index.html' : isRoute(page) ? SHELL : MISSING;
  return request;
}`;
  const bytes = Buffer.byteLength(code);
  if (bytes > CLOUDFRONT_FUNCTION_MAX_BYTES) {
    throw new UsageError(
      `${source}: ${pages.length} prerendered pages make the SPA fallback function ${bytes} bytes, over CloudFront Functions' ${CLOUDFRONT_FUNCTION_MAX_BYTES}: prerender fewer pages or move the list to a CloudFront KeyValueStore.`,
    );
  }
  return code;
}

const PrerenderedManifest = z.array(z.string());

/** The pages a `prerendered.json` lists (contract, point 1), checked; `source` names it in errors. */
export function parsePrerenderedManifest(text: string, source: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new UsageError(`${source} is not valid JSON: the prerender step must write an array of page paths.`);
  }
  const parsed = PrerenderedManifest.safeParse(value);
  if (!parsed.success) throw new UsageError(`${source} must be a JSON array of page paths such as ["/", "/pricing"].`);
  return normalisedPages(parsed.data, source);
}

/** The prerendered pages of a build folder, or undefined when it has no `prerendered.json`. */
export function readPrerenderedPages(siteDir: string): string[] | undefined {
  const file = path.join(siteDir, PRERENDERED_MANIFEST);
  if (!existsSync(file)) return undefined;
  return parsePrerenderedManifest(readFileSync(file, 'utf8'), file);
}

/**
 * Default behaviour (SPA bucket), viewer response: the not-found shell is the app's page with
 * status 404, so crawlers and tools see a missing page as missing while people see the app's
 * not-found screen. The cached object stays a 200: this runs on every answer, cached or not.
 */
export const NOT_FOUND_STATUS_SOURCE = `function handler(event) {
  var response = event.response;
  if (event.request.uri === '${NOT_FOUND_SHELL}' && response.statusCode === 200) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
  }
  return response;
}`;

/**
 * /assets/* (asset bucket), viewer request: asset keys are the path after `/assets/` (as the local
 * server reads them), but CloudFront forwards the whole path; this strips the prefix so
 * `/assets/{key}` reads the object `{key}`. Pending uploads (not yet checked) and private guides'
 * assets are never served here, and a path that is not an asset key the product makes (a NUL, a
 * dot segment) is a 404 before it reaches the bucket.
 */
export const STRIP_ASSETS_PREFIX_SOURCE = `var HIDDEN = ${JSON.stringify([PENDING_UPLOAD_PREFIX, PRIVATE_ASSET_PREFIX])};
var KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;
function notFound() {
  return { statusCode: 404, statusDescription: 'Not Found', headers: { 'cache-control': { value: 'no-store' } } };
}
function handler(event) {
  var request = event.request;
  if (request.uri.indexOf('/assets/') !== 0) return request;
  var key = request.uri.substring('/assets/'.length);
  var decoded;
  try {
    decoded = decodeURIComponent(key);
  } catch (e) {
    return notFound();
  }
  if (decoded.length > 1024 || !KEY.test(decoded)) return notFound();
  for (var i = 0; i < HIDDEN.length; i++) {
    if (decoded.indexOf(HIDDEN[i]) === 0) return notFound();
  }
  request.uri = '/' + key;
  return request;
}`;

/**
 * /api/* (HTTP API): CloudFront must send the API's own host name as Host, so the site's host
 * would be lost. This copies it into x-forwarded-host, overwriting any value the viewer sent,
 * so functions can tell the site origin (links in mail, origin checks) from the request.
 */
export const FORWARD_HOST_SOURCE = `function handler(event) {
  var request = event.request;
  var host = request.headers.host;
  if (host) {
    request.headers['x-forwarded-host'] = { value: host.value };
  } else {
    delete request.headers['x-forwarded-host'];
  }
  return request;
}`;

/**
 * /assets/* (asset bucket), viewer response: a found asset is immutable for a year (keys are
 * content-addressed); an error is not, or a 404 for an upload still in flight would stick in
 * browsers for a year. CloudFront never runs viewer-response functions for origin statuses of
 * 400 and above; the check states it, and makes the local server, which runs this too, agree.
 * The content type comes from the key's extension (shared/assets.ts), never from the object, whose
 * type an upload chose; anything but the images, audio and video the product makes is an attachment.
 */
export const ASSET_CACHE_CONTROL_SOURCE = `var TYPES = ${JSON.stringify(Object.fromEntries(Object.entries(ASSET_TYPES).map(([ext, t]) => [ext, [t.contentType, t.inline]])))};
function handler(event) {
  var response = event.response;
  if (response.statusCode < 400) {
    response.headers['cache-control'] = { value: '${IMMUTABLE_CACHE_CONTROL}' };
    var uri = event.request.uri;
    var name = uri.substring(uri.lastIndexOf('/') + 1);
    var dot = name.lastIndexOf('.');
    var type = dot > 0 ? TYPES[name.substring(dot + 1).toLowerCase()] : undefined;
    response.headers['content-type'] = { value: type ? type[0] : '${UNKNOWN_ASSET_TYPE.contentType}' };
    if (!type || !type[1]) response.headers['content-disposition'] = { value: 'attachment' };
  }
  return response;
}`;

const FunctionHeaders = z.record(z.string(), z.object({ value: z.string() }));
const ViewerRequest = z.object({ uri: z.string(), headers: FunctionHeaders });
const ViewerResponse = z.object({ statusCode: z.number(), statusDescription: z.string().optional(), headers: FunctionHeaders });

/** A request as a viewer-request function sees it: lower-case header names. */
export type ViewerRequest = z.output<typeof ViewerRequest>;
/** A response as a viewer-response function sees it: lower-case header names. */
export type ViewerResponse = z.output<typeof ViewerResponse>;

function compile(source: string): (event: unknown) => unknown {
  // The source is our own constant above, evaluated the way the cloudfront-js runtime loads it.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- evaluating that source is the point
  const load = new Function(`${source}\nreturn handler;`) as () => unknown;
  const handler = load();
  if (typeof handler !== 'function') throw new Error('a CloudFront Function must define handler(event)');
  const run = handler as (event: unknown) => unknown;
  return (event) => run(event);
}

/** Runs a viewer-request function's source on a request, as CloudFront would (one that answers itself throws). */
export function viewerRequestFunction(source: string): (request: ViewerRequest) => ViewerRequest {
  const run = viewerRequestOrResponse(source);
  return (request) => {
    const result = run(request);
    if ('statusCode' in result) throw new Error(`the function answered ${result.statusCode} itself`);
    return result;
  };
}

/** Runs a viewer-request function that may answer itself (a 404), as CloudFront would. */
export function viewerRequestOrResponse(source: string): (request: ViewerRequest) => ViewerRequest | ViewerResponse {
  const handler = compile(source);
  return (request) => {
    const result = handler({ request: structuredClone(request) });
    const response = ViewerResponse.safeParse(result);
    return response.success ? response.data : ViewerRequest.parse(result);
  };
}

/** Runs a viewer-response function's source on a response to a request, as CloudFront would. */
export function viewerResponseFunction(source: string): (response: ViewerResponse, request?: ViewerRequest) => ViewerResponse {
  const handler = compile(source);
  return (response, request = { uri: '/', headers: {} }) =>
    ViewerResponse.parse(handler({ request: structuredClone(request), response: structuredClone(response) }));
}
