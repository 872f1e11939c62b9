import { z } from 'zod';
import { IMMUTABLE_CACHE_CONTROL } from './behaviours';

/**
 * CloudFront Functions (runtime cloudfront-js-2.0) as source text, kept apart from the stack so
 * the tests and the local server (infra/local) run the very same code. They run on every viewer
 * request or response of their behaviour, so they stay tiny.
 */

/**
 * Default behaviour (SPA bucket): a path whose last segment has no dot is a client-side route,
 * so it is answered with the SPA shell `/index.html`; files (`/static/app-1a2b.js`, `/favicon.ico`)
 * pass through unchanged, and a missing one is a 404.
 *
 * Why not the distribution's error responses (403/404 → /index.html, 200): CloudFront applies
 * them to every behaviour, so a 404 or 403 from the API (unknown route, forbidden) or a missing
 * asset would also turn into the SPA shell with status 200, breaking the API's error model.
 */
export const SPA_FALLBACK_SOURCE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}`;

/**
 * /assets/* (asset bucket): asset keys are the path after `/assets/` (as the local server reads
 * them), but CloudFront forwards the whole path; this strips the prefix so `/assets/{key}` reads
 * the object `{key}`.
 */
export const STRIP_ASSETS_PREFIX_SOURCE = `function handler(event) {
  var request = event.request;
  if (request.uri.indexOf('/assets/') === 0) {
    request.uri = request.uri.substring('/assets'.length);
  }
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
 */
export const ASSET_CACHE_CONTROL_SOURCE = `function handler(event) {
  var response = event.response;
  if (response.statusCode < 400) {
    response.headers['cache-control'] = { value: '${IMMUTABLE_CACHE_CONTROL}' };
  }
  return response;
}`;

const FunctionHeaders = z.record(z.string(), z.object({ value: z.string() }));
const ViewerRequest = z.object({ uri: z.string(), headers: FunctionHeaders });
const ViewerResponse = z.object({ statusCode: z.number(), headers: FunctionHeaders });

/** A request as a viewer-request function sees it: lower-case header names. */
export type ViewerRequest = z.output<typeof ViewerRequest>;
/** A response as a viewer-response function sees it: lower-case header names. */
export type ViewerResponse = z.output<typeof ViewerResponse>;

function compile(source: string): (event: unknown) => unknown {
  // The source is our own constant above, evaluated the way the cloudfront-js runtime loads it.
  const handler: unknown = new Function(`${source}\nreturn handler;`)();
  if (typeof handler !== 'function') throw new Error('a CloudFront Function must define handler(event)');
  return (event) => {
    const result: unknown = handler(event);
    return result;
  };
}

/** Runs a viewer-request function's source on a request, as CloudFront would. */
export function viewerRequestFunction(source: string): (request: ViewerRequest) => ViewerRequest {
  const handler = compile(source);
  return (request) => ViewerRequest.parse(handler({ request: structuredClone(request) }));
}

/** Runs a viewer-response function's source on a response, as CloudFront would. */
export function viewerResponseFunction(source: string): (response: ViewerResponse) => ViewerResponse {
  const handler = compile(source);
  return (response) => ViewerResponse.parse(handler({ response: structuredClone(response) }));
}
