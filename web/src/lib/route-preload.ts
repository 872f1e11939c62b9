import { createContext, useContext } from 'react';
import { matchRoutes, RouterContextProvider, type RouteObject } from 'react-router';

/** Loads a path's route code and runs its loaders ahead of a navigation; never rejects. */
export type PreloadRoute = (href: string) => Promise<void>;

export const RoutePreloadContext = createContext<PreloadRoute>(() => Promise.resolve());

export function useRoutePreload(): PreloadRoute {
  return useContext(RoutePreloadContext);
}

export interface RoutePreloaderOptions {
  /** The same path is not preloaded again within this time. @default 10_000 */
  coolDownMs?: number;
  /** @default the page's origin */
  origin?: string;
  now?: () => number;
}

/** The full route pattern of a match list, e.g. `/share/:segment/embed`. */
function patternOf(paths: (string | undefined)[]): string {
  const joined = paths.filter((path) => path !== undefined && path !== '').join('/');
  return `/${joined}`.replace(/\/{2,}/g, '/');
}

/**
 * Preload on intent for data mode. react-router's own `<Link prefetch>` is framework-mode only,
 * and `useFetcher().load(href)` reports a failed preload to the current page's error boundary,
 * so this resolves the target's `lazy` modules itself (the browser caches the import, so the
 * navigation reuses it) and calls their loaders, which fill the query cache through
 * `ensureQueryData`. A failure is ignored: the real navigation will meet it and show it.
 */
export function createRoutePreloader(routes: RouteObject[], options: RoutePreloaderOptions = {}): PreloadRoute {
  const coolDownMs = options.coolDownMs ?? 10_000;
  const now = options.now ?? Date.now;
  const recent = new Map<string, number>();

  return async (href) => {
    const origin = options.origin ?? globalThis.location.origin;
    const url = new URL(href, origin);
    if (url.origin !== origin) return;

    const key = url.pathname + url.search;
    const last = recent.get(key);
    if (last !== undefined && now() - last < coolDownMs) return;
    recent.set(key, now());

    const matches = matchRoutes(routes, url.pathname);
    if (!matches) return;
    const pattern = patternOf(matches.map((match) => match.route.path));

    await Promise.all(
      matches.map(async (match) => {
        try {
          const { route } = match;
          const lazy = typeof route.lazy === 'function' ? await route.lazy() : undefined;
          const loader = lazy?.loader ?? route.loader;
          if (typeof loader !== 'function') return;
          await loader({
            request: new Request(url),
            url,
            pattern,
            params: match.params,
            context: new RouterContextProvider(),
          });
        } catch {
          // Deliberately silent: see above.
        }
      }),
    );
  };
}
