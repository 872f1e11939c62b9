import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { StatusReply, TokenlessUserReply } from '#shared/auth';
import type { SignUpBody } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';

export type SignUpInput = z.output<typeof SignUpBody>;

const SignUpResponse = TokenlessUserReply;

/**
 * POST /api/auth/sign-up/email: creates the account and its personal organisation and mails the
 * verification link, which signs in; `callbackURL` is where that link lands. It answers the same,
 * and signs nobody in, whether or not the address already had an account (its owner gets a mail
 * saying so), so the form always says "check your inbox".
 */
export function signUp(input: SignUpInput) {
  return authClient.post('/sign-up/email', input, SignUpResponse);
}

export function useSignUp({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signUp> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: signUp });
}

/** POST /api/auth/send-verification-email with the address: a new link, the same answer for any address. */
export function resendVerification(input: { email: string; callbackURL?: string }) {
  return authClient.post('/send-verification-email', input, StatusReply);
}

export function useResendVerification({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resendVerification> } = {}) {
  return useMutation({ ...mutationConfig, mutationFn: resendVerification });
}
