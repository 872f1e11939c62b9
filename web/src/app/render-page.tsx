import { isValidElement, StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { PrerenderedState } from '#web/lib/prerendered-state';
import { RoutePreloadContext } from '#web/lib/route-preload';
import { AppProvider } from './provider';
import { createAppRoutes } from './router';

/**
 * Renders one page of the app to HTML at build time (web/prerender.ts runs this module, built
 * by Vite for Node). It renders the same tree the browser hydrates (app.tsx), through
 * react-router's static handler, so loaders, 404s and lazy routes behave as in the browser.
 */

/**
 * Every route module, loaded the way the router loads them (the same module instances), to name
 * the modules a page renders by their components.
 */
const ROUTE_MODULES = import.meta.glob<{ default?: unknown; ErrorBoundary?: unknown }>('./routes/**/*.tsx');

async function moduleOf(component: unknown): Promise<string | undefined> {
  for (const [file, load] of Object.entries(ROUTE_MODULES)) {
    const module = await load();
    if (module.default === component || module.ErrorBoundary === component) return `src/app/${file.slice(2)}`;
  }
  return undefined;
}

export interface RenderedPage {
  /** the markup inside `#root` */
  html: string;
  status: number;
  state: PrerenderedState;
  /** the route modules the page rendered, as Vite's manifest names them (`src/app/routes/landing.tsx`) */
  modules: string[];
}

export async function renderPage(url: string): Promise<RenderedPage> {
  const handler = createStaticHandler(createAppRoutes());
  const context = await handler.query(new Request(url));
  if (context instanceof Response) {
    throw new Error(`${url} answered ${context.status} ${context.headers.get('location') ?? ''}: only pages can be prerendered`);
  }
  if (context.errors) {
    const [error] = Object.values(context.errors) as unknown[];
    throw new Error(`${url} failed to render: ${error instanceof Error ? error.message : JSON.stringify(error)}`);
  }

  const modules: string[] = [];
  for (const match of context.matches) {
    // Only lazy routes are modules of their own (the root is in app.tsx, always linked). Once
    // loaded, React Router keeps a lazy route's `Component` as its `element` and clears `Component`.
    if (!('lazy' in match.route)) continue;
    const component: unknown = match.route.Component ?? (isValidElement(match.route.element) ? match.route.element.type : undefined);
    if (!component) continue;
    const file = await moduleOf(component);
    if (!file) throw new Error(`${url}: the component of route ${match.route.id} is not a route module's export`);
    modules.push(file);
  }

  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        <RoutePreloadContext value={() => Promise.resolve()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </RoutePreloadContext>
      </AppProvider>
    </StrictMode>,
  );
  const { pathname } = new URL(url);
  return { html, status: context.statusCode, state: { path: pathname, loaderData: context.loaderData }, modules };
}

// What the build publishes besides the pages, from the same modules and build-time settings
// as the app itself (the site origin comes from VITE_SITE_ORIGIN, as in the browser).
export { env } from '#web/config/env';
export { documentTitle } from '#web/lib/document-head';
export { prerenderedStateElement } from '#web/lib/prerendered-state';
export { robotsTxt, sitemapXml, sitePages } from '#web/features/marketing/site-map';
export { siteUrl } from '#web/features/marketing/site-page';
