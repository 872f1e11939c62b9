import { AppError } from '#shared/errors';
import type { TeamDto, TeamMemberDto } from '#shared/organization';
import { db } from '../../db/service';
import { newId } from '../platform';
import { membership, requirePermission, type Member } from './membership';

/** Teams inside an organisation, and their members (each a member of the organisation). */
type Team = NonNullable<Awaited<ReturnType<typeof teamById>>>;

export function teamDto(team: Team): TeamDto {
  return {
    id: team.teamId,
    name: team.name,
    organizationId: team.orgId,
    createdAt: new Date(team.createdAt).toISOString(),
    updatedAt: new Date(team.updatedAt).toISOString(),
  };
}

function teamMemberDto(place: { teamId: string; userId: string; createdAt: number }): TeamMemberDto {
  return { id: `${place.teamId}:${place.userId}`, teamId: place.teamId, userId: place.userId, createdAt: new Date(place.createdAt).toISOString() };
}

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
  return teamDto(data);
}

export async function removeTeam(actor: Member, teamId: string): Promise<void> {
  requirePermission(actor, { team: ['delete'] });
  await requireTeam(actor.orgId, teamId);
  const { data: collection } = await db().collections.organization({ orgId: actor.orgId }).go({ pages: 'all' });
  const places = collection.teamMember.filter((t) => t.teamId === teamId);
  if (places.length > 0) await db().entities.teamMember.delete(places.map((p) => ({ orgId: p.orgId, teamId: p.teamId, userId: p.userId }))).go();
  await db().entities.team.delete({ orgId: actor.orgId, teamId }).go();
}

export async function addTeamMember(actor: Member, teamId: string, userId: string): Promise<TeamMemberDto> {
  requirePermission(actor, { team: ['update'] });
  await requireTeam(actor.orgId, teamId);
  if (!(await membership(actor.orgId, userId))) throw new AppError('not_found', 'Member not found.');
  const { data } = await db().entities.teamMember.put({ orgId: actor.orgId, teamId, userId }).go();
  return teamMemberDto(data);
}

export async function removeTeamMember(actor: Member, teamId: string, userId: string): Promise<void> {
  requirePermission(actor, { team: ['update'] });
  await requireTeam(actor.orgId, teamId);
  await db().entities.teamMember.delete({ orgId: actor.orgId, teamId, userId }).go();
}

/** A team's members (any member of the organisation may see them). */
export async function listTeamMembers(actor: Member, teamId: string): Promise<TeamMemberDto[]> {
  await requireTeam(actor.orgId, teamId);
  const { data: collection } = await db().collections.organization({ orgId: actor.orgId }).go({ pages: 'all' });
  return collection.teamMember.filter((t) => t.teamId === teamId).map(teamMemberDto);
}

export async function listUserTeams(userId: string): Promise<TeamDto[]> {
  const { data: places } = await db().entities.teamMember.query.byUser({ userId }).go({ pages: 'all' });
  if (places.length === 0) return [];
  const { data } = await db().entities.team.get(places.map((p) => ({ orgId: p.orgId, teamId: p.teamId }))).go();
  return data.map(teamDto);
}
