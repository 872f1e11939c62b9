import { isRouteErrorResponse, useRouteError } from 'react-router';
import { RouteErrorScreen } from '#web/components/errors/route-error-screen';
import { buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';
import { GuideNotFound } from '#web/features/share/components/guide-not-found';

/** The way home from a missing guide: in the app, or a new tab from an embed (the frame is someone else's page). */
export function GuideNotFoundAction({ embedded }: { embedded: boolean }) {
  const className = buttonClassName({ variant: 'outline' });
  return embedded ? (
    <a href={paths.home.getHref()} target="_blank" rel="noopener" className={className}>
      Go to Homepage
    </a>
  ) : (
    <Link to={paths.home.getHref()} className={className}>
      Go to Homepage
    </Link>
  );
}

/** A missing or private guide has its own state; anything else is the generic error screen. */
export function ShareErrorBoundary({ embedded = false }: { embedded?: boolean }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <GuideNotFound action={<GuideNotFoundAction embedded={embedded} />} />;
  }
  // The layouts around this boundary already hold the `main` landmark.
  return <RouteErrorScreen />;
}
