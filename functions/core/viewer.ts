import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { AppError } from '#shared/errors';
import { ORIGIN_VERIFY_HEADER, VIEWER_ADDRESS_HEADER } from '#shared/security-headers';
import { originVerifySecret } from './secrets';
import { logger } from './logger';
import type { ApiEvent } from './http';

/**
 * Who sent a request, as far as the API can tell. CloudFront adds `x-origin-verify` (a secret
 * only it and the API know) and `cloudfront-viewer-address` to every request it forwards; the
 * API refuses requests without the secret once one is configured, so the CDN (its WAF, headers
 * and caching) cannot be bypassed through the execute-api endpoint, and trusts the viewer
 * address only on requests that carried it.
 */
// API Gateway lowercases header names.
const ORIGIN_VERIFY = ORIGIN_VERIFY_HEADER.toLowerCase();
const VIEWER_ADDRESS = VIEWER_ADDRESS_HEADER.toLowerCase();

const verified = new WeakSet<ApiEvent>();

// The expected value's bytes, kept while the secret stays the same (once per warm container).
let expectedBytes: { secret: string; bytes: Buffer } | undefined;

function sameSecret(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  if (expectedBytes?.secret !== expected) expectedBytes = { secret: expected, bytes: Buffer.from(expected) };
  const a = Buffer.from(given);
  const b = expectedBytes.bytes;
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Refuses (403) a request without CloudFront's origin-verify value when one is configured; a
 * secret that cannot be read refuses too (503), never lets the request through.
 */
export async function assertFromCloudFront(event: ApiEvent): Promise<void> {
  let expected: string | undefined;
  try {
    expected = await originVerifySecret();
  } catch (error) {
    logger.error('origin-verify secret unreadable', { error: error as Error });
    throw new AppError('service_unavailable', 'The service is temporarily unavailable. Please try again shortly.');
  }
  if (expected === undefined) return;
  if (!sameSecret(event.headers?.[ORIGIN_VERIFY], expected)) {
    throw new AppError('forbidden', 'Requests must come through the Stepcast site.');
  }
  verified.add(event);
}

/** `203.0.113.7:4432` or `2001:db8::1:4432` → the address, when it is one. */
function viewerIp(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const ip = value.slice(0, value.lastIndexOf(':'));
  return isIP(ip) ? ip : undefined;
}

/**
 * The caller's IP for per-IP limits: CloudFront's viewer address when the request proved it came
 * through CloudFront (the source IP is then CloudFront's own), else API Gateway's source IP;
 * never X-Forwarded-For, which the caller writes.
 */
export function clientIp(event: ApiEvent): string {
  const sourceIp = event.requestContext.http.sourceIp;
  if (!verified.has(event)) return sourceIp;
  return viewerIp(event.headers?.[VIEWER_ADDRESS]) ?? sourceIp;
}
