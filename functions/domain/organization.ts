import { AppError } from '#shared/errors';
import type { FullOrganizationDto, InvitationDto, MemberDto, OrganizationDto, TeamDto } from '#shared/organization';
import { INVITATION_TTL_HOURS } from '#shared/organization';
import { CREATOR_ROLE, hasPermission, parseRoles, type Permissions } from '#shared/permissions';
import { PRODUCT_NAME } from '#shared/product';
import { db } from '../db/service';
import * as Asset from './asset';
import * as SiteSession from './drift/site-session';
import { newId } from './ids';
import * as Mail from './mail';
import { requireVerifiedEmail } from './user';

/**
 * Organisations, members, invitations and teams (better-auth's organization plugin), with the
 * permissions table of shared/permissions.ts. Tenancy: a caller who is not a member of an
 * organisation gets "not found", never a hint that it exists.
 */
export type Organization = NonNullable<Awaited<ReturnType<typeof fromId>>>;
export type Member = NonNullable<Awaited<ReturnType<typeof membership>>>;
type Invitation = NonNullable<Awaited<ReturnType<typeof invitationById>>>;
type Team = NonNullable<Awaited<ReturnType<typeof teamById>>>;

const NOT_FOUND = 'Organization not found.';

export function isOwner(role: string): boolean {
  return parseRoles(role).includes('owner');
}

export function organizationDto(org: Organization): OrganizationDto {
  return {
    id: org.orgId,
    name: org.name,
    slug: org.slug,
    logo: org.logo ?? null,
    metadata: (org.metadata as Record<string, unknown> | undefined) ?? null,
    createdAt: new Date(org.createdAt).toISOString(),
  };
}

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

export function teamDto(team: Team): TeamDto {
  return {
    id: team.teamId,
    name: team.name,
    organizationId: team.orgId,
    createdAt: new Date(team.createdAt).toISOString(),
    updatedAt: new Date(team.updatedAt).toISOString(),
  };
}

export async function fromId(orgId: string) {
  const { data } = await db().entities.organization.get({ orgId }).go();
  return data;
}

/**
 * How long an organisation's name is kept in memory for the pages that show it to viewers (the
 * shared guide names its author). A public guide's answer is cached that long by CloudFront and
 * browsers anyway (`max-age=60`), so a rename reaches viewers no later than it did.
 */
export const NAME_CACHE_MS = 60_000;
const NAME_CACHE_SIZE = 1_000;
const names = new Map<string, { name: string | undefined; until: number }>();

/**
 * An organisation's name, from this process's memory when it was read less than NAME_CACHE_MS
 * ago: a shared guide is answered with its one Query (issue 5) and no read of the organisation.
 * A rename or deletion in this process forgets it at once; other processes within the minute.
 */
export async function nameOf(orgId: string, now = Date.now()): Promise<string | undefined> {
  const cached = names.get(orgId);
  if (cached && cached.until > now) return cached.name;
  const name = (await fromId(orgId))?.name;
  names.delete(orgId);
  if (names.size >= NAME_CACHE_SIZE) names.delete(names.keys().next().value!);
  names.set(orgId, { name, until: now + NAME_CACHE_MS });
  return name;
}

function forgetName(orgId: string): void {
  names.delete(orgId);
}

export async function membership(orgId: string, userId: string) {
  const { data } = await db().entities.member.get({ orgId, userId }).go();
  return data;
}

/** The caller's membership of an organisation; not a member → not found. */
export async function requireMember(orgId: string, userId: string): Promise<Member> {
  const member = await membership(orgId, userId);
  if (!member) throw new AppError('not_found', NOT_FOUND);
  return member;
}

export function requirePermission(member: Member, permissions: Permissions): void {
  if (!hasPermission(member.role, permissions)) {
    throw new AppError('forbidden', 'Your role in this organization does not allow that.');
  }
}

async function usersById(userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { userId: string; name: string; email: string; image?: string | undefined }>();
  const { data } = await db().entities.user.get(userIds.map((userId) => ({ userId }))).go();
  return new Map(data.map((u) => [u.userId, u]));
}

async function memberDtos(members: Member[]): Promise<MemberDto[]> {
  const users = await usersById(members.map((m) => m.userId));
  return members.map((m) => {
    const user = users.get(m.userId);
    return {
      id: m.memberId,
      organizationId: m.orgId,
      userId: m.userId,
      role: m.role,
      createdAt: new Date(m.createdAt).toISOString(),
      user: { id: m.userId, name: user?.name ?? 'Deleted user', email: user?.email ?? '', image: user?.image ?? null },
    };
  });
}

