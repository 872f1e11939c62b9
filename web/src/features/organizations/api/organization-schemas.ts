import { z } from 'zod';
import type { FullOrganizationDto, InvitationDto, MemberDto, OrganizationDto, TeamDto } from '#shared/organization';

/**
 * The answers of /api/auth/organization/*, typed by the shared contract so that a change there
 * breaks the build here. Query keys are hierarchical: invalidating `['organizations']` refreshes
 * the list, the active organisation and the role in it.
 */
export const Organization: z.ZodType<OrganizationDto> = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

export const Member: z.ZodType<MemberDto> = z.object({
  id: z.string(),
  organizationId: z.string(),
  userId: z.string(),
  role: z.string(),
  createdAt: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), image: z.string().nullable() }),
});

export const Invitation: z.ZodType<InvitationDto> = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.string(),
  status: z.enum(['pending', 'accepted', 'rejected', 'canceled']),
  inviterId: z.string(),
  expiresAt: z.string(),
  teamId: z.string().nullable(),
  createdAt: z.string(),
});

export const Team: z.ZodType<TeamDto> = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const FullOrganization: z.ZodType<FullOrganizationDto> = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  members: z.array(Member),
  invitations: z.array(Invitation),
  teams: z.array(Team),
});

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
