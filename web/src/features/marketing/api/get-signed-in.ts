import { useEffect, useState } from 'react';

/**
 * GET /api/auth/get-session, asked only "is anyone signed in?": the public pages switch 'Sign in'
 * to 'Open app' and send the trial button straight to the subscription. The answer is
 * `{ session, user }` or null; only its presence is read here.
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

/**
 * Asks once each time the public layout mounts (signing in or out happens outside it, so coming
 * back asks again). Not a query: the landing page's budget (≤ 120 KB of script) has no room for
 * the query observer, and nothing else on the public pages needs it. False until the answer
 * arrives, as in the prerendered HTML, so hydration matches and a visitor signed out sees no change.
 */
export function useSignedInCheck(): boolean {
  const [signedIn, setSignedIn] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    getSignedIn(controller.signal).then(setSignedIn, () => undefined);
    return () => controller.abort();
  }, []);
  return signedIn;
}
