import { hasPermission, parseRoles, ROLE_NAMES, type Role } from '#shared/permissions';

export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  owner: 'everything, including deleting the organization',
  admin: 'manages members, invitations, teams and settings',
  member: 'creates and shares guides',
};

/** 'owner,admin' → 'Owner, Admin'; unknown names are shown as they are. */
export function roleLabel(role: string): string {
  const known = parseRoles(role);
  return known.length > 0 ? known.map((r) => ROLE_LABELS[r]).join(', ') : role;
}

/**
 * Only an owner grants or removes the owner role, and only an owner removes an owner (enforced
 * by the API); the permissions table has no action for it, so it is this one rule.
 */
export function isOwner(role: string): boolean {
  return parseRoles(role).includes('owner');
}

/** What the signed-in member may do in the organisation, from the shared permissions table (product-spec.md §6). */
export function organizationAbilities(role: string) {
  return {
    updateOrganization: hasPermission(role, { organization: ['update'] }),
    deleteOrganization: hasPermission(role, { organization: ['delete'] }),
    inviteMembers: hasPermission(role, { invitation: ['create'] }),
    cancelInvitations: hasPermission(role, { invitation: ['cancel'] }),
    updateMembers: hasPermission(role, { member: ['update'] }),
    removeMembers: hasPermission(role, { member: ['delete'] }),
    createTeams: hasPermission(role, { team: ['create'] }),
    updateTeams: hasPermission(role, { team: ['update'] }),
    deleteTeams: hasPermission(role, { team: ['delete'] }),
  };
}

export type OrganizationAbilities = ReturnType<typeof organizationAbilities>;

/** The roles the viewer may hand out: owner only by owners. */
export function assignableRoles(viewerRole: string): Role[] {
  return isOwner(viewerRole) ? [...ROLE_NAMES] : ROLE_NAMES.filter((role) => role !== 'owner');
}

/** May the viewer change this member's role? Not an owner's unless the viewer is one. */
export function canChangeRole(viewerRole: string, targetRole: string): boolean {
  return hasPermission(viewerRole, { member: ['update'] }) && (!isOwner(targetRole) || isOwner(viewerRole));
}

/** May the viewer remove this member? Not an owner unless the viewer is one. */
export function canRemoveMember(viewerRole: string, targetRole: string): boolean {
  return hasPermission(viewerRole, { member: ['delete'] }) && (!isOwner(targetRole) || isOwner(viewerRole));
}
