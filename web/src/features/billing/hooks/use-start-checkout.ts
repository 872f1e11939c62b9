import { useQueryClient } from '@tanstack/react-query';
import { toast } from '#web/components/ui/toast';
import { isApiError } from '#web/lib/api-error';
import { CheckoutError, useCreateCheckoutSession } from '../api/create-checkout-session';
import { refreshSubscriptionData } from '../api/refresh-plan';
import { useResetOnPageShow } from './use-reset-on-page-show';

export const CHECKOUT_FAILED_MESSAGE = 'Failed to create checkout session';

/**
 * 'Start 7-day free trial' (product-spec.md §4 flow): a checkout session is created and the browser goes to
 * it, and comes back to this page (the server drops the modal's own parameters). An answer without a url says 'Failed to create checkout session'; a refused request shows
 * its status text, with the API's explanation under it. `isBusy` stays true while the browser
 * leaves for Stripe.
 */
export function useStartCheckout() {
  const queryClient = useQueryClient();
  const checkout = useCreateCheckoutSession({
    mutationConfig: {
      onSuccess: ({ url }) => {
        if (url) window.location.assign(url);
        else toast.error(CHECKOUT_FAILED_MESSAGE);
      },
      onError: (error) => {
        const detail = error instanceof CheckoutError && error.detail !== error.message ? error.detail : undefined;
        toast.error(error.message || CHECKOUT_FAILED_MESSAGE, detail ? { description: detail } : {});
        // Already subscribed (in another tab, or by webhook since this page loaded): show it.
        if (isApiError(error, 409)) void refreshSubscriptionData(queryClient);
      },
    },
  });
  useResetOnPageShow(checkout.reset);

  return {
    start: () => checkout.mutate({ returnTo: `${window.location.pathname}${window.location.search}` }),
    isBusy: checkout.isPending || Boolean(checkout.data?.url),
  };
}
