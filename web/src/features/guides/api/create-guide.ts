import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateGuideBody } from '#shared/guides';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { Guide, guideQueryKeys } from './guide-schemas';

/** POST /api/guides: a new draft guide; `plan_limit` (402) past the free plan's guides. */
export function createGuide(input: z.input<typeof CreateGuideBody>) {
  return api.post('/api/guides', input, Guide);
}

export function useCreateGuide({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createGuide> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: createGuide,
    onSuccess: async (guide, ...args) => {
      queryClient.setQueryData(guideQueryKeys.detail(guide.id), guide);
      void queryClient.invalidateQueries({ queryKey: guideQueryKeys.lists });
      await onSuccess?.(guide, ...args);
    },
  });
}
