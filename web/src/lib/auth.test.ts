import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshSessionAfterSignIn, requireSession, type SessionResponse } from './auth';
import { authQueryKeys, endSession } from './auth-keys';

const SESSION: SessionResponse = {
  session: {
    id: 's1',
    token: 's1',
    userId: 'u1',
    expiresAt: '2030-01-01T00:00:00.000Z',
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ipAddress: null,
    userAgent: null,
    activeOrganizationId: 'o1',
  },
  user: {
    id: 'u1',
    name: 'Ada',
    email: 'ada@example.com',
    emailVerified: true,
    blurPersonalData: true,
    image: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
};

function clientWith(session: SessionResponse | null): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
  client.setQueryData(authQueryKeys.session, session);
  return client;
}

describe('requireSession', () => {
  it('sends a signed-out visitor to /auth with the path and search to come back to', async () => {
    const thrown = await requireSession(clientWith(null), new Request('https://stepcast.test/dashboard/welcome?tab=2')).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/auth?redirect=%2Fdashboard%2Fwelcome%3Ftab%3D2');
  });

  it('answers the session of a signed-in visitor', async () => {
    await expect(requireSession(clientWith(SESSION), new Request('https://stepcast.test/dashboard'))).resolves.toEqual(SESSION);
  });
});

describe('session refreshes (product-spec.md §4)', () => {
  it('drops the previous person’s answers and invalidates the session after a sign-in', async () => {
    const client = clientWith(null);
    client.setQueryData(['organizations', 'list'], [{ id: 'o1' }]);
    client.setQueryData(authQueryKeys.sessions, []);
    // No fetch happens: nothing observes the session.
    await refreshSessionAfterSignIn(client);
    expect(client.getQueryData(['organizations', 'list'])).toBeUndefined();
    expect(client.getQueryData(authQueryKeys.sessions)).toBeUndefined();
    expect(client.getQueryState(authQueryKeys.session)?.isInvalidated).toBe(true);
  });

  it('holds a null session once it ended', () => {
    const client = clientWith(SESSION);
    endSession(client);
    expect(client.getQueryData(authQueryKeys.session)).toBeNull();
  });
});
