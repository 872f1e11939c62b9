import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { SignUpBody } from '#shared/auth';
import { authClient } from '../../../lib/auth-client';
import { refreshSessionAfterSignIn, User } from '../../../lib/auth';
import type { MutationConfig } from '../../../lib/react-query';

export type SignUpInput = z.output<typeof SignUpBody>;

const SignUpResponse = z.object({ user: User });

/**
 * POST /api/auth/sign-up/email: creates the account and its personal organisation, mails the
 * verification link and signs in. `callbackURL` is where that link lands once verified.
 */
export function signUp(input: SignUpInput) {
  return authClient.post('/sign-up/email', input, SignUpResponse);
}

export function useSignUp({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signUp> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: signUp,
    onSuccess: async (...args) => {
      await refreshSessionAfterSignIn(queryClient);
      await onSuccess?.(...args);
    },
  });
}
