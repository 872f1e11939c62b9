import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ExportDto, type CreateExportBody } from '#shared/exports';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { exportQueryKeys } from './export-keys';

/** POST /api/guides/{id}/exports: queued (or the finished export of the same request, reused). */
export function createExport({ guideId, body }: { guideId: string; body: CreateExportBody }) {
  return api.post(`/api/guides/${encodeURIComponent(guideId)}/exports`, body, ExportDto);
}

export function useCreateExport({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createExport> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: createExport,
    onSuccess: async (data, variables, onMutateResult, context) => {
      await queryClient.invalidateQueries({ queryKey: exportQueryKeys.list(variables.guideId) });
      await onSuccess?.(data, variables, onMutateResult, context);
    },
  });
}
