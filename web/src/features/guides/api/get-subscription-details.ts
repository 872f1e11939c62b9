import { queryOptions, useQuery } from '@tanstack/react-query';
import { EntitlementsDto, fromEntitlementsDto } from '#shared/plan';
import { api } from '../../../lib/api-client';
import { guideQueryKeys } from './guide-schemas';

/**
 * GET /api/entitlements, for the guides' Pro gates (embed, private guides): what the active
 * organisation's plan unlocks. Pro is the organisation's, so a member of a Pro organisation is
 * never offered a trial for what it already has. The guides' own query: features do not share
 * code, and the billing feature owns the modal.
 */
export function getEntitlements(signal?: AbortSignal) {
  return api.get('/api/entitlements', EntitlementsDto, signal);
}

/** Never cached (spec §3, §9): stale at once, dropped when unused. */
export function getEntitlementsQueryOptions() {
  return queryOptions({ queryKey: guideQueryKeys.subscription, queryFn: ({ signal }) => getEntitlements(signal), staleTime: 0, gcTime: 0 });
}

/** What the plan unlocks; `undefined` while loading (gates show locked until known). */
export function useEntitlements() {
  const { data } = useQuery(getEntitlementsQueryOptions());
  return data ? fromEntitlementsDto(data) : undefined;
}
