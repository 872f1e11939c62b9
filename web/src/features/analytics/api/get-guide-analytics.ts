import { queryOptions, useQuery } from '@tanstack/react-query';
import { GuideAnalytics } from '#shared/analytics/contracts';
import { api } from '#web/lib/api-client';
import { ANALYTICS_STALE_MS, analyticsQueryKeys, retryUnlessAnswered } from './analytics-keys';

/** GET /api/guides/{id}/analytics?from&to: a guide's numbers over a range of days (402 without Pro). */
export function getGuideAnalytics(id: string, range: { from: string; to: string }, signal?: AbortSignal) {
  const query = new URLSearchParams(range).toString();
  return api.get(`/api/guides/${encodeURIComponent(id)}/analytics?${query}`, GuideAnalytics, signal);
}

export function getGuideAnalyticsQueryOptions(id: string, range: { from: string; to: string }) {
  return queryOptions({
    queryKey: analyticsQueryKeys.guide(id, range.from, range.to),
    queryFn: ({ signal }) => getGuideAnalytics(id, range, signal),
    staleTime: ANALYTICS_STALE_MS,
    retry: retryUnlessAnswered,
  });
}

/** Not suspending: a free plan's 402 is a state of the page (the upgrade prompt), not an error screen. */
export function useGuideAnalytics(id: string, range: { from: string; to: string }) {
  return useQuery(getGuideAnalyticsQueryOptions(id, range));
}
