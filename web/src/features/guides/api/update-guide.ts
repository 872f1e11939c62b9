import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { GuideDto, UpdateGuideBody } from '#shared/guides';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { stepWriteOptions } from './guide-revision';
import { conflictFields, patchGuide, restoreSnapshot, savingElsewhere, takeSnapshot, type CacheSnapshot } from './guide-cache';
import { Guide, guideQueryKeys } from './guide-schemas';

export type GuideChanges = z.input<typeof UpdateGuideBody>;

/** PATCH /api/guides/{id}: title, folder (null: no folder), zoom and highlight defaults, visibility, status. */
export function updateGuide({ id, data }: { id: string; data: GuideChanges }) {
  return api.request(`/api/guides/${encodeURIComponent(id)}`, { method: 'PATCH', body: data, ...stepWriteOptions(id) }, Guide);
}

/**
 * Shown at once in every list and in the design view; put back if refused. A move out of a
 * folder leaves that folder's list at once. Private without Pro answers `plan_limit`: callers
 * that offer it pass `onError` (and then own the feedback).
 */
export function useUpdateGuide({ guideId, mutationConfig }: { guideId?: string; mutationConfig?: MutationConfig<typeof updateGuide> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    // The design view's saves of its guide share a key: the saving indicator counts them.
    mutationKey: guideId ? guideQueryKeys.save(guideId) : guideQueryKeys.all,
    ...(guideId ? { scope: guideQueryKeys.saveScope(guideId) } : {}),
    mutationFn: updateGuide,
    onMutate: async ({ id, data }): Promise<CacheSnapshot> => {
      const snapshot = await takeSnapshot(queryClient, [guideQueryKeys.lists, guideQueryKeys.detail(id)]);
      const { folderId, base: _base, ...rest } = data;
      patchGuide(queryClient, id, { ...rest, ...(folderId !== undefined ? { folderId } : {}) });
      return snapshot;
    },
    onSettled: async (guide, error, variables, snapshot, context) => {
      if (error) {
        restoreSnapshot(queryClient, snapshot);
        // Refused because someone else changed a field: the page shows their value now.
        const theirs = conflictFields(error, Guide.omit({ slides: true }).partial());
        if (theirs) queryClient.setQueryData<GuideDto>(guideQueryKeys.detail(variables.id), (cached) => (cached ? { ...cached, ...theirs } : cached));
      }
      else if (guide && !savingElsewhere(queryClient, variables.id)) {
        queryClient.setQueryData(guideQueryKeys.detail(variables.id), guide);
      }
      void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      await onSettled?.(guide, error, variables, snapshot, context);
    },
  });
}
