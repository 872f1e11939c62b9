import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '#web/lib/api-client';
import { Folder, folderQueryKeys } from './guide-schemas';

/** GET /api/folders: the active organisation's folders, by name. */
export function getFolders(signal?: AbortSignal) {
  return api.get('/api/folders', z.array(Folder), signal);
}

export function getFoldersQueryOptions() {
  return queryOptions({ queryKey: folderQueryKeys.list, queryFn: ({ signal }) => getFolders(signal) });
}

/**
 * Not suspending: the folders are in the sidebar of every private page, which must not wait for
 * them nor break when they fail (the list says so and offers a retry).
 */
export function useFolders() {
  return useQuery(getFoldersQueryOptions());
}
