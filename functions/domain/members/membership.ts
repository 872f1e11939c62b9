import { AppError } from '#shared/errors';
import type { MemberDto } from '#shared/organization';
import { hasPermission, parseRoles, type Permissions } from '#shared/permissions';
import { db } from '../../db/service';

/**
 * Membership of an organisation: who belongs, with which roles, and what the roles allow (the
 * permissions table of shared/permissions.ts). Tenancy: a caller who is not a member of an
 * organisation gets "not found", never a hint that it exists. Every write keeps the
 * organisation's owner count in step, so the last owner can neither leave nor be demoted.
 */
export type Member = NonNullable<Awaited<ReturnType<typeof membership>>>;

export function isOwner(role: string): boolean {
  return parseRoles(role).includes('owner');
}

export async function membership(orgId: string, userId: string) {
  const { data } = await db().entities.member.get({ orgId, userId }).go();
  return data;
}

/** The caller's membership of an organisation; not a member → not found. */
export async function requireMember(orgId: string, userId: string): Promise<Member> {
  const member = await membership(orgId, userId);
  if (!member) throw new AppError('not_found', 'Organization not found.');
  return member;
}

export function requirePermission(member: Member, permissions: Permissions): void {
  if (!hasPermission(member.role, permissions)) {
    throw new AppError('forbidden', 'Your role in this organization does not allow that.');
  }
}

/** An organisation's members, oldest first. */
export async function listForOrganization(orgId: string): Promise<Member[]> {
  const { data } = await db().entities.member.query.byOrg({ orgId }).go({ pages: 'all' });
  return data;
}

/** Users by id, for the names and addresses member lists show. */
export async function usersById(userIds: string[]) {
  if (userIds.length === 0) return new Map<string, { userId: string; name: string; email: string; image?: string | undefined }>();
  const { data } = await db().entities.user.get(userIds.map((userId) => ({ userId }))).go();
  return new Map(data.map((u) => [u.userId, u]));
}

export async function memberDtos(members: Member[]): Promise<MemberDto[]> {
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

/**
 * Changes a member's roles. Only an owner grants or removes the owner role, and the last owner
 * cannot be demoted (the owner count's condition, in the same transaction).
 */
export async function updateMemberRole(actor: Member, memberId: string, role: string): Promise<Member> {
  requirePermission(actor, { member: ['update'] });
  const members = await listForOrganization(actor.orgId);
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
  const members = await listForOrganization(actor.orgId);
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
