import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageDto } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { organizationQueryKeys } from './organization-schemas';

/** POST /api/auth/organization/remove-team-member: (team:update). */
export function removeTeamMember(input: { teamId: string; userId: string }) {
  return authClient.post('/organization/remove-team-member', input, MessageDto);
}

export function useRemoveTeamMember({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removeTeamMember> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: removeTeamMember,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKeys.active });
      await onSuccess?.(...args);
    },
  });
}
