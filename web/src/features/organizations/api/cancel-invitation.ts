import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { Invitation, organizationQueryKeys } from './organization-schemas';

/** POST /api/auth/organization/cancel-invitation: withdraws a pending invitation (invitation:cancel). */
export function cancelInvitation(input: { invitationId: string }) {
  return authClient.post('/organization/cancel-invitation', input, Invitation);
}

export function useCancelInvitation({ mutationConfig }: { mutationConfig?: MutationConfig<typeof cancelInvitation> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: cancelInvitation,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKeys.active });
      await onSuccess?.(...args);
    },
  });
}
