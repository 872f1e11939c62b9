import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { SuccessMessageReply } from '#shared/auth';
import type { DeleteUserBody } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import { endSession } from '#web/lib/auth-keys';
import type { MutationConfig } from '#web/lib/react-query';

export type DeleteUserInput = z.output<typeof DeleteUserBody>;

/**
 * POST /api/auth/delete-user: deletes the account after checking the password. Answers 409
 * when an organisation with other members has no other owner (it must be handed over first).
 */
export function deleteUser(input: DeleteUserInput) {
  return authClient.post('/delete-user', input, SuccessMessageReply);
}

/** product-spec.md §4: the session refreshes after delete-user (it is gone, so the private area is left). */
export function useDeleteUser({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteUser> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: deleteUser,
    onSuccess: async (...args) => {
      endSession(queryClient);
      await onSuccess?.(...args);
    },
  });
}
