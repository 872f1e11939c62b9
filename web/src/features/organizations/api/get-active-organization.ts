import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { authClient } from '#web/lib/auth-client';
import { FullOrganization, organizationQueryKeys } from './organization-schemas';

/**
 * GET /api/auth/organization/get-full-organization: the session's active organisation with its
 * members, pending invitations and teams; null when none is active.
 */
export function getActiveOrganization(signal?: AbortSignal) {
  return authClient.get('/organization/get-full-organization', FullOrganization.nullable(), signal);
}

export function getActiveOrganizationQueryOptions() {
  return queryOptions({ queryKey: organizationQueryKeys.active, queryFn: ({ signal }) => getActiveOrganization(signal) });
}

export function useActiveOrganization() {
  return useSuspenseQuery(getActiveOrganizationQueryOptions());
}
