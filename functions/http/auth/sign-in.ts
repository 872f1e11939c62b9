// POST /api/auth/sign-in/email — a new session; a session the browser already had is ended
import { SignInBody, safeRedirect } from '#shared/auth';
import { Reply, defineHandler } from '../../core/http';
import { Auth } from '../../domain/auth';
import { Session } from '../../domain/accounts';
import { currentSession, requestContext } from '../actor';
import { sessionCookie } from '../session-cookie';

export const signInEmail = defineHandler({ body: SignInBody }, async ({ body, event }) => {
  const previous = await currentSession(event);
  const { user, issued } = await Auth.signIn(body, requestContext(event));
  if (previous) await Session.revoke(previous.session.sessionId);
  const url = body.callbackURL ? safeRedirect(body.callbackURL) : undefined;
  return new Reply(200, { redirect: Boolean(url), token: issued.session.sessionId, url, user: Auth.userDto(user) }, {}, [
    sessionCookie(event, issued.token, issued.cookieMaxAge),
  ]);
});
