import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { ErrorBody } from '#shared/errors';
import { ApiClient, signUp, uniqueEmail } from '../support/api-client';
import { countDynamoRequests } from '../support/dynamo-counter';
import { linkIn, mailsTo, waitForMail } from '../support/mailbox';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();
const client = () => new ApiClient(stack().url);
const secret = () => new TextEncoder().encode(process.env.SESSION_SECRET);

async function sessionOf(c: ApiClient) {
  return (await c.get('/api/auth/get-session')).json as { session: { id: string; activeOrganizationId: string }; user: { id: string; email: string; emailVerified: boolean } } | null;
}

describe('sign-up', () => {
  it('creates the user, a personal organisation they own and a verification mail, whose link signs in', async () => {
    const c = client();
    const { email, user } = await signUp(c, { name: 'Ada Lovelace', verified: false });
    expect(user).toMatchObject({ email, name: 'Ada Lovelace', emailVerified: false });
    const session = await sessionOf(c);
    expect(session?.user.id).toBe(user.id);
    const orgs = (await c.get('/api/auth/organization/list')).json;
    expect(orgs).toHaveLength(1);
    expect(session?.session.activeOrganizationId).toBe(orgs[0].id);
    expect((await c.get('/api/auth/organization/get-active-member-role')).json).toEqual({ role: 'owner' });
    const mail = await waitForMail(stack().mailApiUrl, email, /Verify your email/);
    expect(mail.html).toContain('<a href=');
    expect(linkIn(mail, '/api/auth/verify-email')).toContain(stack().url);
  });

  it('sets an HttpOnly, SameSite=Lax, Path=/ cookie with no Domain (plain name over http) when the mailed link signs in', async () => {
    const email = uniqueEmail();
    expect((await client().post('/api/auth/sign-up/email', { name: 'C', email, password: 'password123' })).status).toBe(200);
    const link = new URL(linkIn(await waitForMail(stack().mailApiUrl, email, /Verify your email/), '/api/auth/verify-email'));
    const response = await fetch(`${stack().url}${link.pathname}${link.search}`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(response.status).toBe(302);
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^stepcast\.session=/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toMatch(/Domain=/i);
  });

  it('answers a taken address exactly as a new one: same status and shape, no session, and the owner is told by mail', async () => {
    const email = uniqueEmail();
    await signUp(client(), { email });
    const fresh = await client().post('/api/auth/sign-up/email', { name: 'X', email: uniqueEmail(), password: 'password123' });
    const again = await client().post('/api/auth/sign-up/email', { name: 'X', email: email.toUpperCase(), password: 'password123' });
    expect(again.status).toBe(fresh.status);
    expect(again.status).toBe(200);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({ token: body.token, keys: Object.keys(body.user).sort(), verified: body.user.emailVerified });
    expect(shape(again.json)).toEqual(shape(fresh.json));
    expect(again.json.user.email).toBe(email.toLowerCase());
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(fresh.headers.getSetCookie()).toEqual([]);
    const told = await waitForMail(stack().mailApiUrl, email, /already have/);
    expect(told.text).toContain('already has one');
    // Still one account, with the first password.
    expect((await client().post('/api/auth/sign-in/email', { email, password: 'password123' })).status).toBe(401);
  });

  it('does the same work for a taken address as for a new one: the same DynamoDB requests and one mail', async () => {
    const counter = countDynamoRequests();
    const taken = uniqueEmail();
    await signUp(client(), { email: taken });
    const count = async (address: string) => (await mailsTo(stack().mailApiUrl, address)).length;
    const work = async (email: string) => {
      const before = await count(email);
      counter.reset();
      const response = await client().post('/api/auth/sign-up/email', { name: 'Same', email, password: 'password123' });
      expect(response.status).toBe(200);
      const requests = counter.snapshot();
      for (let i = 0; i < 40 && (await count(email)) === before; i++) await new Promise((r) => setTimeout(r, 50));
      return { requests, mails: (await count(email)) - before };
    };
    const fresh = await work(uniqueEmail());
    const again = await work(taken);
    expect(again.requests).toEqual(fresh.requests);
    expect(again.mails).toBe(1);
    expect(fresh.mails).toBe(1);
  });

  it.each([
    ['7 characters', 'a'.repeat(7), 422],
    ['8 characters', 'a'.repeat(8), 200],
    ['64 characters', 'p'.repeat(64), 200],
    ['128 characters', 'q'.repeat(128), 200],
    ['129 characters', 'r'.repeat(129), 422],
  ])('takes a password of %s → %s', async (_, password, status) => {
    const response = await client().post('/api/auth/sign-up/email', { name: 'P', email: uniqueEmail(), password });
    expect(response.status).toBe(status);
  });

  it('ignores fields the caller may not set (role, emailVerified, organisation)', async () => {
    const c = client();
    const response = await c.post('/api/auth/sign-up/email', {
      name: 'Mallory',
      email: uniqueEmail(),
      password: 'password123',
      emailVerified: true,
      role: 'admin',
      organizationId: 'someone-elses-org',
    });
    expect(response.status).toBe(200);
    expect(response.json.user.emailVerified).toBe(false);
    const update = await c.post('/api/auth/update-user', { name: 'M', email: 'other@example.test' });
    expect(update.status).toBe(422);
  });
});

describe('capture setting: blur personal data before upload (issue 27)', () => {
  it('is on for a new account, is read with the session, and the person can turn it off and on', async () => {
    const c = client();
    await signUp(c);
    const user = () => sessionOf(c).then((s) => (s?.user as unknown as { blurPersonalData: boolean }).blurPersonalData);
    expect(await user()).toBe(true);
    const off = await c.post('/api/auth/update-user', { blurPersonalData: false });
    expect(off.status).toBe(200);
    expect(off.json.user.blurPersonalData).toBe(false);
    expect(await user()).toBe(false);
    expect((await c.post('/api/auth/update-user', { blurPersonalData: true })).json.user.blurPersonalData).toBe(true);
    expect((await c.post('/api/auth/update-user', { blurPersonalData: 'yes' })).status).toBe(422);
    expect(await user()).toBe(true);
  });
});

describe('sign-in', () => {
  it('answers an unknown email and a wrong password the same way', async () => {
    const { email } = await signUp(client());
    const wrongPassword = await client().post('/api/auth/sign-in/email', { email, password: 'not the password' });
    const unknownEmail = await client().post('/api/auth/sign-in/email', { email: uniqueEmail(), password: 'not the password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(unknownEmail.json).toEqual(wrongPassword.json);
  });

  it('replaces a cookie planted before sign-in, and the old token is dead after sign-in and after sign-out', async () => {
    const { email, password } = await signUp(client());
    const c = client();
    await c.post('/api/auth/sign-in/email', { email, password });
    const planted = c.cookie!;
    await c.post('/api/auth/sign-in/email', { email, password });
    expect(c.cookie).not.toBe(planted);
    const old = client();
    old.cookie = planted;
    expect(await sessionOf(old)).toBeNull();
    const current = c.cookie!;
    expect((await c.post('/api/auth/sign-out')).status).toBe(200);
    const after = client();
    after.cookie = current;
    expect(await sessionOf(after)).toBeNull();
    expect((await after.get('/api/auth/list-sessions')).status).toBe(401);
  });

  it('gives a browser-session cookie when rememberMe is false', async () => {
    const { email, password } = await signUp(client());
    const response = await client().post('/api/auth/sign-in/email', { email, password, rememberMe: false });
    expect(response.headers.getSetCookie()[0]).not.toContain('Max-Age');
  });
});

describe('session tokens', () => {
  const forged: Array<[string, (sub: string, sid: string) => Promise<string>]> = [
    ['alg none', async (sub, sid) => new UnsecuredJWT({ sid }).setSubject(sub).setIssuer('stepcast').setAudience('stepcast-app').setIssuedAt().setExpirationTime('1h').encode()],
    ['a different algorithm (HS512)', async (sub, sid) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: 'HS512' }).setSubject(sub).setIssuer('stepcast').setAudience('stepcast-app').setIssuedAt().setExpirationTime('1h').sign(secret())],
    ['the wrong audience', async (sub, sid) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuer('stepcast').setAudience('someone-else').setIssuedAt().setExpirationTime('1h').sign(secret())],
    ['the wrong issuer', async (sub, sid) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuer('evil').setAudience('stepcast-app').setIssuedAt().setExpirationTime('1h').sign(secret())],
    ['an expiry in the past', async (sub, sid) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuer('stepcast').setAudience('stepcast-app').setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(secret())],
    ['no exp claim', async (sub, sid) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuer('stepcast').setAudience('stepcast-app').setIssuedAt().sign(secret())],
    ['another key', async (sub, sid) =>
      new SignJWT({ sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).setIssuer('stepcast').setAudience('stepcast-app').setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(40)))],
  ];

  it.each(forged)('refuses a token with %s (401, no session)', async (_, forge) => {
    const c = client();
    await signUp(c);
    const session = (await sessionOf(c))!;
    const attacker = client();
    attacker.cookie = `stepcast.session=${await forge(session.user.id, session.session.id)}`;
    expect((await attacker.get('/api/auth/list-sessions')).status).toBe(401);
    expect(await sessionOf(attacker)).toBeNull();
  });

  it('refuses a tampered payload', async () => {
    const c = client();
    await signUp(c);
    const victim = client();
    const { user } = await signUp(victim);
    const [header, payload, signature] = c.token!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: user.id })).toString('base64url');
    const attacker = client();
    attacker.cookie = `stepcast.session=${header}.${tampered}.${signature}`;
    expect((await attacker.get('/api/auth/list-sessions')).status).toBe(401);
  });

  it('accepts a genuine token (the forgeries above fail for their flaw, not by accident)', async () => {
    const c = client();
    await signUp(c);
    const session = (await sessionOf(c))!;
    const genuine = client();
    genuine.cookie = `stepcast.session=${await new SignJWT({ sid: session.session.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(session.user.id)
      .setIssuer('stepcast')
      .setAudience('stepcast-app')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(secret())}`;
    expect((await genuine.get('/api/auth/list-sessions')).status).toBe(200);
  });
});

