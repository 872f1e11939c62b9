import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { toast } from '#web/components/ui/toast';
import { requireSession } from '#web/lib/auth';
import { authQueryKeys } from '#web/lib/auth-keys';
import { PrivateRouteError } from './private-route-error';

/**
 * The private area's guard (product-spec.md §6: dashboard and design view need a signed-in user): a
 * signed-out visitor is sent to /auth with the way back (`?redirect=` path and search).
 */
export function clientLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    return null;
  };
}

/**
 * A verification link (sign-up or a changed email) lands on its page with `?verified=true`:
 * the session is refreshed (product-spec.md §4: after verify-email), the person told, the marker removed.
 */
function useVerifiedLanding() {
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const verified = params.get('verified') === 'true';

  useEffect(() => {
    if (!verified) return;
    void queryClient.invalidateQueries({ queryKey: authQueryKeys.session });
    // A fixed id: shown once even when the effect runs twice.
    toast.success('Your email address is verified.', { id: 'email-verified' });
    setParams(
      (current) => {
        current.delete('verified');
        return current;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [verified, queryClient, setParams]);
}

export default function PrivateRoute() {
  useVerifiedLanding();
  return <Outlet />;
}

export function ErrorBoundary() {
  return <PrivateRouteError standalone />;
}
