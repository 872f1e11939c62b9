import type { QueryClient } from '@tanstack/react-query';

/**
 * The session's query keys and what ending it does to the cache, apart from lib/auth.ts so
 * that the router's error boundary can use them without every page carrying zod.
 */
export const authQueryKeys = {
  all: ['auth'] as const,
  session: ['auth', 'session'] as const,
  sessions: ['auth', 'sessions'] as const,
};

/**
 * After the session ended (sign-out, account deleted, this device revoked, password reset, a
 * 401 from the API): it is null from now on (product-spec.md §4: refreshed). The page then leaves the
 * private area (`useLeavePrivateArea` in lib/auth.ts).
 */
export function endSession(queryClient: QueryClient): void {
  queryClient.setQueryData(authQueryKeys.session, null);
}
