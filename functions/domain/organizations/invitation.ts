import { AppError } from '#shared/errors';
import type { InvitationDto, InvitationListItemDto, InvitationViewDto } from '#shared/organization';
import { INVITATION_TTL_HOURS } from '#shared/organization';
import { PRODUCT_NAME } from '#shared/product';
import { db } from '../../db/service';
import { Mail, newId } from '../platform';
import { isOwner, listForOrganization, type Member, membership, requirePermission, teamById, usersById } from '../members';
import * as Organization from './organization';
import { requireVerifiedEmail } from '../accounts';

/**
 * Invitations into an organisation, by email, valid for INVITATION_TTL_HOURS. Only the invited
 * address may read or answer one; a member with the right permission invites or cancels.
 */
type Invitation = NonNullable<Awaited<ReturnType<typeof invitationById>>>;

export function invitationDto(inv: Invitation): InvitationDto {
  return {
    id: inv.invitationId,
    organizationId: inv.orgId,
    email: inv.email,
    role: inv.role,
    status: inv.status,
    inviterId: inv.inviterId,
    expiresAt: new Date(inv.expiresAtMs).toISOString(),
    teamId: inv.teamId ?? null,
    createdAt: new Date(inv.createdAt).toISOString(),
  };
}

export async function invitationById(invitationId: string) {
  const { data } = await db().entities.invitation.get({ invitationId }).go();
  return data;
}

async function listByOrganization(orgId: string): Promise<Invitation[]> {
  const { data } = await db().entities.invitation.query.byOrg({ orgId }).go({ pages: 'all' });
  return data;
}

export async function listInvitations(orgId: string): Promise<InvitationDto[]> {
  return (await listByOrganization(orgId)).map(invitationDto);
}

/** An organisation's pending invitations, for its full view. */
export async function pendingFor(orgId: string): Promise<InvitationDto[]> {
  return (await listByOrganization(orgId)).filter((i) => i.status === 'pending').map(invitationDto);
}

/** Pending invitations addressed to an email: what the signed-in user may accept. */
export async function invitationsForEmail(email: string): Promise<InvitationListItemDto[]> {
  const { data } = await db().entities.invitation.query.byEmail({ email }).go({ pages: 'all' });
  const pending = data.filter((i) => i.status === 'pending' && i.expiresAtMs > Date.now());
  const result = [];
  for (const inv of pending) {
    const org = await Organization.fromId(inv.orgId);
    if (org) result.push({ ...invitationDto(inv), organizationName: org.name });
  }
  return result;
}

export async function invite(
  actor: Member,
  input: { email: string; role: string; teamId?: string | undefined; resend?: boolean | undefined },
  ctx: { origin: string; inviterName: string; inviterVerified: boolean },
): Promise<InvitationDto> {
  requirePermission(actor, { invitation: ['create'] });
  requireVerifiedEmail({ emailVerified: ctx.inviterVerified }, 'invite');
  if (isOwner(input.role) && !isOwner(actor.role)) throw new AppError('forbidden', 'Only an owner can invite an owner.');
  const org = await Organization.fromId(actor.orgId);
  if (!org) throw new AppError('not_found', 'Organization not found.');
  if (input.teamId) {
    const team = await teamById(actor.orgId, input.teamId);
    if (!team) throw new AppError('not_found', 'Team not found.');
  }
  const members = await listForOrganization(actor.orgId);
  const users = await usersById(members.map((m) => m.userId));
  if (members.some((m) => users.get(m.userId)?.email === input.email)) {
    throw new AppError('conflict', 'This person is already a member of the organization.');
  }
  const existing = await listByOrganization(actor.orgId);
  const pending = existing.find((i) => i.email === input.email && i.status === 'pending' && i.expiresAtMs > Date.now());
  if (pending && !input.resend) throw new AppError('conflict', 'This person already has a pending invitation.');
  const expiresAtMs = Date.now() + INVITATION_TTL_HOURS * 60 * 60 * 1000;
  let invitation: Invitation;
  if (pending) {
    const { data } = await db()
      .entities.invitation.patch({ invitationId: pending.invitationId })
      .set({ expiresAtMs, role: input.role })
      .go({ response: 'all_new' });
    invitation = data;
  } else {
    const { data } = await db()
      .entities.invitation.create({
        invitationId: newId(),
        orgId: actor.orgId,
        email: input.email,
        role: input.role,
        inviterId: actor.userId,
        expiresAtMs,
        ...(input.teamId ? { teamId: input.teamId } : {}),
      })
      .go();
    invitation = data;
  }
  await Mail.send(
    Mail.actionMail({
      to: input.email,
      subject: `${ctx.inviterName} invited you to ${org.name} on ${PRODUCT_NAME}`,
      heading: `Join ${org.name} on ${PRODUCT_NAME}`,
      intro: `${ctx.inviterName} invited you to join ${org.name} as ${input.role}. Sign in or create an account with this email address to accept.`,
      action: 'Accept invitation',
      url: new URL(`/accept-invitation/${invitation.invitationId}`, ctx.origin).toString(),
      outro: `The invitation expires in ${INVITATION_TTL_HOURS} hours. If you were not expecting it, ignore this mail.`,
    }),
  );
  return invitationDto(invitation);
}

