import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SignInReply } from '#shared/auth';
import type { SignInBody } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import { refreshSessionAfterSignIn } from '#web/lib/auth';
import type { MutationConfig } from '#web/lib/react-query';

export type SignInInput = z.output<typeof SignInBody>;

const SignInResponse = SignInReply;

/**
 * POST /api/auth/sign-in/email: sets the session cookie. No `callbackURL` is sent: the SPA
 * navigates itself (a `{ url, redirect: true }` answer would reload the whole page).
 */
export function signIn(input: SignInInput) {
  return authClient.post('/sign-in/email', { email: input.email, password: input.password, rememberMe: input.rememberMe }, SignInResponse);
}

export function useSignIn({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signIn> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: signIn,
    onSuccess: async (...args) => {
      await refreshSessionAfterSignIn(queryClient);
      await onSuccess?.(...args);
    },
  });
}
