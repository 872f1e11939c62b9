import { queryOptions, useQueries } from '@tanstack/react-query';
import { GuideStatsList, type GuideStats } from '#shared/analytics/contracts';
import { api } from '#web/lib/api-client';
import { isApiError } from '#web/lib/api-error';

/** GET /api/analytics/guides?ids=: all-time views and completion of the guides on screen (Pro). */
export function getGuideStats(ids: readonly string[], signal?: AbortSignal) {
  return api.get(`/api/analytics/guides?ids=${ids.map(encodeURIComponent).join(',')}`, GuideStatsList, signal);
}

export function getGuideStatsQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: ['guides', 'stats', [...ids].sort()] as const,
    queryFn: ({ signal }) => getGuideStats(ids, signal),
    staleTime: 60_000,
    // A free plan's 402 is an answer (the cards show no numbers), not a failure to retry.
    retry: (failures, error) => failures < 2 && !(isApiError(error) && error.status < 500),
  });
}

/**
 * The numbers of the published guides on the cards, by id, when the organisation's plan has
 * analytics (the server knows: a member of a Pro organisation has them); none otherwise, and the
 * cards then show none. One request per page of cards, so a page loaded later asks for its own.
 */
export function useGuideStats(pages: ReadonlyArray<ReadonlyArray<{ id: string; status: string }>>): ReadonlyMap<string, GuideStats> {
  const results = useQueries({
    queries: pages
      .map((page) => page.filter((guide) => guide.status === 'published').map((guide) => guide.id))
      .filter((ids) => ids.length > 0)
      .map((ids) => getGuideStatsQueryOptions(ids)),
  });
  return new Map(results.flatMap((result) => result.data?.items ?? []).map((item) => [item.guideId, item]));
}
