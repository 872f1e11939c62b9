import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { entitlements, type SubscriptionDetails, type SubscriptionStatus } from '#shared/plan';
import { api } from '../../../lib/api-client';
import { guideQueryKeys } from './guide-schemas';

const STATUSES = ['active', 'trialing', 'past_due', 'canceled', 'unpaid', 'incomplete', 'incomplete_expired', 'paused'] as const satisfies readonly SubscriptionStatus[];

const Details: z.ZodType<SubscriptionDetails> = z.object({
  // A status this SPA does not know yet counts as no plan rather than failing the page.
  status: z.enum(STATUSES).nullable().catch(null),
  trialEnd: z.number().nullable(),
  cancelAtPeriodEnd: z.boolean().nullable(),
});

/**
 * GET /api/stripe/subscription/details, for the guides' Pro gates (embed, private guides). The
 * guides' own query: features do not share code, and the billing feature owns the modal.
 */
export function getSubscriptionDetails(signal?: AbortSignal) {
  return api.get('/api/stripe/subscription/details', Details, signal);
}

/** Never cached (spec §3, §9): stale at once, dropped when unused. */
export function getSubscriptionDetailsQueryOptions() {
  return queryOptions({ queryKey: guideQueryKeys.subscription, queryFn: ({ signal }) => getSubscriptionDetails(signal), staleTime: 0, gcTime: 0 });
}

/** What the plan unlocks; `undefined` while loading (gates show locked until known). */
export function useEntitlements() {
  const { data } = useQuery(getSubscriptionDetailsQueryOptions());
  return data ? entitlements(data.status) : undefined;
}
