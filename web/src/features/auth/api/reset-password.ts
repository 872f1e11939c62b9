import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { StatusReply } from '#shared/auth';
import type { ResetPasswordBody } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import { endSession } from '#web/lib/auth-keys';
import type { MutationConfig } from '#web/lib/react-query';

export type ResetPasswordInput = z.output<typeof ResetPasswordBody>;

/** POST /api/auth/reset-password: sets the new password from a mailed link; every session ends. */
export function resetPassword(input: ResetPasswordInput) {
  return authClient.post('/reset-password', input, StatusReply);
}

/** Resets the password; every session ended, this browser's included, so the session is refreshed. */
export function useResetPassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof resetPassword> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: resetPassword,
    onSuccess: async (...args) => {
      endSession(queryClient);
      await onSuccess?.(...args);
    },
  });
}
