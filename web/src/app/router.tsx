import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouteErrorScreen } from '../components/errors/route-error-screen';
import { paths } from '../config/paths';
import { ROOT_ROUTE_ID } from '../lib/root-search';
import { createRoutePreloader, RoutePreloadContext } from '../lib/route-preload';
import { dashboardIndexLoader } from './routes/app/dashboard-index';
import { PrivateRouteError } from './routes/app/private-route-error';
import { HydrateFallback, RootLayout, rootLoader } from './routes/root';

/**
 * What a lazily loaded route module exports: the page as `default`, and optionally a loader
 * factory that receives the query client (loaders fill the cache with `ensureQueryData`, the
 * page reads it with `useSuspenseQuery`) and the route's own error boundary.
 */
interface RouteModule {
  default: ComponentType;
  clientLoader?: (queryClient: QueryClient) => LoaderFunction;
  ErrorBoundary?: ComponentType;
}

function fromModule(queryClient: QueryClient) {
  return (module: RouteModule) => ({
    Component: module.default,
    ...(module.clientLoader ? { loader: module.clientLoader(queryClient) } : {}),
    ...(module.ErrorBoundary ? { ErrorBoundary: module.ErrorBoundary } : {}),
  });
}

/**
 * The route tree. Every page is its own chunk (`lazy`). Pages inside the public layout fail
 * inside it (header and footer stay); the root's boundary catches what breaks the shell itself
 * and is the only one offering 'Go to Homepage' on the generic error screen (spec §2).
 *
 * The private group (spec §2, §6) sits under one guard route whose loader sends signed-out
 * visitors to /auth and back; its pages fail inside the app shell, and an API 401 there goes
 * through sign-in again.
 */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const page = (importer: () => Promise<RouteModule>) => () => importer().then(fromModule(queryClient));

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
                ...(import.meta.env.DEV ? [{ path: '/_dev/ui', lazy: page(() => import('./routes/dev/ui-kit')) }] : []),
                { path: '*', lazy: page(() => import('./routes/not-found')) },
              ],
            },
          ],
        },
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
                    // guides routes (recents, folder) are added by the guides feature
                    { path: paths.dashboard.account.path, lazy: page(() => import('./routes/app/account')) },
                    { path: paths.dashboard.organization.path, lazy: page(() => import('./routes/app/organization')) },
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
          ],
        },
        { path: paths.share.path, lazy: page(() => import('./routes/share/share')) },
        { path: paths.share.embed.path, lazy: page(() => import('./routes/share/share-embed')) },
      ],
    },
  ];
}

export function AppRouter() {
  const queryClient = useQueryClient();
  const { router, preload } = useMemo(() => {
    const routes = createAppRoutes(queryClient);
    return { router: createBrowserRouter(routes), preload: createRoutePreloader(routes) };
  }, [queryClient]);

  return (
    <RoutePreloadContext value={preload}>
      <RouterProvider router={router} />
    </RoutePreloadContext>
  );
}
