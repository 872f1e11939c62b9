import type { CloudFrontRequestEvent, CloudFrontResultResponse } from 'aws-lambda';
import { isEmbedPath, pageSecurityHeaders } from '#shared/security-headers';

/**
 * Lambda@Edge, origin request on /share/*: answers the HTML of a shared guide's page.
 * Lambda@Edge has no environment, so it reads everything from the request's own host: the
 * SPA shell from /index.html (the share issue adds the guide's meta tags from /api/share/{id}).
 * It never answers an error page: when the shell cannot be read it still sends a minimal page
 * that loads the SPA.
 */

/** How long the edge waits for the shell before answering the fallback page. */
export const FETCH_TIMEOUT_MS = 2_000;

const FALLBACK_SHELL =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Stepcast</title></head><body><div id="root"></div></body></html>';

type CloudFrontHeaders = CloudFrontResultResponse['headers'];

function toCloudFrontHeaders(headers: Record<string, string>): NonNullable<CloudFrontHeaders> {
  const result: NonNullable<CloudFrontHeaders> = {};
  for (const [key, value] of Object.entries(headers)) result[key.toLowerCase()] = [{ key, value }];
  return result;
}

/** The origin a request reached: CloudFront is always https; the local server says http. */
export function requestOrigin(event: CloudFrontRequestEvent): string {
  const { request, config } = event.Records[0]!.cf;
  const host = request.headers['host']?.[0]?.value ?? config.distributionDomainName;
  const proto = request.headers['cloudfront-forwarded-proto']?.[0]?.value === 'http' ? 'http' : 'https';
  return `${proto}://${host}`;
}

async function fetchText(url: string, timeoutMs: number): Promise<string | undefined> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'text/html' } });
    return response.ok ? await response.text() : undefined;
  } catch {
    return undefined;
  }
}

export async function handler(event: CloudFrontRequestEvent): Promise<CloudFrontResultResponse> {
  const { request } = event.Records[0]!.cf;
  const origin = requestOrigin(event);
  const shell = (await fetchText(`${origin}/index.html`, FETCH_TIMEOUT_MS)) ?? FALLBACK_SHELL;
  const frameAncestors = isEmbedPath(request.uri) ? 'any' : 'none';
  return {
    status: '200',
    statusDescription: 'OK',
    headers: toCloudFrontHeaders({
      'Content-Type': 'text/html; charset=utf-8',
      // Short shared caching: a guide's preview changes when it is edited or unpublished.
      'Cache-Control': 'public, max-age=0, s-maxage=60',
      ...pageSecurityHeaders(frameAncestors),
    }),
    body: shell,
  };
}
