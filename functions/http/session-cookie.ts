import type { ApiEvent } from '../core/http';
import { isSecure } from '../core/origin';

/**
 * The session cookie: `__Host-` prefixed and Secure over https (no Domain, Path=/), a plain name
 * on http://localhost where browsers refuse Secure cookies. HttpOnly and SameSite=Lax always.
 */
export const SECURE_COOKIE_NAME = '__Host-stepcast.session';
export const PLAIN_COOKIE_NAME = 'stepcast.session';

export function cookieName(event: ApiEvent): string {
  return isSecure(event) ? SECURE_COOKIE_NAME : PLAIN_COOKIE_NAME;
}

export function readSessionToken(event: ApiEvent): string | undefined {
  const name = cookieName(event);
  for (const cookie of event.cookies ?? []) {
    const at = cookie.indexOf('=');
    if (at > 0 && cookie.slice(0, at).trim() === name) return cookie.slice(at + 1).trim() || undefined;
  }
  return undefined;
}

export function sessionCookie(event: ApiEvent, token: string, maxAgeSeconds: number | undefined): string {
  const parts = [`${cookieName(event)}=${token}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (isSecure(event)) parts.push('Secure');
  if (maxAgeSeconds !== undefined) parts.push(`Max-Age=${maxAgeSeconds}`);
  return parts.join('; ');
}

export function clearedSessionCookie(event: ApiEvent): string {
  return sessionCookie(event, '', 0);
}
