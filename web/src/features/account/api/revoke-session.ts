import { useMutation, useQueryClient } from '@tanstack/react-query';
import { StatusReply } from '#shared/auth';
import type { SessionDto } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import { authQueryKeys, endSession } from '#web/lib/auth-keys';
import type { MutationConfig } from '#web/lib/react-query';

/** POST /api/auth/revoke-session: ends one of the person's sessions (signs that device out). */
export function revokeSession(session: Pick<SessionDto, 'token' | 'current'>) {
  return authClient.post('/revoke-session', { token: session.token }, StatusReply);
}

export function useRevokeSession({ mutationConfig }: { mutationConfig?: MutationConfig<typeof revokeSession> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: revokeSession,
    onSuccess: async (...args) => {
      const [, session] = args;
      // Ending this device's own session is a sign-out.
      if (session.current) endSession(queryClient);
      else await queryClient.invalidateQueries({ queryKey: authQueryKeys.sessions });
      await onSuccess?.(...args);
    },
  });
}
