import { describe, expect, it } from 'vitest';
import { assignableRoles, canChangeRole, canRemoveMember, organizationAbilities, roleLabel } from './roles';

describe('organizationAbilities', () => {
  it.each([
    {
      role: 'owner',
      expected: { updateOrganization: true, deleteOrganization: true, inviteMembers: true, updateMembers: true, removeMembers: true, createTeams: true },
    },
    {
      role: 'admin',
      expected: { updateOrganization: true, deleteOrganization: false, inviteMembers: true, updateMembers: true, removeMembers: true, createTeams: true },
    },
    {
      role: 'member',
      expected: { updateOrganization: false, deleteOrganization: false, inviteMembers: false, updateMembers: false, removeMembers: false, createTeams: false },
    },
    {
      role: 'member,admin',
      expected: { updateOrganization: true, deleteOrganization: false, inviteMembers: true, updateMembers: true, removeMembers: true, createTeams: true },
    },
  ])('$role', ({ role, expected }) => {
    expect(organizationAbilities(role)).toMatchObject(expected);
  });
});

describe('owner rules', () => {
  it('offers the owner role only to owners', () => {
    expect(assignableRoles('owner')).toEqual(['owner', 'admin', 'member']);
    expect(assignableRoles('admin')).toEqual(['admin', 'member']);
  });

  it('lets an admin change and remove members and admins, but not owners', () => {
    expect(canChangeRole('admin', 'member')).toBe(true);
    expect(canChangeRole('admin', 'owner')).toBe(false);
    expect(canRemoveMember('admin', 'owner')).toBe(false);
    expect(canRemoveMember('owner', 'owner')).toBe(true);
  });

  it('lets a member change nobody', () => {
    expect(canChangeRole('member', 'member')).toBe(false);
    expect(canRemoveMember('member', 'member')).toBe(false);
  });
});

describe('roleLabel', () => {
  it('names each role', () => {
    expect(roleLabel('owner,admin')).toBe('Owner, Admin');
    expect(roleLabel('auditor')).toBe('auditor');
  });
});
