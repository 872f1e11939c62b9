// POST /api/auth/sign-up/email — create an account and mail its verification link; the same answer, and no session, whether or not the address was taken
import { SignUpBody } from '#shared/auth';
import { defineHandler } from '../../core/http';
import { Auth } from '../../domain/auth';
import { requestContext } from '../actor';

export const signUpEmail = defineHandler({ body: SignUpBody }, async ({ body, event }) => {
  const { user } = await Auth.signUp(body, requestContext(event));
  return { token: null, user };
});
