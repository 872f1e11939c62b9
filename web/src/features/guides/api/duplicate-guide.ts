import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { Guide, guideQueryKeys } from './guide-schemas';

/** POST /api/guides/{id}/duplicate: a draft copy in the same folder; `plan_limit` past the free plan's guides. */
export function duplicateGuide({ id }: { id: string }) {
  return api.post(`/api/guides/${encodeURIComponent(id)}/duplicate`, undefined, Guide);
}

export function useDuplicateGuide({ mutationConfig }: { mutationConfig?: MutationConfig<typeof duplicateGuide> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: duplicateGuide,
    onSuccess: async (guide, ...args) => {
      queryClient.setQueryData(guideQueryKeys.detail(guide.id), guide);
      await queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      await onSuccess?.(guide, ...args);
    },
  });
}
