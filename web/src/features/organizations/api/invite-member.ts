import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { InviteMemberBody } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { Invitation, organizationQueryKeys } from './organization-schemas';

/** POST /api/auth/organization/invite-member: mails an invitation valid for 48 hours (invitation:create; owner only by owners). */
export function inviteMember(input: z.output<typeof InviteMemberBody>) {
  return authClient.post('/organization/invite-member', input, Invitation);
}

export function useInviteMember({ mutationConfig }: { mutationConfig?: MutationConfig<typeof inviteMember> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: inviteMember,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKeys.active });
      await onSuccess?.(...args);
    },
  });
}
