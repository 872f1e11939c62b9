import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { RegenerateTranscriptBody } from '#shared/narration';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { revisionOptions } from './guide-revision';
import { Guide, guideQueryKeys } from './guide-schemas';

/** POST /api/guides/{id}/transcript: rewrites the step text and narration of some or all slides. */
export function regenerateTranscript({ guideId, data }: { guideId: string; data: z.input<typeof RegenerateTranscriptBody> }) {
  return api.request(`/api/guides/${encodeURIComponent(guideId)}/transcript`, { method: 'POST', body: data, ...revisionOptions(guideId) }, Guide);
}

export function useRegenerateTranscript({ guideId, mutationConfig }: { guideId: string; mutationConfig?: MutationConfig<typeof regenerateTranscript> }) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationKey: guideQueryKeys.save(guideId),
    scope: guideQueryKeys.saveScope(guideId),
    mutationFn: regenerateTranscript,
    onSuccess: async (guide, ...rest) => {
      queryClient.setQueryData(guideQueryKeys.detail(guideId), guide);
      void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      await onSuccess?.(guide, ...rest);
    },
  });
}
