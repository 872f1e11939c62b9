import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { organizationQueryKeys, Team } from './organization-schemas';

/** POST /api/auth/organization/update-team: renames a team (team:update). */
export function updateTeam(input: { teamId: string; data: { name: string } }) {
  return authClient.post('/organization/update-team', input, Team);
}

export function useUpdateTeam({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateTeam> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: updateTeam,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKeys.active });
      await onSuccess?.(...args);
    },
  });
}
