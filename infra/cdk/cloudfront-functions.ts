/**
 * CloudFront Functions (runtime cloudfront-js-2.0) as source text, kept apart from the stack so
 * the tests can run them. They run on every viewer request of their behaviour, so they stay tiny.
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
