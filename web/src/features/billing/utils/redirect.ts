/**
 * A Stripe page address from an API answer, if it is one the browser may be sent to: absolute
 * http(s) only, never `javascript:` or `data:`.
 */
export function safeRedirectUrl(value: string | null | undefined, base = globalThis.location?.origin ?? 'http://localhost'): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value, base);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
