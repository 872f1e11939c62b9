import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { activateAnotherOrganization } from './activate-another-organization';
import { Organization } from './organization-schemas';

/** POST /api/auth/organization/delete: deletes it with its guides, folders and assets (organization:delete). */
export function deleteOrganization(input: { organizationId: string }) {
  return authClient.post('/organization/delete', input, Organization);
}

/** product-spec.md §4: the organisation list refreshes after delete; the person moves to another organisation. */
export function useDeleteOrganization({ mutationConfig }: { mutationConfig?: MutationConfig<typeof deleteOrganization> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: deleteOrganization,
    onSuccess: async (...args) => {
      await activateAnotherOrganization(queryClient);
      await onSuccess?.(...args);
    },
  });
}
