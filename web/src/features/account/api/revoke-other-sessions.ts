import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StatusReply } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import { authQueryKeys } from '#web/lib/auth-keys';
import type { MutationConfig } from '#web/lib/react-query';

/** POST /api/auth/revoke-other-sessions: signs out every device but this one. */
export function revokeOtherSessions() {
  return authClient.post('/revoke-other-sessions', {}, StatusReply);
}

export function useRevokeOtherSessions({ mutationConfig }: { mutationConfig?: MutationConfig<typeof revokeOtherSessions> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: revokeOtherSessions,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: authQueryKeys.sessions });
      await onSuccess?.(...args);
    },
  });
}