export async function memberDto(member: Member): Promise<MemberDto> {
  return (await memberDtos([member]))[0]!;
}

/** The organisations a user belongs to. */
export async function listForUser(userId: string): Promise<Organization[]> {
  const { data: memberships } = await db().entities.member.query.byUser({ userId }).go({ pages: 'all' });
  if (memberships.length === 0) return [];
  const { data } = await db().entities.organization.get(memberships.map((m) => ({ orgId: m.orgId }))).go();
  return data.sort((a, b) => a.createdAt - b.createdAt);
}

/** Where a new session opens: the user's default organisation while they belong to it, else their first. */
export async function defaultOrganizationFor(user: { userId: string; defaultOrgId?: string | undefined }): Promise<string | undefined> {
  if (user.defaultOrgId && (await membership(user.defaultOrgId, user.userId))) return user.defaultOrgId;
  return (await listForUser(user.userId))[0]?.orgId;
}

export async function create(
  userId: string,
  input: { name: string; slug: string; logo?: string | undefined; metadata?: Record<string, unknown> | undefined },
): Promise<Organization> {
  const orgId = newId();
  const result = await db()
    .transaction.write(({ organization, organizationSlug, member }) => [
      organizationSlug.create({ slug: input.slug, orgId }).commit(),
      organization
        .create({
          orgId,
          name: input.name,
          slug: input.slug,
          ownerCount: 1,
          ...(input.logo ? { logo: input.logo } : {}),
          ...(input.metadata ? { metadata: input.metadata } : {}),
        })
        .commit(),
      member.create({ memberId: newId(), orgId, userId, role: CREATOR_ROLE }).commit(),
    ])
    .go();
  if (result.canceled) throw new AppError('conflict', 'That slug is taken. Choose another.');
  return (await fromId(orgId))!;
}

export async function update(
  member: Member,
  data: { name?: string | undefined; slug?: string | undefined; logo?: string | null | undefined },
): Promise<Organization> {
  requirePermission(member, { organization: ['update'] });
  const org = await fromId(member.orgId);
  if (!org) throw new AppError('not_found', NOT_FOUND);
  const set: { name?: string; slug?: string; logo?: string } = {};
  if (data.name !== undefined) set.name = data.name;
  if (typeof data.logo === 'string') set.logo = data.logo;
  if (data.slug !== undefined && data.slug !== org.slug) {
    set.slug = data.slug;
    const result = await db()
      .transaction.write(({ organization, organizationSlug }) => [
        organizationSlug.create({ slug: data.slug!, orgId: org.orgId }).commit(),
        organizationSlug.delete({ slug: org.slug }).commit(),
        organization.patch({ orgId: org.orgId }).set(set).commit(),
      ])
      .go();
    if (result.canceled) throw new AppError('conflict', 'That slug is taken. Choose another.');
  } else if (Object.keys(set).length > 0) {
    await db().entities.organization.patch({ orgId: org.orgId }).set(set).go();
  }
  if (data.logo === null) await db().entities.organization.patch({ orgId: org.orgId }).remove(['logo']).go();
  forgetName(org.orgId);
  return (await fromId(org.orgId))!;
}

