/**
 * The SPA's client-side routes that no build prerenders: the SPA shell answers them (status 200).
 * Every other extensionless path the build did not prerender is not a page: it gets the same
 * shell, so the app shows its not-found screen, but with status 404 (CloudFront's SPA fallback
 * function and the local server decide it from this list). `*` matches one or more segments.
 * web/src/config/paths.test.ts checks that every private route of the app is listed.
 */
export const SPA_CLIENT_ROUTES = ['/auth', '/dashboard', '/dashboard/*', '/accept-invitation/*'] as const;

/** A path as a test against the list: `/dashboard/*` takes `/dashboard/recents` and `/dashboard/folder/x`. */
export function isClientRoute(pathname: string, routes: readonly string[] = SPA_CLIENT_ROUTES): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  return routes.some((route) => (route.endsWith('/*') ? path.startsWith(route.slice(0, -1)) && path.length > route.length - 1 : path === route));
}
