import {
  API_CONTENT_SECURITY_POLICY,
  COMMON_SECURITY_HEADERS,
  VIEWER_ADDRESS_HEADER,
  pageSecurityHeaders,
  uploadConnectSrc,
} from '#shared/security-headers';
import { ASSET_RESPONSE_HEADERS } from '#shared/assets';
import { SITE_BUILD_FILE } from '#shared/site-build';

/**
 * What each CloudFront behaviour answers with, as data: the web stack builds the distribution
 * from it and the local server (infra/local/static.ts, assets.ts) answers from it, so the two
 * cannot drift apart. No aws-cdk-lib here: the local server imports this module.
 */

/** Content-addressed files (assets, the SPA's hashed bundles) never change under one name. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The SPA shell and other unhashed files are revalidated on every load, so a deploy shows at once. */
export const REVALIDATE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * The folder of the SPA build holding Vite's content-hashed bundles (Vite's `build.assetsDir`).
 * Not Vite's default `assets`: `/assets/*` is the asset bucket.
 */
export const SPA_BUNDLE_DIR = 'static';

/**
 * Files of the SPA build that are never deployed, as glob patterns. Source maps (`sourcemap:
 * 'hidden'` in web/vite.config.ts) are for error reporting, not for browsers: serving them would
 * publish the original sources. The prerendered pages' list (cloudfront-functions.ts) is read at
 * synth and baked into the SPA fallback; browsers have no use for it, nor for the record of the
 * site the build is for (shared/site-build.ts), which the synth checks.
 */
// .vite/ holds the build manifest, which only the prerender step reads.
export const UNDEPLOYED_SITE_FILES = ['*.map', 'prerendered.json', SITE_BUILD_FILE, '.vite/*'];

/**
 * The default behaviour (the SPA bucket): every answer, scripts and 404s included. Pages may
 * POST to the upload origin (the asset bucket's regional endpoint: presigned POST of
 * screenshots); CloudFront bakes it in at synth, the local server reads UPLOAD_ORIGIN per request.
 */
export function siteHeaders(uploadOrigin: string | undefined): Readonly<Record<string, string>> {
  return pageSecurityHeaders('none', uploadConnectSrc(uploadOrigin));
}

/**
 * `/assets/*`: nothing served from the bucket may run script or be read as another type
 * (`default-src 'none'; sandbox`, nosniff); the viewer-response function sets each answer's type
 * from its key. Cache-control is not here: only successful answers are immutable
 * (ASSET_CACHE_CONTROL_SOURCE), or a 404 would stick in browsers for a year.
 */
export const ASSET_HEADERS: Readonly<Record<string, string>> = { ...COMMON_SECURITY_HEADERS, ...ASSET_RESPONSE_HEADERS, 'x-frame-options': 'DENY' };

/**
 * `/api/share/*`, the one API path CloudFront may cache (public guides, for as long as the
 * origin's Cache-Control says, at most SHARE_API_MAX_TTL_SECONDS): the key is the path and the
 * language asked for (SHARE_API_QUERY_KEYS, which alone reach the API), and cookies still reach
 * the API, which answers a member's private guide `private, no-store`.
 */
export const SHARE_API_PATH_PATTERN = '/api/share/*';
export const SHARE_API_MAX_TTL_SECONDS = 3_600;
/** `?lang=`: a guide in one of its translations is another answer, so another cache entry. */
export const SHARE_API_QUERY_KEYS = ['lang'] as const;

/**
 * Response headers CloudFront removes on `/api/share/*`. A share answer may carry a refreshed
 * session cookie (any cookie-reading API call can) while saying `public`: cached, it would hand
 * one member's session to every later viewer of that guide. Nothing on that path needs to set a
 * cookie; the next call to any other /api route refreshes the session instead.
 */
export const SHARE_API_REMOVED_HEADERS: readonly string[] = ['set-cookie'];

/** `/api/*`: the API's own CSP (JSON only), as the handlers send it, so CloudFront's override agrees. */
export const API_HEADERS: Readonly<Record<string, string>> = {
  ...COMMON_SECURITY_HEADERS,
  'content-security-policy': API_CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
};

/**
 * `/share/*`: no CSP and no X-Frame-Options, which the edge handler sets per page because
 * /share/{id}/embed must be framable by any site (frame-ancestors *).
 */
export const SHARE_HEADERS: Readonly<Record<string, string>> = COMMON_SECURITY_HEADERS;

/**
 * CloudFront adds ORIGIN_VERIFY_HEADER (the origin-verify secret) to every request it sends the
 * API, which refuses requests without it; a viewer's own header of that name is replaced
 * (CloudFront's origin custom headers win). VIEWER_ADDRESS_HEADER is the viewer's `ip:port`, on
 * which the per-IP rate limits key once the origin header has verified.
 */
export { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '#shared/security-headers';

/**
 * The viewer headers `/api/*` sends the API: the ones its handlers read, and CloudFront's own
 * viewer address and protocol. An allow-list, not "all but Host": CloudFront adds its own headers
 * only to an allow-list (or to "all viewer headers", which would pass Host and break API
 * Gateway). At most 10 (CloudFront's quota per origin request policy); web-stack.test.ts checks
 * that every header a handler reads is here.
 */
export const API_FORWARDED_HEADERS: readonly string[] = [
  'accept',
  'content-type',
  // the revision a write of a guide was made from (a stale one answers 412)
  'if-match',
  'origin',
  'referer',
  'stripe-signature',
  'user-agent',
  'x-forwarded-host',
  VIEWER_ADDRESS_HEADER,
  'CloudFront-Forwarded-Proto',
];
