import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { savingElsewhere } from './guide-cache';
import { revisionOptions } from './guide-revision';
import { guideQueryKeys, Slide } from './guide-schemas';

/** POST /api/guides/{id}/slides/{slideId}/duplicate: a copy of the slide right after it. */
export function duplicateSlide({ guideId, slideId }: { guideId: string; slideId: string }) {
  return api.request(
    `/api/guides/${encodeURIComponent(guideId)}/slides/${encodeURIComponent(slideId)}/duplicate`,
    { method: 'POST', body: {}, ...revisionOptions(guideId) },
    Slide,
  );
}

export function useDuplicateSlide({ guideId, mutationConfig }: { guideId: string; mutationConfig?: MutationConfig<typeof duplicateSlide> }) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationKey: guideQueryKeys.save(guideId),
    scope: guideQueryKeys.saveScope(guideId),
    mutationFn: duplicateSlide,
    onSettled: async (data, error, variables, onMutateResult, context) => {
      if (!savingElsewhere(queryClient, guideId)) await queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId) });
      void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      await onSettled?.(data, error, variables, onMutateResult, context);
    },
  });
}
