import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { removeGuideFromLists, restoreSnapshot, takeSnapshot, type CacheSnapshot } from './guide-cache';
import { guideQueryKeys, NoContent } from './guide-schemas';

/** DELETE /api/guides/{id}: the guide, its slides and its screenshots. */
export async function deleteGuide({ id }: { id: string }) {
  await api.request(`/api/guides/${encodeURIComponent(id)}`, { method: 'DELETE' }, NoContent);
}

/** Gone from every list at once; back in its place if the server refuses. */
export function useDeleteGuide({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteGuide> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: deleteGuide,
    onMutate: async ({ id }): Promise<CacheSnapshot> => {
      const snapshot = await takeSnapshot(queryClient, [guideQueryKeys.lists]);
      removeGuideFromLists(queryClient, id);
      return snapshot;
    },
    onSuccess: async (data, variables, ...rest) => {
      queryClient.removeQueries({ queryKey: guideQueryKeys.detail(variables.id) });
      await onSuccess?.(data, variables, ...rest);
    },
    onSettled: async (data, error, variables, snapshot, context) => {
      if (error) restoreSnapshot(queryClient, snapshot);
      void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      await onSettled?.(data, error, variables, snapshot, context);
    },
  });
}
