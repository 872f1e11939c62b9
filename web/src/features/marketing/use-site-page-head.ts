import { useEffect } from 'react';
import { env } from '#web/config/env';
import { useDocumentHead } from '#web/lib/document-head';
import { siteUrl, type SitePage } from './site-page';

function setCanonical(url: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.append(link);
  }
  link.href = url;
  document.head.querySelector('meta[property="og:url"]')?.setAttribute('content', url);
}

/**
 * A public page's head after client-side navigation: title, description, canonical URL and
 * og:url. The prerendered HTML carries the same tags from the build (web/prerender.ts); pages
 * outside the public site have no canonical URL, so it goes when the page does.
 */
export function useSitePageHead(page: SitePage): void {
  useDocumentHead({ title: page.title, description: page.description });
  useEffect(() => {
    setCanonical(siteUrl(env.SITE_ORIGIN, page.path));
    return () => document.head.querySelector('link[rel="canonical"]')?.remove();
  }, [page.path]);
}
