import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate, useRouteError } from 'react-router';
import { RouteErrorScreen } from '#web/components/errors/route-error-screen';
import { paths } from '#web/config/paths';
import { isApiError } from '#web/lib/api-error';
import { endSession } from '#web/lib/auth-keys';

/** The session ended elsewhere: forget it (or /auth would send the visitor straight back) and sign in again. */
function SignInAgain() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();

  useEffect(() => {
    endSession(queryClient);
    void navigate(paths.auth.getHref(`${pathname}${search}`), { replace: true });
  }, [queryClient, navigate, pathname, search]);

  return null;
}

/**
 * An error inside the private area: an API answer 401 means the session ended elsewhere
 * (revoked, expired), so sign in again and come back; anything else is the generic screen.
 */
export function PrivateRouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();
  if (isApiError(error, 401)) return <SignInAgain />;
  return <RouteErrorScreen standalone={standalone} />;
}
