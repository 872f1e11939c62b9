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
import { hasPermission, type Permissions } from '#shared/permissions';
import { defineHandler } from '../../core/http';
import * as Organization from '../../domain/organization';
import * as Session from '../../domain/session';
import { requireMember, requireSession } from '../actor';

// GET /api/auth/organization/list — the caller's organisations
export const list = defineHandler({}, async ({ event }) => {
  const session = await requireSession(event);
  return (await Organization.listForUser(session.userId)).map(Organization.organizationDto);
});

// POST /api/auth/organization/create — a new organisation; the creator is its owner and it becomes active
export const create = defineHandler({ body: CreateOrganizationBody }, async ({ body, event }) => {
  const session = await requireSession(event);
  const org = await Organization.create(session.userId, body);
  if (!body.keepCurrentActiveOrganization) await Session.setActiveOrganization(session.sessionId, org.orgId);
  return Organization.getFull(org.orgId);
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
  if (session.activeOrgId === org.orgId) await Session.setActiveOrganization(session.sessionId, undefined);
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
    await Session.setActiveOrganization(session.sessionId, undefined);
    return null;
  }
  await Organization.requireMember(orgId, session.userId);
  await Session.setActiveOrganization(session.sessionId, orgId);
  return Organization.getFull(orgId);
});

// GET /api/auth/organization/get-full-organization — the organisation with members, pending invitations and teams
export const getFullOrganization = defineHandler({ query: OrganizationQuery }, async ({ query, event }) => {
  const session = await requireSession(event);
  let orgId = query.organizationId ?? session.activeOrgId;
  if (query.organizationSlug) {
    orgId = (await Organization.listForUser(session.userId)).find((o) => o.slug === query.organizationSlug)?.orgId;
  }
  if (!orgId) return null;
  await Organization.requireMember(orgId, session.userId);
  return Organization.getFull(orgId);
});

// POST /api/auth/organization/has-permission — does the caller's role grant these permissions?
export const checkPermission = defineHandler({ body: HasPermissionBody }, async ({ body, event }) => {
  const { member } = await requireMember(event, body.organizationId);
  return { error: null, success: hasPermission(member.role, body.permissions as Permissions) };
});

// POST /api/auth/organization/leave — leave an organisation (the last owner cannot)
export const leave = defineHandler({ body: OrganizationIdBody }, async ({ body, event }) => {
  const { session } = await requireMember(event, body.organizationId);
  const member = await Organization.removeMembership(body.organizationId, session.userId);
  if (session.activeOrgId === body.organizationId) await Session.setActiveOrganization(session.sessionId, undefined);
  return Organization.memberDto(member);
});

