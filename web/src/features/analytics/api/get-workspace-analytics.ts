import { queryOptions, useQuery } from '@tanstack/react-query';
import { WorkspaceAnalytics } from '#shared/analytics/contracts';
import { api } from '#web/lib/api-client';
import { ANALYTICS_STALE_MS, analyticsQueryKeys, retryUnlessAnswered } from './analytics-keys';

/** GET /api/analytics?from&to: the active organisation's guides together and each guide (402 without Pro). */
export function getWorkspaceAnalytics(range: { from: string; to: string }, signal?: AbortSignal) {
  return api.get(`/api/analytics?${new URLSearchParams(range).toString()}`, WorkspaceAnalytics, signal);
}

export function getWorkspaceAnalyticsQueryOptions(range: { from: string; to: string }) {
  return queryOptions({
    queryKey: analyticsQueryKeys.workspace(range.from, range.to),
    queryFn: ({ signal }) => getWorkspaceAnalytics(range, signal),
    staleTime: ANALYTICS_STALE_MS,
    retry: retryUnlessAnswered,
  });
}

export function useWorkspaceAnalytics(range: { from: string; to: string }) {
  return useQuery(getWorkspaceAnalyticsQueryOptions(range));
}
