import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { organizationQueryKeys, Team } from './organization-schemas';

/** POST /api/auth/organization/create-team: (team:create). */
export function createTeam(input: { name: string }) {
  return authClient.post('/organization/create-team', input, Team);
}

export function useCreateTeam({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createTeam> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: createTeam,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKeys.active });
      await onSuccess?.(...args);
    },
  });
}
