import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { ActiveMemberRoleDto } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import { organizationQueryKeys } from './organization-schemas';

/**
 * GET /api/auth/organization/get-active-member-role: `{ role }` of the signed-in person in the
 * active organisation (comma-separated roles). Decides which controls a page shows; the API
 * checks every call itself.
 */
export function getActiveMemberRole(signal?: AbortSignal) {
  return authClient.get('/organization/get-active-member-role', ActiveMemberRoleDto, signal);
}

export function getActiveMemberRoleQueryOptions() {
  return queryOptions({ queryKey: organizationQueryKeys.activeRole, queryFn: ({ signal }) => getActiveMemberRole(signal) });
}

export function useActiveMemberRole() {
  return useSuspenseQuery(getActiveMemberRoleQueryOptions());
}
