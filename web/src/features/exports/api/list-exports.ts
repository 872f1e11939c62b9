import { queryOptions, useQuery } from '@tanstack/react-query';
import { ExportListDto, isActiveExport } from '#shared/exports';
import { api } from '#web/lib/api-client';
import { exportQueryKeys } from './export-keys';

/** While an export renders, its list is read again this often: the progress bar moves with it. */
export const PROGRESS_POLL_MS = 1_000;

/** GET /api/guides/{id}/exports: a guide's exports, newest first. */
export function getExports(guideId: string, signal?: AbortSignal) {
  return api.get(`/api/guides/${encodeURIComponent(guideId)}/exports`, ExportListDto, signal);
}

export function getExportsQueryOptions(guideId: string) {
  return queryOptions({
    queryKey: exportQueryKeys.list(guideId),
    queryFn: ({ signal }) => getExports(guideId, signal),
    // Download links are short-lived: a list shown again is read again.
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.items.some((item) => isActiveExport(item.state)) ? PROGRESS_POLL_MS : false),
  });
}

export function useExports(guideId: string) {
  return useQuery(getExportsQueryOptions(guideId));
}
