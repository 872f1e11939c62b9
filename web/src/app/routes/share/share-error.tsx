import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouteErrorScreen } from '../../../components/errors/route-error-screen';
import { GuideNotFound } from '../../../features/share/components/guide-not-found';
import { paths } from '../../../config/paths';

/** A missing or private guide has its own state; anything else is the generic error screen. */
export function ShareErrorBoundary({ embedded = false }: { embedded?: boolean }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <GuideNotFound homeHref={paths.home.getHref()} openInNewTab={embedded} />;
  }
  // The layouts around this boundary already hold the `main` landmark.
  return <RouteErrorScreen />;
}