/** Removes an organisation and everything in it: guides, slides, folders, members, invitations, teams, assets. */
export async function deleteCascade(orgId: string): Promise<void> {
  const org = await fromId(orgId);
  const entities = db().entities;
  const { data: guides } = await entities.guide.query.byOrg({ orgId }).go({ pages: 'all', attributes: ['guideId'] });
  for (const { guideId } of guides) {
    const { data: slides } = await entities.slide.query.byGuide({ guideId }).go({ pages: 'all', attributes: ['guideId', 'slideId'] });
    if (slides.length > 0) await entities.slide.delete(slides).go();
    await entities.guide.delete({ guideId }).go();
  }
  const { data: collection } = await db().collections.organization({ orgId }).go({ pages: 'all' });
  if (collection.member.length > 0) await entities.member.delete(collection.member.map((m) => ({ orgId, userId: m.userId }))).go();
  if (collection.team.length > 0) await entities.team.delete(collection.team.map((t) => ({ orgId, teamId: t.teamId }))).go();
  if (collection.teamMember.length > 0) {
    await entities.teamMember.delete(collection.teamMember.map((t) => ({ orgId, teamId: t.teamId, userId: t.userId }))).go();
  }
  const { data: folders } = await entities.folder.query.byOrg({ orgId }).go({ pages: 'all' });
  if (folders.length > 0) await entities.folder.delete(folders.map((f) => ({ orgId, folderId: f.folderId }))).go();
  const { data: folderNames } = await entities.folderName.query.byName({ orgId }).go({ pages: 'all' });
  if (folderNames.length > 0) await entities.folderName.delete(folderNames.map((f) => ({ orgId, nameKey: f.nameKey }))).go();
  const { data: invitations } = await entities.invitation.query.byOrg({ orgId }).go({ pages: 'all' });
  if (invitations.length > 0) await entities.invitation.delete(invitations.map((i) => ({ invitationId: i.invitationId }))).go();
  await SiteSession.removeForOrganization(orgId);
  await Asset.removePrefix(`orgs/${orgId}/`);
  if (org) {
    await entities.organizationSlug.delete({ slug: org.slug }).go();
    await entities.organization.delete({ orgId }).go();
  }
  forgetName(orgId);
}

export async function remove(member: Member): Promise<Organization> {
  requirePermission(member, { organization: ['delete'] });
  const org = await fromId(member.orgId);
  if (!org) throw new AppError('not_found', NOT_FOUND);
  await deleteCascade(member.orgId);
  return org;
}

export async function getFull(orgId: string): Promise<FullOrganizationDto> {
  const org = await fromId(orgId);
  if (!org) throw new AppError('not_found', NOT_FOUND);
  const [{ data: collection }, { data: invitations }] = await Promise.all([
    db().collections.organization({ orgId }).go({ pages: 'all' }),
    db().entities.invitation.query.byOrg({ orgId }).go({ pages: 'all' }),
  ]);
  return {
    ...organizationDto(org),
    members: await memberDtos(collection.member.sort((a, b) => a.createdAt - b.createdAt)),
    invitations: invitations.filter((i) => i.status === 'pending').map(invitationDto),
    teams: collection.team.map(teamDto),
  };
}

/** Removes one membership (and its team places), keeping the owner count in step. */
export async function removeMembership(orgId: string, userId: string): Promise<Member> {
  const member = await requireMember(orgId, userId);
  const owner = isOwner(member.role);
  const result = await db()
    .transaction.write(({ member: members, organization }) => [
      members.delete({ orgId, userId }).where((attr, { eq }) => eq(attr.role, member.role)).commit(),
      ...(owner
        ? [
            organization
              .patch({ orgId })
              .subtract({ ownerCount: 1 })
              .where((attr, { gt }) => gt(attr.ownerCount, 1))
              .commit(),
          ]
        : []),
    ])
    .go();
  if (result.canceled) {
    throw new AppError('conflict', owner ? 'The last owner cannot leave or be removed. Make someone else an owner first.' : 'The member changed. Try again.');
  }
  const { data: teamPlaces } = await db().entities.teamMember.query.byUser({ userId, orgId }).go({ pages: 'all' });
  if (teamPlaces.length > 0) await db().entities.teamMember.delete(teamPlaces).go();
  return member;
}

/** What deleting an account does to each of its organisations. */
export async function departurePlan(userId: string): Promise<Array<{ orgId: string; name: string; action: 'delete' | 'leave' | 'blocked' }>> {
  const orgs = await listForUser(userId);
  const plan = [];
  for (const org of orgs) {
    const { data: members } = await db().entities.member.query.byOrg({ orgId: org.orgId }).go({ pages: 'all' });
    const others = members.filter((m) => m.userId !== userId);
    const me = members.find((m) => m.userId === userId);
    const otherOwner = others.some((m) => isOwner(m.role));
    const action = others.length === 0 ? 'delete' : !me || !isOwner(me.role) || otherOwner ? 'leave' : 'blocked';
    plan.push({ orgId: org.orgId, name: org.name, action: action as 'delete' | 'leave' | 'blocked' });
  }
  return plan;
}

/**
 * Changes a member's roles. Only an owner grants or removes the owner role, and the last owner
 * cannot be demoted (the owner count's condition, in the same transaction).
 */
