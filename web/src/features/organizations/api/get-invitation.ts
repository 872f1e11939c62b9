import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { InvitationViewDto } from '#shared/organization';
import { authClient } from '#web/lib/auth-client';
import { invitationQueryKeys } from './organization-schemas';

/** An invitation as its invitee sees it: with the organisation's name and who sent it. */
export const InvitationDetails = InvitationViewDto;
export type InvitationDetails = InvitationViewDto;

/**
 * GET /api/auth/organization/get-invitation?id=: only the invited address may read it; for
 * anyone else it is not found (404).
 */
export function getInvitation(id: string, signal?: AbortSignal) {
  return authClient.get(`/organization/get-invitation?${new URLSearchParams({ id })}`, InvitationDetails, signal);
}

export function getInvitationQueryOptions(id: string) {
  return queryOptions({
    queryKey: invitationQueryKeys.detail(id),
    queryFn: ({ signal }) => getInvitation(id, signal),
    // Whether it is still open matters more than a saved request.
    staleTime: 0,
  });
}

export function useInvitation(id: string) {
  return useSuspenseQuery(getInvitationQueryOptions(id));
}
