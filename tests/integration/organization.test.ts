import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signUp, uniqueEmail } from '../support/api-client';
import { linkIn, waitForMail } from '../support/mailbox';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();
const client = () => new ApiClient(stack().url);

/** A signed-up user whose email is verified (they followed the mailed link). */
async function verifiedUser(name: string) {
  const c = client();
  const { email, user } = await signUp(c, { name });
  const link = linkIn(await waitForMail(stack().mailApiUrl, email, /Verify your email/), '/api/auth/verify-email');
  await fetch(link, { headers: { accept: 'application/json' } });
  return { client: c, email, userId: user.id };
}

async function createOrg(owner: ApiClient, name: string) {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await owner.post('/api/auth/organization/create', { name, slug });
  expect(response.status).toBe(200);
  return response.json as { id: string; slug: string; members: Array<{ id: string; userId: string; role: string }> };
}

/** Invites `user` into `orgId` with `role` and has them accept through the invitation id in the mail. */
async function join(owner: ApiClient, orgId: string, user: { client: ApiClient; email: string }, role: string) {
  const invited = await owner.post('/api/auth/organization/invite-member', { email: user.email, role, organizationId: orgId });
  expect(invited.status).toBe(200);
  const mail = await waitForMail(stack().mailApiUrl, user.email, /invited you/);
  const invitationId = linkIn(mail, '/accept-invitation/').split('/accept-invitation/')[1]!;
  const accepted = await user.client.post('/api/auth/organization/accept-invitation', { invitationId });
  expect(accepted.status).toBe(200);
  return accepted.json.member as { id: string };
}

