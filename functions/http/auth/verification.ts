// Email verification and password reset by mailed, single-use links.
import {
  RequestPasswordResetBody,
  ResetPasswordBody,
  SendVerificationEmailBody,
  VerifyEmailQuery,
  safeRedirect,
} from '#shared/auth';
import { AppError } from '#shared/errors';
import { Reply, defineHandler } from '../../core/http';
import { Auth } from '../../domain/auth';
import { currentSession, requestContext } from '../actor';
import { sessionCookie } from '../session-cookie';

// POST /api/auth/send-verification-email — (re)send the verification link to the caller or to an address
export const sendVerificationEmail = defineHandler({ body: SendVerificationEmailBody }, async ({ body, event }) => {
  const verified = await currentSession(event);
  if (!verified && !body.email) throw new AppError('validation_failed', 'Give the email address to verify.', { email: 'Give the email address to verify.' });
  await Auth.sendVerificationEmail({ userId: verified?.session.userId, email: body.email, callbackURL: body.callbackURL }, requestContext(event));
  return { status: true };
});

function wantsHtml(accept: string | undefined): boolean {
  return (accept ?? '').includes('text/html');
}

// GET /api/auth/verify-email — follow a verification (or change-email) link; a sign-up's link signs in; browsers are sent back into the app
export const verifyEmail = defineHandler({ query: VerifyEmailQuery }, async ({ query, event }) => {
  const browser = wantsHtml(event.headers?.['accept']) || Boolean(query.callbackURL);
  const target = safeRedirect(query.callbackURL, '/dashboard');
  try {
    const { user, issued } = await Auth.verifyEmail(query.token, requestContext(event));
    const cookies = issued ? [sessionCookie(event, issued.token, issued.cookieMaxAge)] : [];
    if (!browser) return new Reply(200, { status: true, user: Auth.userDto(user) }, {}, cookies);
    const separator = target.includes('?') ? '&' : '?';
    return new Reply(302, undefined, { location: `${target}${separator}verified=true` }, cookies);
  } catch (error) {
    if (!browser || !(error instanceof AppError)) throw error;
    return new Reply(302, undefined, { location: `/auth?error=${encodeURIComponent(error.code)}` });
  }
});

// POST /api/auth/request-password-reset — mail a reset link; the same answer whether or not the address has an account
export const requestPasswordReset = defineHandler({ body: RequestPasswordResetBody }, async ({ body, event }) => {
  await Auth.requestPasswordReset(body.email, requestContext(event), body.redirectTo ? safeRedirect(body.redirectTo) : undefined);
  return { status: true, message: 'If this email exists in our system, check your email for the reset link.' };
});

// POST /api/auth/reset-password — set a new password from a reset link; every session of the account ends
export const resetPassword = defineHandler({ body: ResetPasswordBody }, async ({ body }) => {
  await Auth.resetPassword(body.token, body.newPassword);
  return { status: true };
});
