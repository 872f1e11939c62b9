import type { QueryClient } from '@tanstack/react-query';
import { authQueryKeys } from '#web/lib/auth-keys';

/**
 * After the active organisation changes (switched, created, joined, left, deleted) everything
 * but the person's own account data belongs to another organisation: answers no page shows are
 * dropped (their next visit loads the new organisation's), the ones on screen are refetched.
 */
export async function refreshForActiveOrganization(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ type: 'inactive', predicate: (query) => query.queryKey[0] !== authQueryKeys.all[0] });
  await queryClient.invalidateQueries();
}