describe('session management', () => {
  it('revoke-other-sessions keeps only the current one', async () => {
    const first = client();
    const { email, password } = await signUp(first);
    const second = client();
    const third = client();
    await second.post('/api/auth/sign-in/email', { email, password });
    await third.post('/api/auth/sign-in/email', { email, password });
    expect((await second.get('/api/auth/list-sessions')).json).toHaveLength(3);
    expect((await second.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect(await sessionOf(first)).toBeNull();
    expect(await sessionOf(third)).toBeNull();
    const remaining = (await second.get('/api/auth/list-sessions')).json;
    expect(remaining).toHaveLength(1);
    expect(remaining[0].current).toBe(true);
  });

  it('revoke-session ends one named session, and another user cannot name it', async () => {
    const a = client();
    const { email, password } = await signUp(a);
    const b = client();
    await b.post('/api/auth/sign-in/email', { email, password });
    const bSession = (await sessionOf(b))!.session.id;
    const stranger = client();
    await signUp(stranger);
    expect((await stranger.post('/api/auth/revoke-session', { token: bSession })).status).toBe(404);
    expect(await sessionOf(b)).not.toBeNull();
    expect((await a.post('/api/auth/revoke-session', { token: bSession })).status).toBe(200);
    expect(await sessionOf(b)).toBeNull();
  });

  it('deleting the user kills all of its sessions at once and frees the email', async () => {
    const a = client();
    const { email, password } = await signUp(a);
    const b = client();
    await b.post('/api/auth/sign-in/email', { email, password });
    expect((await a.post('/api/auth/delete-user', { password: 'wrong password' })).status).toBe(400);
    expect((await a.post('/api/auth/delete-user', { password })).status).toBe(200);
    expect(await sessionOf(a)).toBeNull();
    expect(await sessionOf(b)).toBeNull();
    expect((await client().post('/api/auth/sign-in/email', { email, password })).status).toBe(401);
    await signUp(client(), { email });
  });

  it('changing the password ends the other sessions and keeps this one', async () => {
    const a = client();
    const { email, password } = await signUp(a);
    const b = client();
    await b.post('/api/auth/sign-in/email', { email, password });
    expect((await a.post('/api/auth/change-password', { currentPassword: 'nope-nope', newPassword: 'new password 1' })).status).toBe(400);
    expect((await a.post('/api/auth/change-password', { currentPassword: password, newPassword: 'new password 1' })).status).toBe(200);
    expect(await sessionOf(a)).not.toBeNull();
    expect(await sessionOf(b)).toBeNull();
    expect((await client().post('/api/auth/sign-in/email', { email, password: 'new password 1' })).status).toBe(200);
  });
});

describe('origin checks (CSRF)', () => {
  it.each([
    ['no Origin', null, 403],
    ['Origin: null', 'null', 403],
    ['a foreign origin', 'https://evil.example', 403],
  ])('refuses a cookie-authenticated POST with %s', async (_, origin, status) => {
    const c = client();
    await signUp(c);
    const attacker = new ApiClient(stack().url, origin);
    attacker.cookie = c.cookie;
    const response = await attacker.post('/api/auth/revoke-other-sessions');
    expect(response.status).toBe(status);
    expect(ErrorBody.parse(response.json).error.code).toBe('forbidden');
  });

  it('accepts the same POST from the site itself', async () => {
    const c = client();
    await signUp(c);
    expect((await c.post('/api/auth/revoke-other-sessions')).status).toBe(200);
  });

  it('refuses a sign-in posted from a foreign site (login CSRF)', async () => {
    const { email, password } = await signUp(client());
    const response = await new ApiClient(stack().url, 'https://evil.example').post('/api/auth/sign-in/email', { email, password });
    expect(response.status).toBe(403);
  });
});

describe('email verification and password reset', () => {
  it('verifies the email from the mailed link, once', async () => {
    const c = client();
    const { email } = await signUp(c, { verified: false });
    const link = linkIn(await waitForMail(stack().mailApiUrl, email, /Verify your email/), '/api/auth/verify-email');
    const first = await fetch(link, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('/dashboard?verified=true');
    expect((await sessionOf(c))!.user.emailVerified).toBe(true);
    const second = await fetch(link, { redirect: 'manual', headers: { accept: 'application/json' } });
    expect(second.status).toBe(400);
  });

  it('keeps the verification redirect on this site', async () => {
    const c = client();
    const { email } = await signUp(c, { verified: false });
    await c.post('/api/auth/send-verification-email', { callbackURL: '//evil.example/x' });
    // The first mail (from sign-up) and the resend both carry a link; use the newest.
    const link = linkIn(await waitForMail(stack().mailApiUrl, email, /Verify your email/), '/api/auth/verify-email');
    const response = await fetch(link, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(response.headers.get('location')).toMatch(/^\/dashboard\?verified=true$/);
  });

  it('answers a reset for a known and an unknown address with the same body, DynamoDB requests and one mail each', async () => {
    const counter = countDynamoRequests();
    const { email } = await signUp(client());
    const unknownEmail = uniqueEmail();
    const run = async (address: string) => {
      counter.reset();
      const response = await client().post('/api/auth/request-password-reset', { email: address });
      return { status: response.status, body: response.json, requests: counter.snapshot() };
    };
    const known = await run(email);
    const unknown = await run(unknownEmail);
    expect(unknown).toEqual(known);
    expect((await waitForMail(stack().mailApiUrl, email, /Reset your/)).text).toContain('mode=reset');
    const notice = await waitForMail(stack().mailApiUrl, unknownEmail, /Reset your/);
    expect(notice.text).toContain('no account uses this address');
    expect(notice.text).not.toContain('token=');
  });

  it('resets the password from the mailed link and ends every session', async () => {
    const a = client();
    const { email } = await signUp(a);
    const anonymous = client();
    const requested = await anonymous.post('/api/auth/request-password-reset', { email });
    const unknown = await anonymous.post('/api/auth/request-password-reset', { email: uniqueEmail() });
    expect(requested.json).toEqual(unknown.json);
    const link = new URL(linkIn(await waitForMail(stack().mailApiUrl, email, /Reset your/), '/auth'));
    const token = link.searchParams.get('token')!;
    expect((await anonymous.post('/api/auth/reset-password', { token, newPassword: 'short' })).status).toBe(422);
    expect((await anonymous.post('/api/auth/reset-password', { token, newPassword: 'a brand new one' })).status).toBe(200);
    expect(await sessionOf(a)).toBeNull();
    expect((await anonymous.post('/api/auth/reset-password', { token, newPassword: 'another new one' })).status).toBe(400);
    expect((await client().post('/api/auth/sign-in/email', { email, password: 'a brand new one' })).status).toBe(200);
  });

  it('changes the email only when the new address confirms it', async () => {
    const c = client();
    const { email } = await signUp(c);
    const newEmail = uniqueEmail('new');
    expect((await c.post('/api/auth/change-email', { newEmail })).status).toBe(200);
    expect((await sessionOf(c))!.user.email).toBe(email);
    const link = linkIn(await waitForMail(stack().mailApiUrl, newEmail, /Confirm your new email/), '/api/auth/verify-email');
    expect((await fetch(link, { headers: { accept: 'application/json' } })).status).toBe(200);
    const session = (await sessionOf(c))!;
    expect(session.user.email).toBe(newEmail);
    expect(session.user.emailVerified).toBe(true);
    await signUp(client(), { email });
  });
});