export async function updateMemberRole(actor: Member, memberId: string, role: string): Promise<Member> {
  requirePermission(actor, { member: ['update'] });
  const { data: members } = await db().entities.member.query.byOrg({ orgId: actor.orgId }).go({ pages: 'all' });
  const target = members.find((m) => m.memberId === memberId);
  if (!target) throw new AppError('not_found', 'Member not found.');
  const wasOwner = isOwner(target.role);
  const willBeOwner = isOwner(role);
  if ((wasOwner || willBeOwner) && !isOwner(actor.role)) {
    throw new AppError('forbidden', 'Only an owner can grant or remove the owner role.');
  }
  const delta = (willBeOwner ? 1 : 0) - (wasOwner ? 1 : 0);
  const result = await db()
    .transaction.write(({ member, organization }) => [
      member
        .patch({ orgId: target.orgId, userId: target.userId })
        .set({ role })
        .where((attr, { eq }) => eq(attr.role, target.role))
        .commit(),
      ...(delta < 0
        ? [organization.patch({ orgId: target.orgId }).subtract({ ownerCount: 1 }).where((attr, { gt }) => gt(attr.ownerCount, 1)).commit()]
        : delta > 0
          ? [organization.patch({ orgId: target.orgId }).add({ ownerCount: 1 }).commit()]
          : []),
    ])
    .go();
  if (result.canceled) {
    throw new AppError('conflict', delta < 0 ? 'The last owner cannot be demoted. Make someone else an owner first.' : 'The member changed. Try again.');
  }
  return (await membership(target.orgId, target.userId))!;
}

export async function removeMember(actor: Member, memberIdOrEmail: string): Promise<Member> {
  const { data: members } = await db().entities.member.query.byOrg({ orgId: actor.orgId }).go({ pages: 'all' });
  let target = members.find((m) => m.memberId === memberIdOrEmail);
  if (!target && memberIdOrEmail.includes('@')) {
    const users = await usersById(members.map((m) => m.userId));
    target = members.find((m) => users.get(m.userId)?.email === memberIdOrEmail.toLowerCase());
  }
  if (!target) throw new AppError('not_found', 'Member not found.');
  if (target.userId !== actor.userId) {
    requirePermission(actor, { member: ['delete'] });
    if (isOwner(target.role) && !isOwner(actor.role)) throw new AppError('forbidden', 'Only an owner can remove an owner.');
  }
  return removeMembership(actor.orgId, target.userId);
}

// Invitations

export async function invitationById(invitationId: string) {
  const { data } = await db().entities.invitation.get({ invitationId }).go();
  return data;
}

export async function listInvitations(orgId: string): Promise<InvitationDto[]> {
  const { data } = await db().entities.invitation.query.byOrg({ orgId }).go({ pages: 'all' });
  return data.map(invitationDto);
}