describe('organisations: the role matrix of product-spec.md §6 through the API', () => {
  let owner: Awaited<ReturnType<typeof verifiedUser>>;
  let admin: Awaited<ReturnType<typeof verifiedUser>>;
  let member: Awaited<ReturnType<typeof verifiedUser>>;
  let org: Awaited<ReturnType<typeof createOrg>>;
  const memberIds: Record<string, string> = {};

  beforeAll(async () => {
    [owner, admin, member] = await Promise.all([verifiedUser('Olive Owner'), verifiedUser('Adam Admin'), verifiedUser('Mia Member')]);
    org = await createOrg(owner.client, 'Acme Docs');
    memberIds.owner = org.members[0]!.id;
    memberIds.admin = (await join(owner.client, org.id, admin, 'admin')).id;
    memberIds.member = (await join(owner.client, org.id, member, 'member')).id;
  });

  const roles = () => ({ owner: owner.client, admin: admin.client, member: member.client });

  const matrix: Array<{ action: string; allowed: Partial<Record<'owner' | 'admin' | 'member', boolean>>; run: (c: ApiClient) => Promise<number> }> = [
    {
      action: 'organization:update (rename)',
      allowed: { owner: true, admin: true, member: false },
      run: async (c) => (await c.post('/api/auth/organization/update', { organizationId: org.id, data: { name: 'Acme Docs' } })).status,
    },
    {
      action: 'invitation:create (invite-member)',
      allowed: { owner: true, admin: true, member: false },
      run: async (c) => (await c.post('/api/auth/organization/invite-member', { organizationId: org.id, email: uniqueEmail('guest'), role: 'member' })).status,
    },
    {
      action: 'invitation:cancel',
      allowed: { owner: true, admin: true, member: false },
      run: async (c) => {
        const invitation = await owner.client.post('/api/auth/organization/invite-member', { organizationId: org.id, email: uniqueEmail('c'), role: 'member' });
        return (await c.post('/api/auth/organization/cancel-invitation', { invitationId: invitation.json.id })).status;
      },
    },
    {
      action: 'team:create',
      allowed: { owner: true, admin: true, member: false },
      run: async (c) => (await c.post('/api/auth/organization/create-team', { organizationId: org.id, name: 'Support' })).status,
    },
    {
      // the owner's delete runs on an organisation of its own, below
      action: 'organization:delete',
      allowed: { admin: false, member: false },
      run: async (c) => (await c.post('/api/auth/organization/delete', { organizationId: org.id })).status,
    },
  ];

  const cases = matrix.flatMap((row) => (Object.keys(row.allowed) as Array<'owner' | 'admin' | 'member'>).map((role) => ({ ...row, role })));

  it.each(cases)('$role → $action', async ({ role, allowed, run }) => {
    await roles()[role].post('/api/auth/organization/set-active', { organizationId: org.id });
    const status = await run(roles()[role]);
    expect(status).toBe(allowed[role] ? 200 : 403);
  });

  it.each([
    ['owner', { organization: ['delete'] }, true],
    ['admin', { organization: ['delete'] }, false],
    ['admin', { organization: ['update'], member: ['create', 'update', 'delete'], team: ['delete'], ac: ['update'] }, true],
    ['member', { ac: ['read'] }, true],
    ['member', { ac: ['update'] }, false],
    ['member', { invitation: ['create'] }, false],
  ] as const)('has-permission answers for %s %j → %s', async (role, permissions, success) => {
    const response = await roles()[role].post('/api/auth/organization/has-permission', { organizationId: org.id, permissions });
    expect(response.json).toEqual({ error: null, success });
  });

  it('lets a member see the organisation but not change roles or remove people', async () => {
    const full = await member.client.get(`/api/auth/organization/get-full-organization?organizationId=${org.id}`);
    expect(full.status).toBe(200);
    expect(full.json.members.map((m: { role: string }) => m.role).sort()).toEqual(['admin', 'member', 'owner']);
    expect((await member.client.post('/api/auth/organization/update-member-role', { organizationId: org.id, memberId: memberIds.admin, role: 'member' })).status).toBe(403);
    expect((await member.client.post('/api/auth/organization/remove-member', { organizationId: org.id, memberIdOrEmail: admin.email })).status).toBe(403);
  });

  it('lets only an owner grant or remove the owner role', async () => {
    const byAdmin = await admin.client.post('/api/auth/organization/update-member-role', { organizationId: org.id, memberId: memberIds.member, role: 'owner' });
    expect(byAdmin.status).toBe(403);
    const demoteOwner = await admin.client.post('/api/auth/organization/update-member-role', { organizationId: org.id, memberId: memberIds.owner, role: 'member' });
    expect(demoteOwner.status).toBe(403);
    const byAdminToAdmin = await admin.client.post('/api/auth/organization/update-member-role', { organizationId: org.id, memberId: memberIds.member, role: 'admin' });
    expect(byAdminToAdmin.status).toBe(200);
    const back = await admin.client.post('/api/auth/organization/update-member-role', { organizationId: org.id, memberId: memberIds.member, role: 'member' });
    expect(back.json.role).toBe('member');
  });

  it('never lets the last owner leave or be demoted, even by themselves', async () => {
    const demote = await owner.client.post('/api/auth/organization/update-member-role', { organizationId: org.id, memberId: memberIds.owner, role: 'admin' });
    expect(demote.status).toBe(409);
    expect((await owner.client.post('/api/auth/organization/leave', { organizationId: org.id })).status).toBe(409);
    expect((await owner.client.post('/api/auth/organization/remove-member', { organizationId: org.id, memberIdOrEmail: owner.email })).status).toBe(409);
    expect((await owner.client.get(`/api/auth/organization/get-full-organization?organizationId=${org.id}`)).json.members).toHaveLength(3);
  });

  it('lets the last owner step down once another owner exists, but never both at once', async () => {
    const solo = await verifiedUser('Sam Second');
    const org2 = await createOrg(owner.client, 'Two Owners');
    const second = await join(owner.client, org2.id, solo, 'owner');
    const [a, b] = await Promise.all([
      owner.client.post('/api/auth/organization/update-member-role', { organizationId: org2.id, memberId: org2.members[0]!.id, role: 'admin' }),
      solo.client.post('/api/auth/organization/update-member-role', { organizationId: org2.id, memberId: second.id, role: 'admin' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const roles = (await owner.client.get(`/api/auth/organization/get-full-organization?organizationId=${org2.id}`)).json.members.map(
      (m: { role: string }) => m.role,
    );
    expect(roles.filter((r: string) => r === 'owner')).toHaveLength(1);
  });

  it('lets the owner delete an organisation, after which it is gone for everyone', async () => {
    const doomed = await createOrg(owner.client, 'Doomed');
    expect((await owner.client.post('/api/auth/organization/delete', { organizationId: doomed.id })).status).toBe(200);
    expect((await owner.client.get(`/api/auth/organization/get-full-organization?organizationId=${doomed.id}`)).status).toBe(404);
  });
});

describe('organisations: tenancy', () => {
  it('shows a stranger nothing of another organisation (404, never 403)', async () => {
    const owner = await verifiedUser('Owner');
    const org = await createOrg(owner.client, 'Private Co');
    const stranger = client();
    await signUp(stranger);
    const probes = [
      stranger.get(`/api/auth/organization/get-full-organization?organizationId=${org.id}`),
      stranger.get(`/api/auth/organization/list-invitations?organizationId=${org.id}`),
      stranger.post('/api/auth/organization/set-active', { organizationId: org.id }),
      stranger.post('/api/auth/organization/update', { organizationId: org.id, data: { name: 'Pwned' } }),
      stranger.post('/api/auth/organization/delete', { organizationId: org.id }),
      stranger.post('/api/auth/organization/invite-member', { organizationId: org.id, email: uniqueEmail(), role: 'member' }),
      stranger.post('/api/auth/organization/has-permission', { organizationId: org.id, permissions: { ac: ['read'] } }),
      stranger.post('/api/auth/organization/leave', { organizationId: org.id }),
    ];
    for (const response of await Promise.all(probes)) expect(response.status).toBe(404);
    const invitation = await owner.client.post('/api/auth/organization/invite-member', { organizationId: org.id, email: uniqueEmail(), role: 'member' });
    expect((await stranger.post('/api/auth/organization/cancel-invitation', { invitationId: invitation.json.id })).status).toBe(404);
    expect((await owner.client.get(`/api/auth/organization/get-full-organization?organizationId=${org.id}`)).json.name).toBe('Private Co');
  });
});

describe('invitations', () => {
  it('can be accepted only by the invited address, once, and only once it is verified', async () => {
    const owner = await verifiedUser('Owner');
    const org = await createOrg(owner.client, 'Invites Inc');
    const invitee = client();
    const { email } = await signUp(invitee, { verified: false });
    const invitation = (await owner.client.post('/api/auth/organization/invite-member', { organizationId: org.id, email, role: 'member' })).json;
    expect(new Date(invitation.expiresAt).getTime() - Date.now()).toBeGreaterThan(47 * 3600 * 1000);
    const other = await verifiedUser('Other');
    expect((await other.client.post('/api/auth/organization/accept-invitation', { invitationId: invitation.id })).status).toBe(404);
    expect((await invitee.post('/api/auth/organization/accept-invitation', { invitationId: invitation.id })).status).toBe(403);
    const link = linkIn(await waitForMail(stack().mailApiUrl, email, /Verify your email/), '/api/auth/verify-email');
    await fetch(link, { headers: { accept: 'application/json' } });
    expect((await invitee.post('/api/auth/organization/accept-invitation', { invitationId: invitation.id })).status).toBe(200);
    expect((await invitee.post('/api/auth/organization/accept-invitation', { invitationId: invitation.id })).status).toBe(409);
    expect((await invitee.get('/api/auth/organization/get-active-member-role')).json).toEqual({ role: 'member' });
  });

  it('refuses a duplicate pending invitation unless it is a resend', async () => {
    const owner = await verifiedUser('Owner');
    const org = await createOrg(owner.client, 'Dupes');
    const email = uniqueEmail();
    expect((await owner.client.post('/api/auth/organization/invite-member', { organizationId: org.id, email, role: 'member' })).status).toBe(200);
    expect((await owner.client.post('/api/auth/organization/invite-member', { organizationId: org.id, email, role: 'member' })).status).toBe(409);
    expect((await owner.client.post('/api/auth/organization/invite-member', { organizationId: org.id, email, role: 'member', resend: true })).status).toBe(200);
  });

  it('refuses a role that does not exist', async () => {
    const owner = await verifiedUser('Owner');
    const org = await createOrg(owner.client, 'Roles');
    const response = await owner.client.post('/api/auth/organization/invite-member', { organizationId: org.id, email: uniqueEmail(), role: 'superuser' });
    expect(response.status).toBe(422);
  });
});

describe('deleting an account', () => {
  it('deletes the organisations it alone belongs to, and refuses while it is the only owner of a shared one', async () => {
    const owner = await verifiedUser('Leaving Owner');
    const friend = await verifiedUser('Friend');
    const shared = await createOrg(owner.client, 'Shared Space');
    await join(owner.client, shared.id, friend, 'member');
    const refused = await owner.client.post('/api/auth/delete-user', { password: 'correct horse battery' });
    expect(refused.status).toBe(409);
    expect(refused.json.error.message).toContain('Shared Space');
    await owner.client.post('/api/auth/organization/update-member-role', {
      organizationId: shared.id,
      memberId: (await owner.client.get(`/api/auth/organization/get-full-organization?organizationId=${shared.id}`)).json.members.find(
        (m: { userId: string }) => m.userId === friend.userId,
      ).id,
      role: 'owner',
    });
    const personal = (await owner.client.get('/api/auth/organization/list')).json.find((o: { id: string }) => o.id !== shared.id);
    expect((await owner.client.post('/api/auth/delete-user', { password: 'correct horse battery' })).status).toBe(200);
    const full = (await friend.client.get(`/api/auth/organization/get-full-organization?organizationId=${shared.id}`)).json;
    expect(full.members.map((m: { userId: string }) => m.userId)).toEqual([friend.userId]);
    expect((await friend.client.get(`/api/auth/organization/get-full-organization?organizationId=${personal.id}`)).status).toBe(404);
  });
});

describe('teams', () => {
  it('lists a team\'s members to members, and nothing of a foreign team', async () => {
    const owner = await verifiedUser('Team Owner');
    const org = await createOrg(owner.client, 'Teams Co');
    const team = (await owner.client.post('/api/auth/organization/create-team', { organizationId: org.id, name: 'Support' })).json;
    await owner.client.post('/api/auth/organization/add-team-member', { teamId: team.id, userId: org.members[0]!.userId });
    const listed = await owner.client.get(`/api/auth/organization/list-team-members?teamId=${team.id}`);
    expect(listed.json.map((m: { userId: string }) => m.userId)).toEqual([org.members[0]!.userId]);
    const stranger = await verifiedUser('Stranger');
    expect((await stranger.client.get(`/api/auth/organization/list-team-members?teamId=${team.id}`)).status).toBe(404);
  });
});
