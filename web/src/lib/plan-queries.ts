import { queryOptions, useQuery } from '@tanstack/react-query';
import { EntitlementsDto, fromEntitlementsDto, SubscriptionDetailsDto } from '#shared/plan-contracts';
import { api } from './api-client';

/**
 * The plan's queries, one home for every feature: the caller's subscription (billing) and what
 * the active organisation's plan unlocks (the Pro gates). One key family, so refreshing
 * `planQueryKeys.all` after a checkout refreshes both. Never cached: the plan changes on Stripe's
 * pages and by webhook, outside this tab, and a stale answer would show a paid feature as locked
 * or the reverse.
 */
export const planQueryKeys = {
  all: ['plan'] as const,
  subscription: ['plan', 'subscription'] as const,
  entitlements: ['plan', 'entitlements'] as const,
};

/** GET /api/stripe/subscription/details: the signed-in person's subscription, nulls without one. */
export function getSubscriptionDetails(signal?: AbortSignal) {
  return api.get('/api/stripe/subscription/details', SubscriptionDetailsDto, signal);
}

export function getSubscriptionDetailsQueryOptions() {
  return queryOptions({
    queryKey: planQueryKeys.subscription,
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

/**
 * GET /api/entitlements: what the active organisation's plan unlocks. Pro is the organisation's,
 * so a member of a Pro organisation is never offered a trial for what it already has.
 */
export function getEntitlements(signal?: AbortSignal) {
  return api.get('/api/entitlements', EntitlementsDto, signal);
}

export function getEntitlementsQueryOptions() {
  return queryOptions({ queryKey: planQueryKeys.entitlements, queryFn: ({ signal }) => getEntitlements(signal), staleTime: 0, gcTime: 0 });
}

/** What the plan unlocks; `undefined` while loading (gates show locked until known). */
export function useEntitlements() {
  const { data } = useQuery(getEntitlementsQueryOptions());
  return data ? fromEntitlementsDto(data) : undefined;
}
