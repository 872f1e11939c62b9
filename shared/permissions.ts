/**
 * Organisation roles and permissions as data (product-spec.md §6, better-auth's organization plugin):
 * statements per resource, roles built from them. Used by the server to authorise and by the
 * SPA to show only the controls a member may use.
 */
export const STATEMENTS = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
} as const;

export type Resource = keyof typeof STATEMENTS;
export type Action<R extends Resource> = (typeof STATEMENTS)[R][number];
export type Permissions = { [R in Resource]?: ReadonlyArray<Action<R>> };

export const ROLES = {
  owner: {
    organization: ['update', 'delete'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    ac: ['create', 'read', 'update', 'delete'],
  },
  admin: {
    organization: ['update'],
    member: ['create', 'update', 'delete'],
    invitation: ['create', 'cancel'],
    team: ['create', 'update', 'delete'],
    ac: ['create', 'read', 'update', 'delete'],
  },
  member: {
    ac: ['read'],
  },
} as const satisfies Record<string, Permissions>;

export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as Role[];

/** The role of whoever creates an organisation. */
export const CREATOR_ROLE: Role = 'owner';

/** A member's roles: comma-separated, unknown names ignored. */
export function parseRoles(role: string): Role[] {
  return role
    .split(',')
    .map((r) => r.trim())
    .filter((r): r is Role => r in ROLES);
}

/** True when any one of the member's roles grants every requested action. */
export function hasPermission(role: string, permissions: Permissions): boolean {
  const roles = parseRoles(role);
  return Object.entries(permissions).every(([resource, actions]) =>
    (actions ?? []).every((action) =>
      roles.some((r) => (ROLES[r] as Permissions)[resource as Resource]?.includes(action as never) ?? false),
    ),
  );
}

/**
 * Guides, their slides and folders (design.md §3): any member of the organisation reads and edits
 * them; deleting one takes its creator, an admin or an owner (a slide follows its guide).
 */
export const CONTENT_DELETE_ROLES: readonly Role[] = ['owner', 'admin'];

export function mayDeleteContent(member: { role: string; userId: string }, item: { createdBy: string }): boolean {
  return item.createdBy === member.userId || parseRoles(member.role).some((role) => CONTENT_DELETE_ROLES.includes(role));
}
