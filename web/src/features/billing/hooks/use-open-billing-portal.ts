import { useCreateBillingPortalSession } from '../api/create-billing-portal-session';
import { useResetOnPageShow } from './use-reset-on-page-show';

export const PORTAL_FAILED_MESSAGE = 'Failed to get customer portal URL';

/**
 * 'Manage subscription': the browser goes to the Stripe billing portal. A failure is silent
 * (product-spec.md §7, §8): logged, and the portal does not open. `isBusy` stays true while the browser
 * leaves for Stripe.
 */
export function useOpenBillingPortal() {
  const portal = useCreateBillingPortalSession({
    mutationConfig: {
      onSuccess: ({ url }) => window.location.assign(url),
      // Its own onError also keeps the app's default 'Something went wrong' toast away.
      onError: (error) => console.error(PORTAL_FAILED_MESSAGE, error),
    },
  });
  useResetOnPageShow(portal.reset);

  return {
    open: () => portal.mutate(),
    isBusy: portal.isPending || portal.isSuccess,
  };
}
