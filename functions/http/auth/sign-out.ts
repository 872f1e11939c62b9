// POST /api/auth/sign-out — end this session and clear its cookie
import { Reply, defineHandler } from '../../core/http';
import { Session } from '../../domain/accounts';
import { currentSession } from '../actor';
import { clearedSessionCookie } from '../session-cookie';

export const signOut = defineHandler({}, async ({ event }) => {
  const verified = await currentSession(event);
  if (verified) await Session.revoke(verified.session.sessionId);
  return new Reply(200, { success: true }, {}, [clearedSessionCookie(event)]);
});
