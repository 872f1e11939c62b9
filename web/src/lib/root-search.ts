import { useRouteLoaderData } from 'react-router';
import type { z } from 'zod/mini';
import type { RootSearchSchema } from './root-search-schema';

export const ROOT_ROUTE_ID = 'root';

/** The root route's search parameters (product-spec.md §2). */
export const ROOT_SEARCH_KEYS = ['stripe_session_id', 'subscribe'] as const;

export type RootSearch = z.infer<typeof RootSearchSchema>;

/**
 * The root route's loader value: the validated search. The zod schema is imported only when the
 * URL has one of the keys, which keeps ~14 KB (gzip) of validation code off ordinary page loads.
 */
export async function loadRootSearch(params: URLSearchParams): Promise<RootSearch> {
  if (!ROOT_SEARCH_KEYS.some((key) => params.has(key))) return {};
  const { parseRootSearch } = await import('./root-search-schema');
  return parseRootSearch(params);
}

/** The root route's validated search, on any page. */
export function useRootSearch(): RootSearch {
  return useRouteLoaderData<RootSearch>(ROOT_ROUTE_ID) ?? {};
}
