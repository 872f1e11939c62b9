import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FolderDto } from '#shared/guides';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { restoreSnapshot, takeSnapshot, type CacheSnapshot } from './guide-cache';
import { Folder, folderQueryKeys } from './guide-schemas';

/** PATCH /api/folders/{id} { name } */
export function renameFolder({ id, name }: { id: string; name: string }) {
  return api.patch(`/api/folders/${encodeURIComponent(id)}`, { name }, Folder);
}

export function useRenameFolder({ mutationConfig }: { mutationConfig?: MutationConfig<typeof renameFolder> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: renameFolder,
    onMutate: async ({ id, name }): Promise<CacheSnapshot> => {
      const snapshot = await takeSnapshot(queryClient, [folderQueryKeys.list]);
      queryClient.setQueryData<FolderDto[]>(folderQueryKeys.list, (folders) => folders?.map((folder) => (folder.id === id ? { ...folder, name } : folder)));
      return snapshot;
    },
    onSettled: async (folder, error, variables, snapshot, context) => {
      if (error) restoreSnapshot(queryClient, snapshot);
      void queryClient.invalidateQueries({ queryKey: folderQueryKeys.all });
      await onSettled?.(folder, error, variables, snapshot, context);
    },
  });
}
