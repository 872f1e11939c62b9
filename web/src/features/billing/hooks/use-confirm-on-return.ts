import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '#web/components/ui/toast';
import { useConfirmSubscription } from '../api/confirm-subscription';
import { refreshSubscriptionData } from '../api/refresh-plan';
import { searchAfterConfirmation } from '../utils/subscription-modal';

export const CONFIRM_FAILED_MESSAGE = 'Failed to confirm subscription. Please try again.';
export const WELCOME_TITLE = 'Welcome aboard!';
export const WELCOME_DESCRIPTION = 'Your subscription is confirmed.';
/** product-spec.md §9 */
export const WELCOME_TOAST_MS = 5000;

const CONFIRM_TOAST_ID = 'subscription-confirmation';

/**
 * Back from Stripe checkout with `stripe_session_id` (product-spec.md §4 flow): the subscription is
 * confirmed once per session id, even when React runs the effect twice; a failure is retried by
 * itself, then said (the modal offers `retry`). Once confirmed, every subscription query and what
 * is gated on it is refreshed, the person welcomed, and both root parameters removed.
 */
export function useConfirmOnReturn(sessionId: string | undefined) {
  const queryClient = useQueryClient();
  const [, setSearchParams] = useSearchParams();
  const confirmation = useConfirmSubscription({
    mutationConfig: {
      onMutate: () => toast.dismiss(CONFIRM_TOAST_ID),
      onSuccess: async () => {
        await refreshSubscriptionData(queryClient);
        toast.success(WELCOME_TITLE, { description: WELCOME_DESCRIPTION, duration: WELCOME_TOAST_MS });
        setSearchParams(searchAfterConfirmation, { replace: true, preventScrollReset: true });
      },
      // The way to try again is in the modal: a toast's action cannot be reached while the
      // modal dialog makes the rest of the page inert.
      onError: () => toast.error(CONFIRM_FAILED_MESSAGE, { id: CONFIRM_TOAST_ID }),
    },
  });
  const { mutate } = confirmation;

  const confirmedFor = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!sessionId || confirmedFor.current === sessionId) return;
    confirmedFor.current = sessionId;
    mutate(sessionId);
  }, [sessionId, mutate]);

  return {
    isPending: confirmation.isPending,
    isError: confirmation.isError,
    retry: () => {
      if (sessionId) mutate(sessionId);
    },
    /** The person gave up on a failed confirmation (closed the modal): its toast goes too. */
    dismissFailure: () => {
      if (confirmation.isError) toast.dismiss(CONFIRM_TOAST_ID);
    },
  };
}
