import { queryOptions, useQueryClient, useSuspenseQuery, type Query, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import { SessionDto, SessionResponse, UserDto } from '#shared/auth';
import { paths } from '#web/config/paths';
import { authClient } from './auth-client';
import { authQueryKeys } from './auth-keys';

/**
 * The signed-in session, shared by every feature: the guard of the private area, the app shell
 * and the pages read the same query. The answer's schemas are the shared contract's.
 */
export const User = UserDto;
export const Session = SessionDto;
export { SessionResponse };

/** GET /api/auth/get-session: `{ session, user }`, or null when signed out. */
export function getSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  return authClient.get('/get-session', SessionResponse.nullable(), signal);
}

export function getSessionQueryOptions() {
  return queryOptions({
    queryKey: authQueryKeys.session,
    queryFn: ({ signal }) => getSession(signal),
  });
}

export function useSession() {
  return useSuspenseQuery(getSessionQueryOptions());
}

/**
 * The session inside the private area, where the guard's loader has made sure there is one.
 * When it ends on the page (sign-out, account deleted, this device revoked) the cache holds null
 * until the navigation away completes: the page keeps the last session for those moments
 * instead of breaking.
 */
export function useSignedInSession(): SessionResponse {
  const { data } = useSession();
  const [last, setLast] = useState(data);
  if (data && data !== last) setLast(data);
  const session = data ?? last;
  if (!session) throw new Error('useSignedInSession is used outside the private area');
  return session;
}

/**
 * The session for a loader: from the cache while fresh, fetched when missing or invalidated
 * (a sign-in invalidates it, so the next page sees the new session).
 */
export function loadSession(queryClient: QueryClient): Promise<SessionResponse | null> {
  return queryClient.fetchQuery(getSessionQueryOptions());
}

/** Where a signed-out visitor of `url` is sent: sign-in, then back to the same path and search. */
export function signInHrefFor(url: URL): string {
  return paths.auth.getHref(`${url.pathname}${url.search}`);
}

/**
 * The guard of the private area (a route `loader`): the session, or a redirect to /auth that
 * brings the visitor back afterwards. Child loaders await it too, so that a signed-out visit
 * makes no calls that can only fail.
 */
export async function requireSession(queryClient: QueryClient, request: Request): Promise<SessionResponse> {
  const session = await loadSession(queryClient);
  if (!session) throw redirect(signInHrefFor(new URL(request.url)));
  return session;
}

const isAccountQuery = (query: Query) => query.queryKey[0] === authQueryKeys.all[0];

/**
 * After signing in or up: drop every cached answer of whoever used this tab before, then
 * refresh the session (product-spec.md §4), which the next page's guard fetches.
 */
export async function refreshSessionAfterSignIn(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ predicate: (query) => !isAccountQuery(query) });
  queryClient.removeQueries({ queryKey: authQueryKeys.sessions });
  await queryClient.invalidateQueries({ queryKey: authQueryKeys.session });
}

/**
 * Leaves the private area for `to` (sign-in by default) once the session has ended, then drops
 * what was cached for the person, now that no page shows it.
 */
export function useLeavePrivateArea() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async (to: string = paths.auth.getHref()) => {
    await navigate(to, { replace: true });
    queryClient.removeQueries({ predicate: (query) => query.queryKey.join('/') !== authQueryKeys.session.join('/') });
  };
}
