import { AppError } from '#shared/errors';
import type { OrganizationDto } from '#shared/organization';
import { CREATOR_ROLE } from '#shared/permissions';
import { keptReads } from '../../core/kept-reads';
import { db } from '../../db/service';
import { VersionStore } from '../guide-store';
import { Asset, newId, ShareCache } from '../platform';
import { SiteSession } from '../drift';
import { isOwner, listForOrganization, membership, requirePermission, type Member } from '../members';

/**
 * Organisations (better-auth's organization plugin): create, rename, delete with everything in
 * them. Members, invitations and teams have their own modules; tenancy is membership.ts's.
 */
export type Organization = NonNullable<Awaited<ReturnType<typeof fromId>>>;

const NOT_FOUND = 'Organization not found.';

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
const names = keptReads<string | undefined>(NAME_CACHE_MS, NAME_CACHE_SIZE);

/**
 * An organisation's name, from this process's memory when it was read less than NAME_CACHE_MS
 * ago: a shared guide is answered with its one Query and no read of the organisation.
 * A rename or deletion in this process forgets it at once; other processes within the minute.
 */
export async function nameOf(orgId: string, now = Date.now()): Promise<string | undefined> {
  return names.read(orgId, now, async () => (await fromId(orgId))?.name);
}

function forgetName(orgId: string): void {
  names.forget(orgId);
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
  // Its name heads every share page: CloudFront's copies of its guides' answers go.
  if ((data.name !== undefined && data.name !== org.name) || data.logo !== undefined) await ShareCache.clearOrganization(org.orgId);
  return (await fromId(org.orgId))!;
}

/** Removes an organisation and everything in it: guides, slides, folders, members, invitations, teams, assets. */
export async function deleteCascade(orgId: string): Promise<void> {
  const org = await fromId(orgId);
  const entities = db().entities;
  const { data: guides } = await entities.guide.query.byOrg({ orgId }).go({ pages: 'all', attributes: ['guideId', 'status'] });
  // Its links stop answering at once, CloudFront's copies included.
  await ShareCache.clearShared(guides.filter((guide) => guide.status === 'published').map((guide) => guide.guideId));
  for (const { guideId } of guides) {
    const { data: slides } = await entities.slide.query.byGuide({ guideId }).go({ pages: 'all', attributes: ['guideId', 'slideId'] });
    if (slides.length > 0) await entities.slide.delete(slides).go();
    await VersionStore.removeAll(guideId);
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

/** What deleting an account does to each of its organisations. */
export async function departurePlan(userId: string): Promise<Array<{ orgId: string; name: string; action: 'delete' | 'leave' | 'blocked' }>> {
  const orgs = await listForUser(userId);
  const plan = [];
  for (const org of orgs) {
    const members = await listForOrganization(org.orgId);
    const others = members.filter((m) => m.userId !== userId);
    const me = members.find((m) => m.userId === userId);
    const otherOwner = others.some((m) => isOwner(m.role));
    const action: 'delete' | 'leave' | 'blocked' = others.length === 0 ? 'delete' : !me || !isOwner(me.role) || otherOwner ? 'leave' : 'blocked';
    plan.push({ orgId: org.orgId, name: org.name, action });
  }
  return plan;
}
