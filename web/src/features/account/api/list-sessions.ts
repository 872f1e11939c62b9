import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { SessionListDto } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import { authQueryKeys } from '#web/lib/auth-keys';

/** GET /api/auth/list-sessions: the signed-in person's live sessions, newest first; `current` marks this one. */
export function listSessions(signal?: AbortSignal) {
  return authClient.get('/list-sessions', SessionListDto, signal);
}

export function listSessionsQueryOptions() {
  return queryOptions({
    queryKey: authQueryKeys.sessions,
    queryFn: ({ signal }) => listSessions(signal),
    // Sessions start and end on other devices: always fresh when the page opens.
    staleTime: 0,
  });
}

export function useSessions() {
  return useSuspenseQuery(listSessionsQueryOptions());
}
