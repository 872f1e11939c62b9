// Invitations: invite, accept, reject, cancel, list, get.
import { InvitationIdBody, InvitationQuery, InviteMemberBody, OrganizationQuery } from '#shared/organization';
import { AppError } from '#shared/errors';
import { defineHandler } from '../../core/http';
import { Invitation } from '../../domain/organizations';
import { memberDto } from '../../domain/members';
import { requestContext, requireMember, requireUser, switchOrganization } from '../actor';

// POST /api/auth/organization/invite-member — mail an invitation valid for 48 hours (invitation:create)
export const inviteMember = defineHandler({ body: InviteMemberBody }, async ({ body, event }) => {
  const { user } = await requireUser(event);
  const { member } = await requireMember(event, body.organizationId);
  return Invitation.invite(member, body, { origin: requestContext(event).origin, inviterName: user.name, inviterVerified: user.emailVerified });
});

// POST /api/auth/organization/accept-invitation — join, as the invited (verified) address only
export const acceptInvitation = defineHandler({ body: InvitationIdBody }, async ({ body, event }) => {
  const { session, user } = await requireUser(event);
  const result = await Invitation.acceptInvitation(body.invitationId, user);
  await switchOrganization(session, result.member.orgId);
  return { invitation: result.invitation, member: await memberDto(result.member) };
});

// POST /api/auth/organization/reject-invitation — decline, as the invited address only
export const rejectInvitation = defineHandler({ body: InvitationIdBody }, async ({ body, event }) => {
  const { user } = await requireUser(event);
  return { invitation: await Invitation.rejectInvitation(body.invitationId, user.email), member: null };
});

// POST /api/auth/organization/cancel-invitation — withdraw a pending invitation (invitation:cancel)
export const cancelInvitation = defineHandler({ body: InvitationIdBody }, async ({ body, event }) => {
  const invitation = await Invitation.invitationById(body.invitationId);
  if (!invitation) throw new AppError('not_found', 'Invitation not found.');
  // The caller must belong to the invitation's own organisation; a foreign one is not found.
  const { member } = await requireMember(event, invitation.orgId);
  return Invitation.cancelInvitation(member, body.invitationId);
});

// GET /api/auth/organization/list-invitations — an organisation's invitations (any member)
export const listInvitations = defineHandler({ query: OrganizationQuery }, async ({ query, event }) => {
  const { member } = await requireMember(event, query.organizationId);
  return Invitation.listInvitations(member.orgId);
});

// GET /api/auth/organization/get-invitation — one invitation, for the invited address
export const getInvitation = defineHandler({ query: InvitationQuery }, async ({ query, event }) => {
  const { user } = await requireUser(event);
  return Invitation.getInvitation(query.id, user.email);
});

// GET /api/auth/organization/list-user-invitations — pending invitations addressed to the caller
export const listUserInvitations = defineHandler({}, async ({ event }) => {
  const { user } = await requireUser(event);
  return Invitation.invitationsForEmail(user.email);
});
