import { Outlet, ScrollRestoration, type LoaderFunctionArgs } from 'react-router';
import { NavigationProgress } from '#web/components/ui/navigation-progress';
import { SubscriptionModalHost } from '#web/features/billing/components/subscription-modal-host';
import { loadRootSearch } from '#web/lib/root-search';
import { useFocusMainOnNavigation } from '#web/lib/route-focus';

/** Validates the search every page accepts; read it anywhere with `useRootSearch()`. */
export function rootLoader({ request }: LoaderFunctionArgs) {
  return loadRootSearch(new URL(request.url).searchParams);
}

/**
 * The shell of every page: scroll restoration, the navigation bar and focus that follows the
 * navigation, and the subscription modal that `?subscribe` or `?stripe_session_id` opens on any
 * page (product-spec.md §2); pages bring their own layout.
 */
export function RootLayout() {
  useFocusMainOnNavigation();
  return (
    <>
      <ScrollRestoration />
      <NavigationProgress />
      <Outlet />
      <SubscriptionModalHost />
    </>
  );
}

/** Shown while the first page's code and data load: the bar alone, no layout jump. */
export function HydrateFallback() {
  return <div className="navigation-progress" data-visible aria-hidden="true" />;
}
