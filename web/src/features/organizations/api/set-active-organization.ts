import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { FullOrganization } from './organization-schemas';
import { refreshForActiveOrganization } from './refresh';

/** POST /api/auth/organization/set-active: the organisation this session works in (null for none). */
export function setActiveOrganization(input: { organizationId: string | null }) {
  return authClient.post('/organization/set-active', input, FullOrganization.nullable());
}

export function useSetActiveOrganization({ mutationConfig }: { mutationConfig?: MutationConfig<typeof setActiveOrganization> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: setActiveOrganization,
    onSuccess: async (...args) => {
      await refreshForActiveOrganization(queryClient);
      await onSuccess?.(...args);
    },
  });
}
