import { describe, expect, it } from 'vitest';
import { CREATOR_ROLE, STATEMENTS, hasPermission, parseRoles, type Resource } from './permissions';

// The role matrix of product-spec.md §6, written out in full so a change to the table fails here.
const MATRIX: Record<string, Record<Resource, string[]>> = {
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
  member: { organization: [], member: [], invitation: [], team: [], ac: ['read'] },
};

const cases = Object.entries(MATRIX).flatMap(([role, granted]) =>
  (Object.keys(STATEMENTS) as Resource[]).flatMap((resource) =>
    STATEMENTS[resource].map((action) => ({ role, resource, action, allowed: granted[resource].includes(action) })),
  ),
);

describe('organisation permissions', () => {
  it.each(cases)('$role → $resource:$action is $allowed', ({ role, resource, action, allowed }) => {
    expect(hasPermission(role, { [resource]: [action] })).toBe(allowed);
  });

  it('grants a permission when any one of comma-separated roles grants it', () => {
    expect(hasPermission('member,admin', { organization: ['update'] })).toBe(true);
    expect(hasPermission('member, admin', { organization: ['delete'] })).toBe(false);
  });

  it('ignores unknown role names', () => {
    expect(parseRoles('superuser,member')).toEqual(['member']);
    expect(hasPermission('superuser', { ac: ['read'] })).toBe(false);
  });

  it('makes the creator of an organisation its owner', () => {
    expect(CREATOR_ROLE).toBe('owner');
  });
});
