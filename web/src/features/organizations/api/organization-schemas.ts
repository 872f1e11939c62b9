import { FullOrganizationDto, InvitationDto, MemberDto, OrganizationDto, TeamDto } from '#shared/organization';

/**
 * The answers of /api/auth/organization/* are the shared contract's schemas, under the names this
 * feature reads them by. Query keys are hierarchical: invalidating `['organizations']` refreshes
 * the list, the active organisation and the role in it.
 */
export const Organization = OrganizationDto;
export const Member = MemberDto;
export const Invitation = InvitationDto;
export const Team = TeamDto;
export const FullOrganization = FullOrganizationDto;

export const organizationQueryKeys = {
  all: ['organizations'] as const,
  list: ['organizations', 'list'] as const,
  active: ['organizations', 'active'] as const,
  activeRole: ['organizations', 'active', 'role'] as const,
};

export const invitationQueryKeys = {
  all: ['invitations'] as const,
  detail: (id: string) => ['invitations', id] as const,
};
