import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TeamMemberDto } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { organizationQueryKeys } from './organization-schemas';

/** POST /api/auth/organization/add-team-member: (team:update). */
export function addTeamMember(input: { teamId: string; userId: string }) {
  return authClient.post('/organization/add-team-member', input, TeamMemberDto);
}

export function useAddTeamMember({ mutationConfig }: { mutationConfig?: MutationConfig<typeof addTeamMember> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: addTeamMember,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKeys.active });
      await onSuccess?.(...args);
    },
  });
}
