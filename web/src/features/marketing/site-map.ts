import { GALLERY_ITEMS } from '#shared/gallery';
import { escapeHtml } from '#shared/html';
import { siteUrl, type SitePage } from './site-page';
import { galleryItemPage, SITE_PAGES } from './site-pages';

/**
 * What the build publishes about the public site: the pages it prerenders, `sitemap.xml` and
 * `robots.txt`. Kept apart from `site-pages.ts` so that no page's bundle carries the gallery
 * list just to know its own title.
 */

/** Every page the build prerenders and the sitemap lists: public, the same for everyone. */
export function sitePages(): SitePage[] {
  return [...Object.values(SITE_PAGES), ...GALLERY_ITEMS.map(galleryItemPage)];
}

/** Areas no crawler should visit: the app, its API, the sign-in screen and guide editors. */
export const DISALLOWED_PATHS = ['/dashboard', '/api/', '/auth', '/accept-invitation', '/share/*/design'] as const;

// The HTML escape is also valid XML (&#39; is a character reference XML knows).
const escapeXml = escapeHtml;

export function sitemapXml(origin: string, pages: readonly SitePage[] = sitePages()): string {
  const urls = pages.map((page) => `  <url><loc>${escapeXml(siteUrl(origin, page.path))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
