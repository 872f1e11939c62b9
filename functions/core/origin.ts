import * as z from 'zod';
import { AppError } from '#shared/errors';
import { defineConfig } from './config';
import type { ApiEvent } from './http';

const originConfig = defineConfig({
  /** the site's public origin; when unset it is read from the request (CloudFront forwards the viewer's host) */
  APP_ORIGIN: z.string().url().optional(),
  /** ids of the capture extension allowed to call the API with the user's session, comma-separated */
  EXTENSION_IDS: z.string().default(''),
  /** further trusted origins, comma-separated (e.g. a preview host) */
  TRUSTED_ORIGINS: z.string().default(''),
});

function header(event: ApiEvent, name: string): string | undefined {
  return event.headers?.[name];
}

/** True when the viewer reached us over https (API Gateway and the local adapter set x-forwarded-proto). */
export function isSecure(event: ApiEvent): boolean {
  return (header(event, 'x-forwarded-proto') ?? 'https').split(',')[0]!.trim() === 'https';
}

/** The site's origin as the viewer sees it, for links in mails and redirects. */
export function siteOrigin(event: ApiEvent): string {
  const configured = originConfig().APP_ORIGIN;
  if (configured) return configured.replace(/\/$/, '');
  // A CloudFront function copies the viewer's Host into x-forwarded-host before the API origin.
  const host = header(event, 'x-forwarded-host') ?? header(event, 'host') ?? event.requestContext?.domainName ?? 'localhost';
  return `${isSecure(event) ? 'https' : 'http'}://${host.split(',')[0]!.trim()}`;
}

export function trustedOrigins(event: ApiEvent): Set<string> {
  const { EXTENSION_IDS, TRUSTED_ORIGINS } = originConfig();
  const list = (value: string) => value.split(',').map((v) => v.trim()).filter(Boolean);
  return new Set([siteOrigin(event), ...list(EXTENSION_IDS).map((id) => `chrome-extension://${id}`), ...list(TRUSTED_ORIGINS)]);
}

function requestOrigin(event: ApiEvent): string | undefined {
  const origin = header(event, 'origin');
  if (origin) return origin;
  const referer = header(event, 'referer');
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions: a state-changing request that carries cookies must come
 * from a trusted origin (Origin, else Referer); a missing or "null" origin is refused. Without
 * cookies there is no ambient authority to abuse, but a foreign origin is still refused, so a
 * site cannot sign a visitor in to an attacker's account.
 */
export function assertTrustedOrigin(event: ApiEvent): void {
  const method = event.requestContext?.http?.method ?? 'GET';
  if (SAFE_METHODS.has(method)) return;
  const origin = requestOrigin(event);
  const hasCookies = (event.cookies?.length ?? 0) > 0;
  if (origin === undefined && !hasCookies) return;
  if (origin === undefined || origin === 'null' || !trustedOrigins(event).has(origin)) {
    throw new AppError('forbidden', 'This request must come from the Stepcast app.');
  }
}
