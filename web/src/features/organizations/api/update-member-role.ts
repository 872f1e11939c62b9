import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { Member, organizationQueryKeys } from './organization-schemas';

/** POST /api/auth/organization/update-member-role: (member:update; only owners grant or remove owner; never the last owner). */
export function updateMemberRole(input: { memberId: string; role: string }) {
  return authClient.post('/organization/update-member-role', input, Member);
}

export function useUpdateMemberRole({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateMemberRole> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: updateMemberRole,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKeys.active });
      await onSuccess?.(...args);
    },
  });
}
