import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { savingElsewhere } from './guide-cache';
import { revisionOptions } from './guide-revision';
import { guideQueryKeys, NoContent } from './guide-schemas';

const slidePath = (guideId: string, slideId: string) => `/api/guides/${encodeURIComponent(guideId)}/slides/${encodeURIComponent(slideId)}`;

/** DELETE /api/guides/{id}/slides/{slideId}: the slide and its screenshot. */
export async function deleteSlide({ guideId, slideId }: { guideId: string; slideId: string }) {
  await api.request(slidePath(guideId, slideId), { method: 'DELETE', ...revisionOptions(guideId) }, NoContent);
}

/** The design view takes the slide off its copy at once; the server keeps it for an undo (restore-slide.ts). */
export function useDeleteSlide({ guideId, mutationConfig }: { guideId: string; mutationConfig?: MutationConfig<typeof deleteSlide> }) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationKey: guideQueryKeys.save(guideId),
    scope: guideQueryKeys.saveScope(guideId),
    mutationFn: deleteSlide,
    onSettled: async (data, error, variables, onMutateResult, context) => {
      if (!savingElsewhere(queryClient, guideId)) void queryClient.invalidateQueries({ queryKey: guideQueryKeys.detail(guideId) });
      void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      await onSettled?.(data, error, variables, onMutateResult, context);
    },
  });
}
