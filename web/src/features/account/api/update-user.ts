import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { UserReply } from '#shared/auth';
import type { UpdateUserBody } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import { authQueryKeys } from '#web/lib/auth-keys';
import type { MutationConfig } from '#web/lib/react-query';

export type UpdateUserInput = z.output<typeof UpdateUserBody>;

/** POST /api/auth/update-user: the name (and picture), and the capture setting. */
export function updateUser(input: UpdateUserInput) {
  return authClient.post('/update-user', input, UserReply);
}

/** product-spec.md §4: the session (which carries the user) refreshes after update-user. */
export function useUpdateUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateUser> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: updateUser,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: authQueryKeys.session });
      await onSuccess?.(...args);
    },
  });
}
