import type { QueryClient } from '@tanstack/react-query';

/**
 * After the plan changed (a confirmed checkout): every plan query and everything gated on the
 * plan is refetched. Other features key their data their own way, so all cached data but the
 * session's is marked stale, and what is on screen reloads now.
 */
export function refreshSubscriptionData(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== 'auth' });
}
