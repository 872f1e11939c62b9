import { describe, expect, it } from 'vitest';
import { GALLERY_ITEMS } from '#shared/gallery';
import { robotsTxt, sitemapXml, sitePages } from './site-map';
import { siteUrl } from './site-page';

const ORIGIN = 'https://stepcast.example';

describe('the public site map', () => {
  it('lists every public page once: the fixed pages and one per gallery item', () => {
    const paths = sitePages().map((page) => page.path);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/',
        '/pricing',
        '/gallery/',
        '/compare',
        '/compare/scribe-alternative',
        '/compare/loom-alternative',
        '/compare/guidde-alternative',
        '/terms',
        '/privacy',
        ...GALLERY_ITEMS.map((item) => `/gallery/${item.slug}`),
      ]),
    );
    expect(paths).toHaveLength(9 + GALLERY_ITEMS.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('gives every page its own title and description', () => {
    const pages = sitePages();
    expect(new Set(pages.map((page) => page.title)).size).toBe(pages.length);
    expect(new Set(pages.map((page) => page.description)).size).toBe(pages.length);
    for (const page of pages) expect(page.description.length).toBeLessThanOrEqual(200);
  });

  it('writes absolute URLs into sitemap.xml and nothing private', () => {
    const xml = sitemapXml(ORIGIN);
    expect(xml).toContain('<loc>https://stepcast.example/</loc>');
    expect(xml).toContain('<loc>https://stepcast.example/gallery/acme-crm</loc>');
    expect(xml).not.toContain('/dashboard');
    expect(xml).not.toContain('/design');
    expect(xml.match(/<url>/g)).toHaveLength(sitePages().length);
  });

  it('escapes what XML would read as markup', () => {
    expect(sitemapXml(ORIGIN, [{ path: '/a?b=1&c=2', title: 't', description: 'd' }])).toContain('/a?b=1&amp;c=2');
  });

  it('keeps crawlers out of the app, the API and guide editors, and points them at the sitemap', () => {
    const robots = robotsTxt(ORIGIN);
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Disallow: /share/*/design');
    expect(robots).toContain('Sitemap: https://stepcast.example/sitemap.xml');
  });

  it('joins the origin and a path without doubling slashes', () => {
    expect(siteUrl(ORIGIN, '/pricing')).toBe('https://stepcast.example/pricing');
    expect(siteUrl(ORIGIN, '/')).toBe('https://stepcast.example/');
  });
});
