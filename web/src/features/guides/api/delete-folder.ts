import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FolderDto } from '#shared/guides';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { restoreSnapshot, takeSnapshot, updateGuideLists, type CacheSnapshot } from './guide-cache';
import { folderQueryKeys, guideQueryKeys, NoContent } from './guide-schemas';

/** DELETE /api/folders/{id}: the folder goes; its guides move to no folder. */
export async function deleteFolder({ id }: { id: string }) {
  await api.request(`/api/folders/${encodeURIComponent(id)}`, { method: 'DELETE' }, NoContent);
}

export function useDeleteFolder({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteFolder> } = {}) {
  const queryClient = useQueryClient();
  const { onSettled, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: deleteFolder,
    onMutate: async ({ id }): Promise<CacheSnapshot> => {
      const snapshot = await takeSnapshot(queryClient, [folderQueryKeys.list, guideQueryKeys.lists]);
      queryClient.setQueryData<FolderDto[]>(folderQueryKeys.list, (folders) => folders?.filter((folder) => folder.id !== id));
      updateGuideLists(queryClient, (items) => items.map((item) => (item.folderId === id ? { ...item, folderId: null } : item)));
      return snapshot;
    },
    onSettled: async (data, error, variables, snapshot, context) => {
      if (error) restoreSnapshot(queryClient, snapshot);
      void queryClient.invalidateQueries({ queryKey: folderQueryKeys.all });
      void queryClient.invalidateQueries({ queryKey: guideQueryKeys.all });
      await onSettled?.(data, error, variables, snapshot, context);
    },
  });
}
