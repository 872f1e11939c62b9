import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import { noteRevision } from './guide-revision';
import { Guide, guideQueryKeys } from './guide-schemas';

/** GET /api/guides/{id}: the guide with all its slides in order. */
export async function getGuide(id: string, signal?: AbortSignal) {
  const guide = await api.get(`/api/guides/${encodeURIComponent(id)}`, Guide, signal);
  noteRevision(id, guide.revision);
  return guide;
}

export function getGuideQueryOptions(id: string) {
  return queryOptions({ queryKey: guideQueryKeys.detail(id), queryFn: ({ signal }) => getGuide(id, signal) });
}

export function useGuide(id: string) {
  return useSuspenseQuery(getGuideQueryOptions(id));
}
