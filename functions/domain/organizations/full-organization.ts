import { AppError } from '#shared/errors';
import type { FullOrganizationDto } from '#shared/organization';
import { db } from '../../db/service';
import { pendingFor } from './invitation';
import { memberDtos, teamDto } from '../members';
import * as Organization from './organization';

/** An organisation with its members (oldest first), pending invitations and teams: what its settings page shows. */
export async function get(orgId: string): Promise<FullOrganizationDto> {
  const org = await Organization.fromId(orgId);
  if (!org) throw new AppError('not_found', 'Organization not found.');
  const [{ data: collection }, invitations] = await Promise.all([db().collections.organization({ orgId }).go({ pages: 'all' }), pendingFor(orgId)]);
  return {
    ...Organization.organizationDto(org),
    members: await memberDtos(collection.member.sort((a, b) => a.createdAt - b.createdAt)),
    invitations,
    teams: collection.team.map(teamDto),
  };
}