/** Pending invitations addressed to an email: what the signed-in user may accept. */
export async function invitationsForEmail(email: string): Promise<Array<InvitationDto & { organizationName: string }>> {
  const { data } = await db().entities.invitation.query.byEmail({ email }).go({ pages: 'all' });
  const pending = data.filter((i) => i.status === 'pending' && i.expiresAtMs > Date.now());
  const result = [];
  for (const inv of pending) {
    const org = await fromId(inv.orgId);
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
  const org = await fromId(actor.orgId);
  if (!org) throw new AppError('not_found', NOT_FOUND);
  if (input.teamId) {
    const team = await teamById(actor.orgId, input.teamId);
    if (!team) throw new AppError('not_found', 'Team not found.');
  }
  const { data: members } = await db().entities.member.query.byOrg({ orgId: actor.orgId }).go({ pages: 'all' });
  const users = await usersById(members.map((m) => m.userId));
  if (members.some((m) => users.get(m.userId)?.email === input.email)) {
    throw new AppError('conflict', 'This person is already a member of the organization.');
  }
  const { data: existing } = await db().entities.invitation.query.byOrg({ orgId: actor.orgId }).go({ pages: 'all' });
  const pending = existing.find((i) => i.email === input.email && i.status === 'pending' && i.expiresAtMs > Date.now());
  if (pending && !input.resend) throw new AppError('conflict', 'This person already has a pending invitation.');
  const expiresAtMs = Date.now() + INVITATION_TTL_HOURS * 60 * 60 * 1000;
  let invitation: Invitation;
  if (pending) {
    const { data } = await db()
      .entities.invitation.patch({ invitationId: pending.invitationId })
      .set({ expiresAtMs, role: input.role })
      .go({ response: 'all_new' });
    invitation = data as Invitation;
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

export async function getInvitation(invitationId: string, userEmail: string) {
  const inv = await invitationForInvitee(invitationId, userEmail);
  const org = await fromId(inv.orgId);
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
  return invitationDto(data as Invitation);
}

export async function cancelInvitation(actor: Member, invitationId: string): Promise<InvitationDto> {
  requirePermission(actor, { invitation: ['cancel'] });
  const inv = await invitationById(invitationId);
  if (!inv || inv.orgId !== actor.orgId) throw new AppError('not_found', 'Invitation not found.');
  if (inv.status !== 'pending') throw new AppError('conflict', `This invitation was already ${inv.status}.`);
  const { data } = await db().entities.invitation.patch({ invitationId }).set({ status: 'canceled' }).go({ response: 'all_new' });
  return invitationDto(data as Invitation);
}

// Teams

export async function teamById(orgId: string, teamId: string) {
  const { data } = await db().entities.team.get({ orgId, teamId }).go();
  return data;
}

async function requireTeam(orgId: string, teamId: string): Promise<Team> {
  const team = await teamById(orgId, teamId);
  if (!team) throw new AppError('not_found', 'Team not found.');
  return team;
}

export async function createTeam(actor: Member, name: string): Promise<TeamDto> {
  requirePermission(actor, { team: ['create'] });
  const { data } = await db().entities.team.create({ orgId: actor.orgId, teamId: newId(), name }).go();
  return teamDto(data);
}

export async function updateTeam(actor: Member, teamId: string, name: string): Promise<TeamDto> {
  requirePermission(actor, { team: ['update'] });
  await requireTeam(actor.orgId, teamId);
  const { data } = await db().entities.team.patch({ orgId: actor.orgId, teamId }).set({ name }).go({ response: 'all_new' });
  return teamDto(data as Team);
}

export async function removeTeam(actor: Member, teamId: string): Promise<void> {
  requirePermission(actor, { team: ['delete'] });
  await requireTeam(actor.orgId, teamId);
  const { data: collection } = await db().collections.organization({ orgId: actor.orgId }).go({ pages: 'all' });
  const places = collection.teamMember.filter((t) => t.teamId === teamId);
  if (places.length > 0) await db().entities.teamMember.delete(places.map((p) => ({ orgId: p.orgId, teamId: p.teamId, userId: p.userId }))).go();
  await db().entities.team.delete({ orgId: actor.orgId, teamId }).go();
}

export async function addTeamMember(actor: Member, teamId: string, userId: string) {
  requirePermission(actor, { team: ['update'] });
  await requireTeam(actor.orgId, teamId);
  if (!(await membership(actor.orgId, userId))) throw new AppError('not_found', 'Member not found.');
  const { data } = await db().entities.teamMember.put({ orgId: actor.orgId, teamId, userId }).go();
  return { id: `${teamId}:${userId}`, teamId: data.teamId, userId: data.userId, createdAt: new Date(data.createdAt).toISOString() };
}

export async function removeTeamMember(actor: Member, teamId: string, userId: string): Promise<void> {
  requirePermission(actor, { team: ['update'] });
  await requireTeam(actor.orgId, teamId);
  await db().entities.teamMember.delete({ orgId: actor.orgId, teamId, userId }).go();
}

/** A team's members (any member of the organisation may see them). */
export async function listTeamMembers(actor: Member, teamId: string) {
  await requireTeam(actor.orgId, teamId);
  const { data: collection } = await db().collections.organization({ orgId: actor.orgId }).go({ pages: 'all' });
  return collection.teamMember
    .filter((t) => t.teamId === teamId)
    .map((t) => ({ id: `${t.teamId}:${t.userId}`, teamId: t.teamId, userId: t.userId, createdAt: new Date(t.createdAt).toISOString() }));
}

export async function listUserTeams(userId: string): Promise<TeamDto[]> {
  const { data: places } = await db().entities.teamMember.query.byUser({ userId }).go({ pages: 'all' });
  if (places.length === 0) return [];
  const { data } = await db().entities.team.get(places.map((p) => ({ orgId: p.orgId, teamId: p.teamId }))).go();
  return data.map(teamDto);
}
