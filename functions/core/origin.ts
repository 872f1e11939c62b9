import * as z from 'zod';
import { AppError } from '#shared/errors';
import { defineConfig } from './config';
import type { ApiEvent } from './api-event';

const originConfig = defineConfig({
  /**
   * the site's public origin, the one source of every absolute link (mail, Stripe return URLs) and
   * of the trusted origin: never the request's Host or X-Forwarded-Host, which a caller can forge
   */
  APP_ORIGIN: z
    .string({ error: 'is required: the site\'s public origin, such as https://stepcast.example.com (cdk deploy -c appOrigin=...)' })
    .url('must be an origin such as https://stepcast.example.com')
    .refine((value) => new URL(value).origin === value.replace(/\/$/, ''), 'must be an origin only (scheme, host, port), without a path'),
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

/**
 * The site's origin (APP_ORIGIN), for links in mails, Stripe's return URLs and the origin check.
 * Throws while APP_ORIGIN is missing or malformed; every API function calls it at cold start
 * (requireSiteOrigin), so a deployment without it never answers a request.
 */
export function siteOrigin(): string {
  return originConfig().APP_ORIGIN.replace(/\/$/, '');
}

/** Fails the cold start, with the list of bad keys, when the site's origin is not configured. */
export function requireSiteOrigin(): void {
  siteOrigin();
}

export function trustedOrigins(): Set<string> {
  const { EXTENSION_IDS, TRUSTED_ORIGINS } = originConfig();
  const list = (value: string) => value.split(',').map((v) => v.trim()).filter(Boolean);
  return new Set([siteOrigin(), ...list(EXTENSION_IDS).map((id) => `chrome-extension://${id}`), ...list(TRUSTED_ORIGINS)]);
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
  if (origin === undefined || origin === 'null' || !trustedOrigins().has(origin)) {
    throw new AppError('forbidden', 'This request must come from the Stepcast app.');
  }
}
