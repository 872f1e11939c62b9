import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { Guide, guideQueryKeys } from './guide-schemas';

/** GET /api/guides/{id}: the guide with all its slides in order. */
export function getGuide(id: string, signal?: AbortSignal) {
  return api.get(`/api/guides/${encodeURIComponent(id)}`, Guide, signal);
}

export function getGuideQueryOptions(id: string) {
  return queryOptions({ queryKey: guideQueryKeys.detail(id), queryFn: ({ signal }) => getGuide(id, signal) });
}

export function useGuide(id: string) {
  return useSuspenseQuery(getGuideQueryOptions(id));
}
