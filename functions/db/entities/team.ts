import { Entity } from 'electrodb';
import { SERVICE, createdAt, key, updatedAt } from './common';

/** A team inside an organisation. */
export const TeamEntity = new Entity({
  model: { entity: 'team', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    teamId: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    createdAt,
    updatedAt,
  },
  indexes: {
    // an organisation's teams, with its members and invitations in the same partition
    byOrg: { collection: 'organization', pk: key('pk', ['orgId']), sk: key('sk', ['teamId']) },
  },
});

/** A user in a team. */
export const TeamMemberEntity = new Entity({
  model: { entity: 'teamMember', version: '1', service: SERVICE },
  attributes: {
    orgId: { type: 'string', required: true, readOnly: true },
    teamId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    createdAt,
  },
  indexes: {
    byTeam: { collection: 'organization', pk: key('pk', ['orgId']), sk: key('sk', ['teamId', 'userId']) },
    // a user's teams: list-user-teams
    byUser: { index: 'gsi2', pk: key('gsi2pk', ['userId']), sk: key('gsi2sk', ['orgId', 'teamId']) },
  },
});
