import { Entity } from 'electrodb';
import { SERVICE, createdAt, key, updatedAt } from './common';

/** An invitation to join an organisation; only the invited address may accept it, within 48 hours. */
export const InvitationEntity = new Entity({
  model: { entity: 'invitation', version: '1', service: SERVICE },
  attributes: {
    invitationId: { type: 'string', required: true, readOnly: true },
    orgId: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true, readOnly: true },
    role: { type: 'string', required: true },
    status: { type: ['pending', 'accepted', 'rejected', 'canceled'] as const, required: true, default: 'pending' },
    inviterId: { type: 'string', required: true, readOnly: true },
    teamId: { type: 'string' },
    /** epoch milliseconds; not the TTL attribute: answered invitations stay listed */
    expiresAtMs: { type: 'number', required: true },
    createdAt,
    updatedAt,
  },
  indexes: {
    byId: { pk: key('pk', ['invitationId']), sk: key('sk', []) },
    // an organisation's invitations: the settings page
    byOrg: { index: 'gsi1', pk: key('gsi1pk', ['orgId']), sk: key('gsi1sk', ['createdAt', 'invitationId']) },
    // an address's invitations: what a signed-in user may accept
    byEmail: { index: 'gsi2', pk: key('gsi2pk', ['email']), sk: key('gsi2sk', ['createdAt', 'invitationId']) },
  },
});
