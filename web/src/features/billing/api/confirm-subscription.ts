import { useMutation } from '@tanstack/react-query';
import { ConfirmedSubscriptionDto } from '#shared/plan-contracts';
import { api } from '#web/lib/api-client';
import { isApiError } from '#web/lib/api-error';
import type { MutationConfig } from '#web/lib/react-query';

/**
 * GET /api/stripe/subscription/confirm?sessionId=: records the subscription of the person's
 * completed checkout. Safe to repeat.
 */
export function confirmSubscription(sessionId: string): Promise<unknown> {
  return api.get(`/api/stripe/subscription/confirm?${new URLSearchParams({ sessionId }).toString()}`, ConfirmedSubscriptionDto);
}

/** Attempts in all, the first included (product-spec.md §8: the confirmation is retried). */
export const CONFIRM_ATTEMPTS = 4;

/**
 * Worth another try: a checkout Stripe has not completed yet (409), a failure of ours or
 * Stripe's (5xx), the network. A checkout that is not the person's (404) or a bad id is final.
 */
export function isConfirmRetryable(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 409 || error.status === 429 || error.status >= 500;
}

export function useConfirmSubscription({ mutationConfig }: { mutationConfig?: MutationConfig<typeof confirmSubscription> } = {}) {
  return useMutation({
    retry: (failures, error) => failures < CONFIRM_ATTEMPTS - 1 && isConfirmRetryable(error),
    retryDelay: (failures) => Math.min(1000 * 2 ** failures, 8000),
    ...mutationConfig,
    mutationFn: confirmSubscription,
  });
}
