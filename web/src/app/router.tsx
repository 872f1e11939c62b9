import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo, type ComponentType } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { RouteErrorScreen } from '../components/errors/route-error-screen';
import { paths } from '../config/paths';
import { ROOT_ROUTE_ID } from '../lib/root-search';
import { createRoutePreloader, RoutePreloadContext } from '../lib/route-preload';
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
