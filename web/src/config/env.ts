/**
 * Build-time configuration (Vite's `VITE_*` variables). Each value is checked here once, with a
 * default that works, so that no page deals with a missing or malformed one.
 */
function httpUrl(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : fallback;
  } catch {
    return fallback;
  }
}

export const env = {
  /** Where the capture extension is installed from (its store listing). */
  EXTENSION_STORE_URL: httpUrl(import.meta.env.VITE_EXTENSION_STORE_URL, 'https://chromewebstore.google.com/search/Stepcast'),
  /** The public site's origin, for canonical URLs, Open Graph tags and the sitemap (no trailing slash). */
  SITE_ORIGIN: new URL(httpUrl(import.meta.env.VITE_SITE_ORIGIN, 'http://localhost:3000')).origin,
} as const;
