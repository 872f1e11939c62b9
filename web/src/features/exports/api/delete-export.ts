import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { exportQueryKeys } from './export-keys';

/** DELETE /api/exports/{id}: the export and its file. */
export async function deleteExport({ exportId }: { exportId: string; guideId: string }) {
  await api.request(`/api/exports/${encodeURIComponent(exportId)}`, { method: 'DELETE' }, z.unknown());
}

export function useDeleteExport({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteExport> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: deleteExport,
    onSettled: async (data, error, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: exportQueryKeys.list(variables.guideId) });
      await onSettled?.(data, error, variables, onMutateResult, context);
    },
  });
}
