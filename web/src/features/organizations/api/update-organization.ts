import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { UpdateOrganizationBody } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { Organization, organizationQueryKeys } from './organization-schemas';

export type UpdateOrganizationInput = z.output<typeof UpdateOrganizationBody>;

/** POST /api/auth/organization/update: name and slug (organization:update). */
export function updateOrganization(input: UpdateOrganizationInput) {
  return authClient.post('/organization/update', input, Organization);
}

/** product-spec.md §4: the organisation list refreshes after update. */
export function useUpdateOrganization({ mutationConfig }: { mutationConfig?: MutationConfig<typeof updateOrganization> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: updateOrganization,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: organizationQueryKeys.all });
      await onSuccess?.(...args);
    },
  });
}
