import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { getSharedGuide } from './get-shared-guide';

/**
 * The share page's cache entry for GET /api/share/{id}: its loader fills it, the page reads it.
 * A translation (`?lang=`) is an entry of its own beside it.
 */
export function getSharedGuideQueryOptions(id: string, lang?: string) {
  return queryOptions({
    queryKey: lang ? ['guides', 'shared', id, 'lang', lang] : ['guides', 'shared', id],
    queryFn: ({ signal }) => getSharedGuide(id, signal, lang),
  });
}

export function useSharedGuide(id: string) {
  return useSuspenseQuery(getSharedGuideQueryOptions(id));
}
