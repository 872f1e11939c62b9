/**
 * The security headers every HTML page and API answer carries, in one place so that the
 * CloudFront response headers policy, the edge handler and the local server send the same.
 */
export const HSTS_MAX_AGE_SECONDS = 63_072_000;

/** The secret CloudFront sends the API on every request; the API refuses requests without it. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** The viewer's `ip:port` as CloudFront saw it; trusted only on requests that carried ORIGIN_VERIFY_HEADER. */
export const VIEWER_ADDRESS_HEADER = 'CloudFront-Viewer-Address';

export type FrameAncestors = 'none' | 'any';

export interface CspOptions {
  /**
   * Origins the page may send requests to besides itself: the asset bucket's upload endpoint,
   * since screenshots go from the browser straight to S3 by presigned POST.
   */
  connectSrc?: readonly string[];
  /** Origins images and media may come from besides the site: the bucket, for private guides' presigned URLs. */
  mediaSrc?: readonly string[];
}

/** The Content-Security-Policy of the SPA: no inline script; only the embed may be framed by other sites. */
export function contentSecurityPolicy(frameAncestors: FrameAncestors = 'none', options: CspOptions = {}): string {
  const connect = ["'self'", ...(options.connectSrc ?? [])].join(' ');
  const media = (options.mediaSrc ?? []).map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${media}`,
    `media-src 'self' blob:${media}`,
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors === 'any' ? '*' : "'none'"}`,
  ].join('; ');
}

/** The CSP of API answers: JSON only, nothing to run or frame. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

export const COMMON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`,
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
};

/** Headers for an HTML page; `x-frame-options` backs up frame-ancestors for old browsers. */
export function pageSecurityHeaders(frameAncestors: FrameAncestors = 'none', options: CspOptions = {}): Record<string, string> {
  return {
    ...COMMON_SECURITY_HEADERS,
    'content-security-policy': contentSecurityPolicy(frameAncestors, options),
    ...(frameAncestors === 'none' ? { 'x-frame-options': 'DENY' } : {}),
  };
}

/** Paths that may be framed by any site: the embed route of a shared guide. */
export function isEmbedPath(pathname: string): boolean {
  return /^\/share\/[^/]+\/embed\/?$/.test(pathname);
}

/**
 * The bucket origin a page's CSP must allow, from UPLOAD_ORIGIN: set by the local stack (s3rver's
 * origin) and baked into the edge bundle at synth (the bucket's regional endpoint). Pages post
 * uploads to it and show private guides' screenshots and audio from it (presigned URLs).
 */
export function uploadConnectSrc(uploadOrigin: string | undefined): CspOptions {
  return uploadOrigin ? { connectSrc: [uploadOrigin], mediaSrc: [uploadOrigin] } : {};
}
