import type { QueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type DataRouter, type HydrationState, type LoaderFunction, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { LazyRouteErrorScreen as RouteErrorScreen, lazyErrorElement } from '#web/components/errors/lazy-route-error-screen';
import { paths } from '#web/config/paths';
import { ROOT_ROUTE_ID } from '#web/lib/root-search';
import { createRoutePreloader, RoutePreloadContext, type PreloadRoute } from '#web/lib/route-preload';
import { dashboardIndexLoader } from './routes/app/dashboard-index';

import { HydrateFallback, RootLayout, rootLoader } from './routes/root';

/** The private area's error element: signs in again on a 401; loaded only when a route fails. */
const PrivateRouteError = lazyErrorElement<{ standalone?: boolean }>(() => import('./routes/app/private-route-error').then((m) => m.PrivateRouteError));

/**
 * What a lazily loaded route module exports: the page as `default`, and optionally a `loader`,
 * or a loader factory `clientLoader` that receives the query client (loaders fill the cache with
 * `ensureQueryData`, the page reads it with `useSuspenseQuery`), and the route's own error
 * boundary.
 */
interface RouteModule {
  default: ComponentType;
  loader?: LoaderFunction;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  ErrorBoundary?: ComponentType;
}

/** The page's query client, with React Query's code: loaded only by routes whose loaders query. */
const loadAppQueryClient = () => import('#web/lib/app-query-client').then((module) => module.getAppQueryClient());

async function fromModule(module: RouteModule) {
  const loader = module.clientLoader ? module.clientLoader(await loadAppQueryClient()) : module.loader;
  return {
    Component: module.default,
    ...(loader ? { loader } : {}),
    ...(module.ErrorBoundary ? { ErrorBoundary: module.ErrorBoundary } : {}),
  };
}

/**
 * The route tree. Every page is its own chunk (`lazy`). Pages inside the public layout fail
 * inside it (header and footer stay); the root's boundary catches what breaks the shell itself
 * and is the only one offering 'Go to Homepage' on the generic error screen (product-spec.md §2).
 *
 * The private group (product-spec.md §2, §6) sits under one guard route whose loader sends signed-out
 * visitors to /auth and back; its pages fail inside the app shell, and an API 401 there goes
 * through sign-in again.
 */
export function createAppRoutes(): RouteObject[] {
  const page = (importer: () => Promise<RouteModule>) => () => importer().then(fromModule);

  return [
    {
      id: ROOT_ROUTE_ID,
      path: paths.home.path,
      loader: rootLoader,
      element: <RootLayout />,
      errorElement: <RouteErrorScreen isRoot standalone />,
      hydrateFallbackElement: <HydrateFallback />,
      children: [
        {
          id: 'public',
          lazy: page(() => import('./routes/public-layout')),
          children: [
            {
              errorElement: <RouteErrorScreen />,
              children: [
                { index: true, lazy: page(() => import('./routes/landing')) },
                { path: paths.pricing.path, lazy: page(() => import('./routes/pricing')) },
                { path: paths.gallery.path, lazy: page(() => import('./routes/gallery')) },
                { path: paths.gallery.item.path, lazy: page(() => import('./routes/gallery-item')) },
                { path: paths.compare.path, lazy: page(() => import('./routes/compare')) },
                { path: paths.compare.alternative.path, lazy: page(() => import('./routes/compare-alternative')) },
                { path: paths.terms.path, lazy: page(() => import('./routes/terms')) },
                { path: paths.privacy.path, lazy: page(() => import('./routes/privacy')) },
                ...(import.meta.env.DEV ? [{ path: '/_dev/ui', lazy: page(() => import('./routes/dev/ui-kit')) }] : []),
                { path: '*', lazy: page(() => import('./routes/not-found')) },
              ],
            },
          ],
        },
        {
          // Everything below reads or writes data with React Query, which this layout provides.
          id: 'data',
          lazy: page(() => import('./routes/query-layout')),
          children: [
            {
              id: 'auth-layout',
              lazy: page(() => import('./routes/auth/auth-layout')),
              children: [{ errorElement: <RouteErrorScreen />, children: [{ path: paths.auth.path, lazy: page(() => import('./routes/auth/auth')) }] }],
            },
            {
              id: 'private',
              lazy: page(() => import('./routes/app/private')),
              children: [
                {
                  id: 'app-shell',
                  lazy: page(() => import('./routes/app/app-layout')),
                  children: [
                    {
                      errorElement: <PrivateRouteError />,
                      children: [
                        { path: paths.dashboard.path, loader: dashboardIndexLoader },
                        { path: paths.dashboard.welcome.path, lazy: page(() => import('./routes/app/welcome')) },
                        { path: paths.dashboard.recents.path, lazy: page(() => import('./routes/dashboard/recents')) },
                        { path: paths.dashboard.folder.path, lazy: page(() => import('./routes/dashboard/folder')) },
                        { path: paths.dashboard.account.path, lazy: page(() => import('./routes/app/account')) },
                        { path: paths.dashboard.organization.path, lazy: page(() => import('./routes/app/organization')) },
                        { path: paths.dashboard.analytics.path, lazy: page(() => import('./routes/dashboard/analytics')) },
                        { path: paths.dashboard.guideAnalytics.path, lazy: page(() => import('./routes/dashboard/guide-analytics')) },
                        { path: `${paths.dashboard.path}/*`, lazy: page(() => import('./routes/not-found')) },
                      ],
                    },
                  ],
                },
                {
                  lazy: page(() => import('./routes/auth/auth-layout')),
                  children: [
                    {
                      errorElement: <PrivateRouteError />,
                      children: [{ path: paths.acceptInvitation.path, lazy: page(() => import('./routes/app/accept-invitation')) }],
                    },
                  ],
                },
                {
                  // The design view is private but full-screen: outside the app shell, with its own frame.
                  errorElement: <PrivateRouteError standalone />,
                  children: [{ path: paths.share.design.path, lazy: page(() => import('./routes/design/design')) }],
                },
              ],
            },
            { path: paths.share.path, lazy: page(() => import('./routes/share/share')) },
            { path: paths.share.embed.path, lazy: page(() => import('./routes/share/share-embed')) },
          ],
        },
      ],
    },
  ];
}

/** The browser router of the app and the preloader of its links. */
export interface AppRouterInstance {
  router: DataRouter;
  preload: PreloadRoute;
}

/**
 * Resolves the `lazy` routes the current location matches, in place, so that the router starts
 * with their components and loaders: hydration must render the same tree as the prerendered
 * HTML at once, not a fallback while route code loads (react-router's "lazy routes with SSR").
 */
async function resolveMatchedLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

/**
 * The router for a prerendered page (web/prerender.ts): it starts from the loader data the HTML
 * was rendered with, so the first render matches the HTML and hydrates it.
 */
export async function createHydratingAppRouter(hydrationData: HydrationState): Promise<AppRouterInstance> {
  const routes = createAppRoutes();
  await resolveMatchedLazyRoutes(routes, window.location.pathname);
  return { router: createBrowserRouter(routes, { hydrationData }), preload: createRoutePreloader(routes) };
}

/** The router for a page rendered in the browser: it starts loading the page's code and data at once. */
export function createAppRouter(): AppRouterInstance {
  const routes = createAppRoutes();
  return { router: createBrowserRouter(routes), preload: createRoutePreloader(routes) };
}

export function AppRouter({ instance }: { instance?: AppRouterInstance }) {
  const { router, preload } = useMemo(() => instance ?? createAppRouter(), [instance]);

  return (
    <RoutePreloadContext value={preload}>
      <RouterProvider router={router} />
    </RoutePreloadContext>
  );
}
