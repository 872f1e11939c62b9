import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { TokenlessUserReply } from '#shared/auth';
import type { ChangePasswordBody } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import { authQueryKeys } from '#web/lib/auth-keys';
import type { MutationConfig } from '#web/lib/react-query';

export type ChangePasswordInput = z.output<typeof ChangePasswordBody>;

/** POST /api/auth/change-password: checks the current password; other sessions end unless kept. */
export function changePassword(input: ChangePasswordInput) {
  return authClient.post('/change-password', input, TokenlessUserReply);
}

export function useChangePassword({ mutationConfig }: { mutationConfig?: MutationConfig<typeof changePassword> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: changePassword,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: authQueryKeys.sessions });
      await onSuccess?.(...args);
    },
  });
}
