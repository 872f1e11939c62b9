import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateOrganizationBody } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import type { MutationConfig } from '#web/lib/react-query';
import { FullOrganization } from './organization-schemas';
import { refreshForActiveOrganization } from './refresh';

export type CreateOrganizationInput = z.output<typeof CreateOrganizationBody>;

/** POST /api/auth/organization/create: the creator is its owner and it becomes the active one. */
export function createOrganization(input: CreateOrganizationInput) {
  return authClient.post('/organization/create', input, FullOrganization);
}

/** product-spec.md §4: the organisation list refreshes after create (with everything of the new active one). */
export function useCreateOrganization({ mutationConfig }: { mutationConfig?: MutationConfig<typeof createOrganization> } = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...config } = mutationConfig ?? {};
  return useMutation({
    ...config,
    mutationFn: createOrganization,
    onSuccess: async (...args) => {
      await refreshForActiveOrganization(queryClient);
      await onSuccess?.(...args);
    },
  });
}
