// POST /api/auth/sign-up/email — create an account and its personal organisation, mail the verification link, sign in
import { SignUpBody } from '#shared/auth';
import { Reply, defineHandler } from '../../core/http';
import * as Auth from '../../domain/auth';
import { requestContext } from '../actor';
import { sessionCookie } from '../session-cookie';

export const signUpEmail = defineHandler({ body: SignUpBody }, async ({ body, event }) => {
  const { user, issued } = await Auth.signUp(body, requestContext(event));
  return new Reply(200, { token: issued.session.sessionId, user: Auth.userDto(user) }, {}, [
    sessionCookie(event, issued.token, issued.cookieMaxAge),
  ]);
});
