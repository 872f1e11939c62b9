import { queryOptions, useQuery } from '@tanstack/react-query';
import { VoiceListDto } from '#shared/narration';
import { api } from '#web/lib/api-client';

/** GET /api/voices: the voices a guide can speak with, each with a sample URL. They change only with a deploy. */
export function getVoices(signal?: AbortSignal) {
  return api.get('/api/voices', VoiceListDto, signal);
}

export function getVoicesQueryOptions() {
  return queryOptions({ queryKey: ['voices'], queryFn: ({ signal }) => getVoices(signal), staleTime: Number.POSITIVE_INFINITY });
}

export function useVoices() {
  return useQuery(getVoicesQueryOptions());
}
