import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FolderDto } from '#shared/guides';
import { api } from '#web/lib/api-client';
import type { MutationConfig } from '#web/lib/react-query';
import { Folder, folderQueryKeys } from './guide-schemas';

/** POST /api/folders { name } */
export function createFolder({ name }: { name: string }) {
  return api.post('/api/folders', { name }, Folder);
}

const byName = (a: FolderDto, b: FolderDto) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

export function useCreateFolder({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createFolder> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: createFolder,
    onSuccess: async (folder, ...args) => {
      queryClient.setQueryData<FolderDto[]>(folderQueryKeys.list, (folders) => (folders ? [...folders, folder].sort(byName) : folders));
      void queryClient.invalidateQueries({ queryKey: folderQueryKeys.all });
      await onSuccess?.(folder, ...args);
    },
  });
}
