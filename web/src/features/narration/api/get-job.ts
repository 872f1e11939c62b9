import { queryOptions, useQuery } from '@tanstack/react-query';
import { isFinished, JobDto } from '#shared/narration';
import { api } from '#web/lib/api-client';

/** GET /api/jobs/{id}: a voiceover job's state and progress. */
export function getJob(id: string, signal?: AbortSignal) {
  return api.get(`/api/jobs/${encodeURIComponent(id)}`, JobDto, signal);
}

/** Polls twice a second until the job has finished. */
export function getJobQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['jobs', id],
    queryFn: ({ signal }) => getJob(id, signal),
    refetchInterval: (query) => (query.state.data && isFinished(query.state.data.state) ? false : 500),
  });
}

export function useJob(id: string | null | undefined) {
  return useQuery({ ...getJobQueryOptions(id ?? ''), enabled: !!id });
}
