import { PRODUCT_NAME } from '#shared/product';
import { paths } from '#web/config/paths';

/** A public page's head: the title in the tab, the description in search results and previews. */
export interface SitePage {
  /** the canonical path, as the site links to it */
  path: string;
  /** the page's own title; `documentTitle` appends the product name */
  title: string;
  description: string;
}

/**
 * The landing page's head, apart from the other pages' (site-pages.ts) so that the landing
 * page's bundle, which has a budget, carries no other page's text.
 */
export const HOME_PAGE: SitePage = {
  path: paths.home.getHref(),
  title: 'Narrated step-by-step guides from any web app',
  description: `Click through a flow once in any web app. ${PRODUCT_NAME} turns it into a narrated step-by-step guide you can share by link or embed.`,
};

/** An absolute URL on the site; `origin` has no trailing slash. */
export function siteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}
