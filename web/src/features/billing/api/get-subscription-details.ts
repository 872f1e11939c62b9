import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { entitlements, SubscriptionDetailsDto, type Entitlements } from '#shared/plan';
import { api } from '../../../lib/api-client';
import type { BillingDetails } from '../utils/subscription-status';

/** The answer of GET /api/stripe/subscription/details (the shared contract). */
export const SubscriptionDetailsResponse: z.ZodType<BillingDetails> = SubscriptionDetailsDto;

export const subscriptionQueryKeys = {
  all: ['subscription'] as const,
  details: ['subscription', 'details'] as const,
};

/** GET /api/stripe/subscription/details: the signed-in person's subscription, nulls without one. */
export function getSubscriptionDetails(signal?: AbortSignal): Promise<BillingDetails> {
  return api.get('/api/stripe/subscription/details', SubscriptionDetailsResponse, signal);
}

/**
 * Never cached (spec §9: stale time 0, retention 0): the plan changes on Stripe's pages and by
 * webhook, outside this tab, and a stale answer would show a paid feature as locked or the
 * reverse.
 */
export function getSubscriptionDetailsQueryOptions() {
  return queryOptions({
    queryKey: subscriptionQueryKeys.details,
    queryFn: ({ signal }) => getSubscriptionDetails(signal),
    staleTime: 0,
    gcTime: 0,
    // Back from Stripe's pages in another tab: what is on screen catches up.
    refetchOnWindowFocus: true,
  });
}

export function useSubscriptionDetails({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSubscriptionDetailsQueryOptions(), enabled });
}

export interface PlanEntitlements extends Entitlements {
  /** the details are still loading: the free plan's limits apply until they arrive */
  isPending: boolean;
}

/**
 * What the signed-in person's plan unlocks (`entitlements` of `#shared/plan`, the server's own
 * gate), for the UI that hides or locks Pro features.
 */
export function useEntitlements(): PlanEntitlements {
  const { data, isPending } = useSubscriptionDetails();
  return { ...entitlements(data?.status), isPending };
}

/**
 * After the plan changed (a confirmed checkout): every subscription query and everything gated
 * on the plan is refetched. Other features key their data their own way, so all cached data but
 * the session's is marked stale, and what is on screen reloads now.
 */
export function refreshSubscriptionData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
}
