import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { activateAnotherOrganization } from './activate-another-organization';
import { Member } from './organization-schemas';

/** POST /api/auth/organization/leave: the last owner cannot leave (409 conflict). */
export function leaveOrganization(input: { organizationId: string }) {
  return authClient.post('/organization/leave', input, Member);
}

export function useLeaveOrganization({ mutationConfig }: { mutationConfig?: MutationConfig<typeof leaveOrganization> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: leaveOrganization,
    onSuccess: async (...args) => {
      await activateAnotherOrganization(queryClient);
      await onSuccess?.(...args);
    },
  });
}
