// Teams: create, update, remove, add and remove members, list the caller's teams.
import { CreateTeamBody, RemoveTeamBody, TeamMemberBody, TeamQuery, UpdateTeamBody } from '#shared/organization';
import { defineHandler } from '../../core/http';
import { Team } from '../../domain/members';
import { requireMember, requireSession } from '../actor';

// POST /api/auth/organization/create-team — (team:create)
export const createTeam = defineHandler({ body: CreateTeamBody }, async ({ body, event }) => {
  const { member } = await requireMember(event, body.organizationId);
  return Team.createTeam(member, body.name);
});

// POST /api/auth/organization/update-team — rename (team:update)
export const updateTeam = defineHandler({ body: UpdateTeamBody }, async ({ body, event }) => {
  const { member } = await requireMember(event);
  return Team.updateTeam(member, body.teamId, body.data.name);
});

// POST /api/auth/organization/remove-team — (team:delete)
export const removeTeam = defineHandler({ body: RemoveTeamBody }, async ({ body, event }) => {
  const { member } = await requireMember(event, body.organizationId);
  await Team.removeTeam(member, body.teamId);
  return { message: 'Team removed successfully.' };
});

// POST /api/auth/organization/add-team-member — (team:update)
export const addTeamMember = defineHandler({ body: TeamMemberBody }, async ({ body, event }) => {
  const { member } = await requireMember(event);
  return Team.addTeamMember(member, body.teamId, body.userId);
});

// POST /api/auth/organization/remove-team-member — (team:update)
export const removeTeamMember = defineHandler({ body: TeamMemberBody }, async ({ body, event }) => {
  const { member } = await requireMember(event);
  await Team.removeTeamMember(member, body.teamId, body.userId);
  return { message: 'Team member removed successfully.' };
});

// GET /api/auth/organization/list-user-teams — the caller's teams across organisations
export const listUserTeams = defineHandler({}, async ({ event }) => {
  const session = await requireSession(event);
  return Team.listUserTeams(session.userId);
});

// GET /api/auth/organization/list-team-members — a team's members
export const listTeamMembers = defineHandler({ query: TeamQuery }, async ({ query, event }) => {
  const { member } = await requireMember(event);
  return Team.listTeamMembers(member, query.teamId);
});
