export * as Membership from './membership';
export { isOwner, listForOrganization, memberDto, memberDtos, membership, requirePermission, usersById } from './membership';
export type { Member } from './membership';
export * as Team from './team';
export { teamById, teamDto } from './team';
