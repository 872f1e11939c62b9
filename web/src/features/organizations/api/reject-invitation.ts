import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RejectedInvitationDto } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { invitationQueryKeys } from './organization-schemas';

/** POST /api/auth/organization/reject-invitation: declines it (invited address only). */
export function rejectInvitation(input: { invitationId: string }) {
  return authClient.post('/organization/reject-invitation', input, RejectedInvitationDto);
}

export function useRejectInvitation({ mutationConfig }: { mutationConfig?: MutationConfig<typeof rejectInvitation> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: rejectInvitation,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: invitationQueryKeys.all });
      await onSuccess?.(...args);
    },
  });
}
