import { useMutation, useQueryClient } from '@tanstack/react-query';
import { RemovedMemberDto } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { organizationQueryKeys } from './organization-schemas';

/** POST /api/auth/organization/remove-member: (member:delete; only owners remove owners; never the last owner). */
export function removeMember(input: { memberIdOrEmail: string }) {
  return authClient.post('/organization/remove-member', input, RemovedMemberDto);
}

export function useRemoveMember({ mutationConfig }: { mutationConfig?: MutationConfig<typeof removeMember> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: removeMember,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKeys.active });
      await onSuccess?.(...args);
    },
  });
}
