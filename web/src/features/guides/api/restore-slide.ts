import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { savingElsewhere } from './guide-cache';
import { revisionOptions } from './guide-revision';
import { guideQueryKeys, Slide } from './guide-schemas';

/**
 * POST /api/guides/{id}/slides/{slideId}/restore: a deleted slide back whole (words, settings,
 * screenshot, voiceover), after `afterSlideId` (null: first). The design view's undo of a delete.
 */
export function restoreSlide({ guideId, slideId, afterSlideId }: { guideId: string; slideId: string; afterSlideId: string | null }) {
  return api.request(
    `/api/guides/${encodeURIComponent(guideId)}/slides/${encodeURIComponent(slideId)}/restore`,
    { method: 'POST', body: { afterSlideId }, ...revisionOptions(guideId) },
    Slide,
  );
}

export function useRestoreSlide({ guideId, mutationConfig }: { guideId: string; mutationConfig?: MutationConfig<typeof restoreSlide> }) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationKey: guideQueryKeys.save(guideId),
    scope: guideQueryKeys.saveScope(guideId),
    mutationFn: restoreSlide,
    onSettled: async (data, error, variables, onMutateResult, context) => {
      if (!savingElsewhere(queryClient, guideId)) void queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId) });
      void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      await onSettled?.(data, error, variables, onMutateResult, context);
    },
  });
}
