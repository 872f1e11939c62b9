import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SuccessReply } from '#shared/auth';
import { authClient } from '#web/lib/auth-client';
import { endSession } from '#web/lib/auth-keys';
import type { MutationConfig } from '#web/lib/react-query';

/** POST /api/auth/sign-out: ends this session and clears its cookie. */
export function signOut() {
  return authClient.post('/sign-out', {}, SuccessReply);
}

/**
 * Signs out; the session is null from then on (product-spec.md §4). The caller leaves the private area
 * (`useLeavePrivateArea`), which drops what was cached for the person.
 */
export function useSignOut({ mutationConfig }: { mutationConfig?: MutationConfig<typeof signOut> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: signOut,
    onSuccess: async (...args) => {
      endSession(queryClient);
      await onSuccess?.(...args);
    },
  });
}
