import { queryOptions, useQuery } from '@tanstack/react-query';

/**
 * GET /api/auth/get-session, asked only "is anyone signed in?": the public pages switch 'Sign in'
 * to 'Open app' and send the trial button straight to the subscription. The answer is
 * `{ session, user }` or null; only its presence is read here, so the landing page does not load
 * the full session contract (and its validation library) to draw a header. The key sits under
 * the session's, so signing in or out refreshes it with the session (lib/auth.ts).
 */
export async function getSignedIn(signal?: AbortSignal): Promise<boolean> {
  const response = await fetch('/api/auth/get-session', {
    credentials: 'include',
    headers: { accept: 'application/json' },
    ...(signal ? { signal } : {}),
  });
  if (!response.ok) return false;
  const body: unknown = await response.json().catch(() => null);
  return typeof body === 'object' && body !== null && 'session' in body && typeof body.session === 'object' && body.session !== null;
}

export function getSignedInQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'session', 'signed-in'] as const,
    queryFn: ({ signal }) => getSignedIn(signal),
  });
}

/**
 * False until the answer arrives, as in the prerendered HTML, so hydration matches and a
 * signed-out visitor sees no change.
 */
export function useSignedIn(): boolean {
  const { data } = useQuery(getSignedInQueryOptions());
  return data === true;
}
