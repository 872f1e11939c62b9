import { infiniteQueryOptions, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import { GuideList, guideQueryKeys, type GuideFilters } from './guide-schemas';

/** GET /api/guides?folderId=&q=&cursor=: one page of recents, of a folder, or of a title search. */
export function getGuides({ folderId, q, cursor }: GuideFilters & { cursor?: string | undefined }, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (folderId) params.set('folderId', folderId);
  if (q?.trim()) params.set('q', q.trim());
  if (cursor) params.set('cursor', cursor);
  const query = params.toString();
  return api.get(`/api/guides${query ? `?${query}` : ''}`, GuideList, signal);
}

/** Pages follow `nextCursor` until it is null. */
export function getGuidesQueryOptions(filters: GuideFilters) {
  return infiniteQueryOptions({
    queryKey: guideQueryKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getGuides({ ...filters, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

export function useGuides(filters: GuideFilters) {
  return useSuspenseInfiniteQuery(getGuidesQueryOptions(filters));
}
