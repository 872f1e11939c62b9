import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ApiError } from '#web/lib/api-error';
import { ErrorScreen } from './error-screen';
import { NotFoundScreen } from './not-found-screen';

/** The status a route error stands for: its own when it is an HTTP error status, else 500. */
export function routeErrorStatus(error: unknown): number {
  const status = isRouteErrorResponse(error) ? error.status : error instanceof ApiError ? error.status : 500;
  return status >= 400 && status <= 599 ? status : 500;
}

export interface RouteErrorScreenProps {
  /** this boundary belongs to the root route: its failure offers the way home */
  isRoot?: boolean;
  standalone?: boolean;
}

/**
 * A route's `errorElement`: 404s get the not-found screen, everything else the generic screen,
 * whose 'Try Again' re-runs the matched routes' loaders (and a failed lazy import).
 */
export function RouteErrorScreen({ isRoot = false, standalone = false }: RouteErrorScreenProps) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const status = routeErrorStatus(error);

  if (status === 404) return <NotFoundScreen standalone={standalone} />;
  return (
    <ErrorScreen
      code={status}
      onRetry={() => void revalidator.revalidate()}
      retrying={revalidator.state === 'loading'}
      showHomeButton={isRoot}
      standalone={standalone}
      detail={error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error)}
    />
  );
}
