import { safeRedirect } from '#shared/auth';
import type { ErrorCode } from '#shared/errors';
import { AUTH_MODES, paths, type AuthMode } from '#web/config/paths';

/** What the /auth screen reads from its URL. */
export interface AuthSearch {
  mode: AuthMode;
  /** the raw `?redirect=`; only ever followed through `safeRedirect` */
  redirect: string | undefined;
  /** the reset token of a password reset link */
  token: string | undefined;
  /** the error code a failed verification link came back with */
  error: string | undefined;
}

export function parseAuthSearch(params: URLSearchParams): AuthSearch {
  const mode = params.get('mode');
  return {
    mode: AUTH_MODES.find((known) => known === mode) ?? 'sign-in',
    redirect: params.get('redirect') ?? undefined,
    token: params.get('token') ?? undefined,
    error: params.get('error') ?? undefined,
  };
}

/** Where sign-in returns to: the page that sent the person here, if it is on this site. */
export function afterSignIn(redirect: string | undefined): string {
  return safeRedirect(redirect, paths.dashboard.getHref());
}

/** Where sign-up goes: the page that sent the person here, else the first-run page. */
export function afterSignUp(redirect: string | undefined): string {
  return safeRedirect(redirect, paths.dashboard.welcome.getHref());
}

const VERIFICATION_ERRORS: Readonly<Record<string, string>> = {
  bad_request: 'This verification link is invalid or has expired. Sign in and send yourself a new one.',
  validation_failed: 'This verification link is incomplete. Open it again from the mail, or send yourself a new one.',
  conflict: 'That email address already belongs to another account, so it could not be confirmed.',
  unauthorized: 'The account this link was sent for no longer exists.',
  rate_limited: 'Too many attempts. Wait a few seconds and open the link again.',
} satisfies Partial<Record<ErrorCode, string>>;

/** The sentence for `?error=CODE` after a verification link failed (functions/http/auth/verification.ts). */
export function verificationErrorMessage(code: string): string {
  return Object.hasOwn(VERIFICATION_ERRORS, code)
    ? VERIFICATION_ERRORS[code]!
    : 'We could not verify your email address. Please try the link again.';
}