/** An invitation as its invitee sees it: only the invited address may read or answer it. */
async function invitationForInvitee(invitationId: string, userEmail: string): Promise<Invitation> {
  const inv = await invitationById(invitationId);
  if (!inv || inv.email !== userEmail) throw new AppError('not_found', 'Invitation not found.');
  return inv;
}

export async function getInvitation(invitationId: string, userEmail: string): Promise<InvitationViewDto> {
  const inv = await invitationForInvitee(invitationId, userEmail);
  const org = await Organization.fromId(inv.orgId);
  if (!org) throw new AppError('not_found', 'Invitation not found.');
  const inviter = (await usersById([inv.inviterId])).get(inv.inviterId);
  return { ...invitationDto(inv), organizationName: org.name, organizationSlug: org.slug, inviterEmail: inviter?.email ?? '' };
}

function assertAnswerable(inv: Invitation): void {
  if (inv.status !== 'pending') throw new AppError('conflict', `This invitation was already ${inv.status}.`);
  if (inv.expiresAtMs <= Date.now()) throw new AppError('gone', 'This invitation has expired. Ask for a new one.');
}

export async function acceptInvitation(
  invitationId: string,
  user: { userId: string; email: string; emailVerified: boolean },
): Promise<{ invitation: InvitationDto; member: Member }> {
  const inv = await invitationForInvitee(invitationId, user.email);
  assertAnswerable(inv);
  // Only a verified address proves the invitee: anyone can sign up with an unverified one.
  if (!user.emailVerified) throw new AppError('forbidden', 'Verify your email address before accepting the invitation.');
  if (await membership(inv.orgId, user.userId)) throw new AppError('conflict', 'You are already a member of this organization.');
  const owner = isOwner(inv.role);
  const result = await db()
    .transaction.write(({ invitation, member, organization }) => [
      invitation
        .patch({ invitationId })
        .set({ status: 'accepted' })
        .where((attr, { eq }) => eq(attr.status, 'pending'))
        .commit(),
      member.create({ memberId: newId(), orgId: inv.orgId, userId: user.userId, role: inv.role }).commit(),
      ...(owner ? [organization.patch({ orgId: inv.orgId }).add({ ownerCount: 1 }).commit()] : []),
    ])
    .go();
  if (result.canceled) throw new AppError('conflict', 'This invitation was already answered.');
  if (inv.teamId) await db().entities.teamMember.create({ orgId: inv.orgId, teamId: inv.teamId, userId: user.userId }).go();
  const accepted = (await invitationById(invitationId))!;
  return { invitation: invitationDto(accepted), member: (await membership(inv.orgId, user.userId))! };
}

export async function rejectInvitation(invitationId: string, userEmail: string): Promise<InvitationDto> {
  const inv = await invitationForInvitee(invitationId, userEmail);
  assertAnswerable(inv);
  const { data } = await db()
    .entities.invitation.patch({ invitationId })
    .set({ status: 'rejected' })
    .where((attr, { eq }) => eq(attr.status, 'pending'))
    .go({ response: 'all_new' });
  return invitationDto(data);
}

export async function cancelInvitation(actor: Member, invitationId: string): Promise<InvitationDto> {
  requirePermission(actor, { invitation: ['cancel'] });
  const inv = await invitationById(invitationId);
  if (!inv || inv.orgId !== actor.orgId) throw new AppError('not_found', 'Invitation not found.');
  if (inv.status !== 'pending') throw new AppError('conflict', `This invitation was already ${inv.status}.`);
  const { data } = await db().entities.invitation.patch({ invitationId }).set({ status: 'canceled' }).go({ response: 'all_new' });
  return invitationDto(data);
}
