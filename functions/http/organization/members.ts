// Members: get-active-member, get-active-member-role, update-member-role, remove-member.
import { RemoveMemberBody, UpdateMemberRoleBody } from '#shared/organization';
import { defineHandler } from '../../core/http';
import { Membership } from '../../domain/members';
import { requireMember, requireSession, switchOrganization } from '../actor';

// GET /api/auth/organization/get-active-member — the caller's membership of the active organisation
export const getActiveMember = defineHandler({}, async ({ event }) => {
  const session = await requireSession(event);
  if (!session.activeOrgId) return null;
  const member = await Membership.membership(session.activeOrgId, session.userId);
  return member ? Membership.memberDto(member) : null;
});

// GET /api/auth/organization/get-active-member-role — { role } in the active organisation
export const getActiveMemberRole = defineHandler({}, async ({ event }) => {
  const { member } = await requireMember(event);
  return { role: member.role };
});

// POST /api/auth/organization/update-member-role — change roles (member:update; owner role only by owners; never the last owner)
export const updateMemberRole = defineHandler({ body: UpdateMemberRoleBody }, async ({ body, event }) => {
  const { member } = await requireMember(event, body.organizationId);
  return Membership.memberDto(await Membership.updateMemberRole(member, body.memberId, body.role));
});

// POST /api/auth/organization/remove-member — remove a member by id or email (member:delete; never the last owner)
export const removeMember = defineHandler({ body: RemoveMemberBody }, async ({ body, event }) => {
  const { session, member } = await requireMember(event, body.organizationId);
  const removed = await Membership.removeMember(member, body.memberIdOrEmail);
  if (removed.userId === session.userId) await switchOrganization(session, undefined);
  return { member: await Membership.memberDto(removed) };
});
