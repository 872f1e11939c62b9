import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { authClient } from '../../../lib/auth-client';
import type { MutationConfig } from '../../../lib/react-query';
import { Member, organizationQueryKeys } from './organization-schemas';

/** POST /api/auth/organization/remove-member: (member:delete; only owners remove owners; never the last owner). */
export function removeMember(input: { memberIdOrEmail: string }) {
  return authClient.post('/organization/remove-member', input, z.object({ member: Member }));
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
