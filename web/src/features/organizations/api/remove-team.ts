import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MessageDto } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { organizationQueryKeys } from './organization-schemas';

/** POST /api/auth/organization/remove-team: (team:delete). */
export function removeTeam(input: { teamId: string }) {
  return authClient.post('/organization/remove-team', input, MessageDto);
}

export function useRemoveTeam({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removeTeam> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: removeTeam,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKeys.active });
      await onSuccess?.(...args);
    },
  });
}
