import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { authClient } from '#web/lib/auth-client';
import { Organization, organizationQueryKeys } from './organization-schemas';

/** GET /api/auth/organization/list: the organisations the signed-in person belongs to. */
export function listOrganizations(signal?: AbortSignal) {
  return authClient.get('/organization/list', z.array(Organization), signal);
}

export function listOrganizationsQueryOptions() {
  return queryOptions({ queryKey: organizationQueryKeys.list, queryFn: ({ signal }) => listOrganizations(signal) });
}

export function useOrganizations() {
  return useSuspenseQuery(listOrganizationsQueryOptions());
}
