// Organisations: list, create, update, delete, set-active, get-full-organization, has-permission.
import { AppError } from '#shared/errors';
import {
  CreateOrganizationBody,
  HasPermissionBody,
  OrganizationIdBody,
  OrganizationQuery,
  SetActiveBody,
  UpdateOrganizationBody,
} from '#shared/organization';
import { hasPermission } from '#shared/permissions';
import { defineHandler } from '../../core/http';
import { FullOrganization, Organization } from '../../domain/organizations';
import { Membership } from '../../domain/members';
import { requireMember, requireSession, switchOrganization } from '../actor';

// GET /api/auth/organization/list — the caller's organisations
export const list = defineHandler({}, async ({ event }) => {
  const session = await requireSession(event);
  return (await Organization.listForUser(session.userId)).map(Organization.organizationDto);
});

// POST /api/auth/organization/create — a new organisation; the creator is its owner and it becomes active
export const create = defineHandler({ body: CreateOrganizationBody }, async ({ body, event }) => {
  const session = await requireSession(event);
  const org = await Organization.create(session.userId, body);
  if (!body.keepCurrentActiveOrganization) await switchOrganization(session, org.orgId);
  return FullOrganization.get(org.orgId);
});

// POST /api/auth/organization/update — rename, change slug or logo (organization:update)
export const update = defineHandler({ body: UpdateOrganizationBody }, async ({ body, event }) => {
  const { member } = await requireMember(event, body.organizationId);
  return Organization.organizationDto(await Organization.update(member, body.data));
});

// POST /api/auth/organization/delete — delete with all its guides, folders and assets (organization:delete)
export const remove = defineHandler({ body: OrganizationIdBody }, async ({ body, event }) => {
  const { session, member } = await requireMember(event, body.organizationId);
  const org = await Organization.remove(member);
  await switchOrganization(session, undefined, { from: org.orgId });
  return Organization.organizationDto(org);
});

// POST /api/auth/organization/set-active — the organisation this session works in (null clears it)
export const setActive = defineHandler({ body: SetActiveBody }, async ({ body, event }) => {
  const session = await requireSession(event);
  let orgId = body.organizationId ?? undefined;
  if (!orgId && body.organizationSlug) {
    const orgs = await Organization.listForUser(session.userId);
    orgId = orgs.find((o) => o.slug === body.organizationSlug)?.orgId;
    if (!orgId) throw new AppError('not_found', 'Organization not found.');
  }
  if (!orgId) {
    await switchOrganization(session, undefined);
    return null;
  }
  await Membership.requireMember(orgId, session.userId);
  await switchOrganization(session, orgId);
  return FullOrganization.get(orgId);
});

// GET /api/auth/organization/get-full-organization — the organisation with members, pending invitations and teams
export const getFullOrganization = defineHandler({ query: OrganizationQuery }, async ({ query, event }) => {
  const session = await requireSession(event);
  let orgId = query.organizationId ?? session.activeOrgId;
  if (query.organizationSlug) {
    orgId = (await Organization.listForUser(session.userId)).find((o) => o.slug === query.organizationSlug)?.orgId;
  }
  if (!orgId) return null;
  await Membership.requireMember(orgId, session.userId);
  return FullOrganization.get(orgId);
});

// POST /api/auth/organization/has-permission — does the caller's role grant these permissions?
export const checkPermission = defineHandler({ body: HasPermissionBody }, async ({ body, event }) => {
  const { member } = await requireMember(event, body.organizationId);
  return { error: null, success: hasPermission(member.role, body.permissions) };
});

// POST /api/auth/organization/leave — leave an organisation (the last owner cannot)
export const leave = defineHandler({ body: OrganizationIdBody }, async ({ body, event }) => {
  const { session } = await requireMember(event, body.organizationId);
  const member = await Membership.removeMembership(body.organizationId, session.userId);
  await switchOrganization(session, undefined, { from: body.organizationId });
  return Membership.memberDto(member);
});

