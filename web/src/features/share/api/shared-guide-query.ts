import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { getSharedGuide } from './get-shared-guide';

/** The share page's cache entry for GET /api/share/{id}: its loader fills it, the page reads it. */
export function getSharedGuideQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['guides', 'shared', id],
    queryFn: ({ signal }) => getSharedGuide(id, signal),
  });
}

export function useSharedGuide(id: string) {
  return useSuspenseQuery(getSharedGuideQueryOptions(id));
}
