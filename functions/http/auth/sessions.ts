// Session management: list, revoke one, revoke all, revoke all others.
import { RevokeSessionBody } from '#shared/auth';
import { AppError } from '#shared/errors';
import { Reply, defineHandler } from '../../core/http';
import { Auth } from '../../domain/auth';
import { Session } from '../../domain/accounts';
import { requireSession } from '../actor';
import { clearedSessionCookie } from '../session-cookie';

// GET /api/auth/list-sessions — the caller's live sessions, newest first
export const listSessions = defineHandler({}, async ({ event }) => {
  const session = await requireSession(event);
  const sessions = await Session.listForUser(session.userId);
  return sessions.map((s) => Auth.sessionDto(s, session.sessionId));
});

// POST /api/auth/revoke-session — end one of the caller's sessions
export const revokeSession = defineHandler({ body: RevokeSessionBody }, async ({ body, event }) => {
  const session = await requireSession(event);
  const target = await Session.fromId(body.token);
  // Another user's session is simply not found.
  if (!target || target.userId !== session.userId) throw new AppError('not_found', 'Session not found.');
  await Session.revoke(target.sessionId);
  const cookies = target.sessionId === session.sessionId ? [clearedSessionCookie(event)] : [];
  return new Reply(200, { status: true }, {}, cookies);
});

// POST /api/auth/revoke-sessions — end every session of the caller, this one included
export const revokeSessions = defineHandler({}, async ({ event }) => {
  const session = await requireSession(event);
  await Session.revokeAllForUser(session.userId);
  return new Reply(200, { status: true }, {}, [clearedSessionCookie(event)]);
});

// POST /api/auth/revoke-other-sessions — end every session of the caller but this one
export const revokeOtherSessions = defineHandler({}, async ({ event }) => {
  const session = await requireSession(event);
  await Session.revokeAllForUser(session.userId, session.sessionId);
  return { status: true };
});
