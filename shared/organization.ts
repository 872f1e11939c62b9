import * as z from 'zod';
import { safeText } from './text';
import { Email } from './auth';
import { ROLE_NAMES, STATEMENTS, type Role } from './permissions';

/** The /api/auth/organization contract (better-auth organization plugin wire format). */
export const INVITATION_TTL_HOURS = 48;

export const OrgName = safeText().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');
export const OrgSlug = z
  .string()
  .trim()
  .min(2, 'Use at least 2 characters.')
  .max(60, 'Use at most 60 characters.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lowercase letters, digits and dashes.');

const Id = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'Not a valid id.');

/** One or more known roles, comma-separated. */
export const RoleInput = z
  .union([z.enum(ROLE_NAMES as [Role, ...Role[]]), z.array(z.enum(ROLE_NAMES as [Role, ...Role[]])).min(1)])
  .transform((role) => (Array.isArray(role) ? [...new Set(role)].join(',') : role));

export const CreateOrganizationBody = z.object({
  name: OrgName,
  slug: OrgSlug,
  logo: z.string().url().max(2048).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  keepCurrentActiveOrganization: z.boolean().optional(),
});

export const UpdateOrganizationBody = z.object({
  data: z
    .object({ name: OrgName.optional(), slug: OrgSlug.optional(), logo: z.string().url().max(2048).nullable().optional() })
    .strict(),
  organizationId: Id.optional(),
});

export const OrganizationIdBody = z.object({ organizationId: Id });
export const SetActiveBody = z.object({ organizationId: Id.nullable().optional(), organizationSlug: OrgSlug.optional() });
export const OrganizationQuery = z.object({ organizationId: Id.optional(), organizationSlug: OrgSlug.optional() });

export const InviteMemberBody = z.object({
  email: Email,
  role: RoleInput,
  organizationId: Id.optional(),
  resend: z.boolean().optional(),
  teamId: Id.optional(),
});
export const InvitationIdBody = z.object({ invitationId: Id });
export const InvitationQuery = z.object({ id: Id });
export const UpdateMemberRoleBody = z.object({ memberId: Id, role: RoleInput, organizationId: Id.optional() });
export const RemoveMemberBody = z.object({ memberIdOrEmail: z.string().min(1).max(254), organizationId: Id.optional() });

export const TeamName = safeText().trim().min(1, 'Enter a name.').max(100, 'Use at most 100 characters.');
export const CreateTeamBody = z.object({ name: TeamName, organizationId: Id.optional() });
export const UpdateTeamBody = z.object({ teamId: Id, data: z.object({ name: TeamName }).strict() });
export const RemoveTeamBody = z.object({ teamId: Id, organizationId: Id.optional() });
export const TeamMemberBody = z.object({ teamId: Id, userId: Id });
export const TeamQuery = z.object({ teamId: Id });

const PermissionsInput = z
  .object(
    Object.fromEntries(
      Object.entries(STATEMENTS).map(([resource, actions]) => [resource, z.array(z.enum(actions as unknown as [string, ...string[]])).optional()]),
    ),
  )
  .strict();
export const HasPermissionBody = z.object({ permissions: PermissionsInput, organizationId: Id.optional() });

export const OrganizationDto = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type OrganizationDto = z.infer<typeof OrganizationDto>;

export const MemberDto = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  role: z.string(),
  createdAt: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable() }),
});
export type MemberDto = z.infer<typeof MemberDto>;

export const INVITATION_STATUSES = ['pending', 'accepted', 'rejected', 'canceled'] as const;

export const InvitationDto = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(INVITATION_STATUSES),
  inviterId: z.string(),
  expiresAt: z.string(),
  teamId: z.string().nullable(),
  createdAt: z.string(),
});
export type InvitationDto = z.infer<typeof InvitationDto>;

/** An invitation addressed to the caller, with the organisation it opens (list-user-invitations). */
export const InvitationListItemDto = InvitationDto.extend({ organizationName: z.string() });
export type InvitationListItemDto = z.infer<typeof InvitationListItemDto>;

/** One invitation as its invitee reads it before answering (get-invitation). */
export const InvitationViewDto = InvitationDto.extend({ organizationName: z.string(), organizationSlug: z.string(), inviterEmail: z.string() });
export type InvitationViewDto = z.infer<typeof InvitationViewDto>;

export const TeamDto = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TeamDto = z.infer<typeof TeamDto>;

/** A member's place in a team; its id is `{teamId}:{userId}`. */
export const TeamMemberDto = z.object({ id: z.string(), teamId: z.string(), userId: z.string(), createdAt: z.string() });
export type TeamMemberDto = z.infer<typeof TeamMemberDto>;

export const FullOrganizationDto = OrganizationDto.extend({
  members: z.array(MemberDto),
  invitations: z.array(InvitationDto),
  teams: z.array(TeamDto),
});
export type FullOrganizationDto = z.infer<typeof FullOrganizationDto>;

/** has-permission's answer: `success` says whether the caller's role grants every permission asked. */
export const HasPermissionDto = z.object({ error: z.null(), success: z.boolean() });
export const ActiveMemberRoleDto = z.object({ role: z.string() });
export const RemovedMemberDto = z.object({ member: MemberDto });
export const AcceptedInvitationDto = z.object({ invitation: InvitationDto, member: MemberDto });
export const RejectedInvitationDto = z.object({ invitation: InvitationDto, member: z.null() });
/** What remove-team and remove-team-member answer. */
export const MessageDto = z.object({ message: z.string() });
