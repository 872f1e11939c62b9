import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AcceptedInvitationDto } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { refreshForActiveOrganization } from './refresh';

/**
 * POST /api/auth/organization/accept-invitation: joins the organisation (invited, verified
 * address only), which becomes this session's active one.
 */
export function acceptInvitation(input: { invitationId: string }) {
  return authClient.post('/organization/accept-invitation', input, AcceptedInvitationDto);
}

export function useAcceptInvitation({ mutationConfig }: { mutationConfig?: MutationConfig<typeof acceptInvitation> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: acceptInvitation,
    onSuccess: async (...args) => {
      await refreshForActiveOrganization(queryClient);
      await onSuccess?.(...args);
    },
  });
}
