import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExportDto } from '#shared/exports';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { exportQueryKeys } from './export-keys';

/** POST /api/exports/{id}/retry: a failed export rendered again (a new export replaces it). */
export function retryExport({ exportId }: { exportId: string; guideId: string }) {
  return api.post(`/api/exports/${encodeURIComponent(exportId)}/retry`, {}, ExportDto);
}

export function useRetryExport({ mutationConfig }: { mutationConfig?: MutationConfig<typeof retryExport> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: retryExport,
    onSettled: async (data, error, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: exportQueryKeys.list(variables.guideId) });
      await onSettled?.(data, error, variables, onMutateResult, context);
    },
  });
}
