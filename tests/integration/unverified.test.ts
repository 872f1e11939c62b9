import { describe, expect, it } from 'vitest';
import { unverifiedMessage } from '#shared/auth';
import { ApiClient, signUp } from '../support/api-client';
import { linkIn, waitForMail } from '../support/mailbox';
import { useIsolatedStack } from '../support/isolated-stack';

const stack = useIsolatedStack();

describe('an account whose email is not verified', () => {
  it('creates guides and captures, but may not share publicly, invite or start a trial until it verifies', async () => {
    const c = new ApiClient(stack().url);
    const { email } = await signUp(c, { verified: false });
    // Its own work: allowed.
    const guide = (await c.post('/api/guides', { title: 'Draft' })).json as { id: string };
    expect((await c.post(`/api/guides/${guide.id}/slides`, { text: 'Click **Save**' })).status).toBe(201);
    const upload = await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: 100 });
    expect(upload.status).toBe(200);
    expect((await c.request('PATCH', `/api/guides/${guide.id}`, { title: 'Renamed' })).status).toBe(200);

    // Reaching other people or money: refused, with the reason and the same code each time.
    const publish = await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' });
    expect(publish.status).toBe(403);
    expect(publish.json.error).toEqual({ code: 'email_unverified', message: unverifiedMessage('publish') });
    expect((await c.get(`/api/guides/${guide.id}`)).json.status).toBe('draft');
    const invite = await c.post('/api/auth/organization/invite-member', { email: 'friend@example.test', role: 'member' });
    expect(invite.status).toBe(403);
    expect(invite.json.error.code).toBe('email_unverified');
    const trial = await c.post('/api/stripe/subscription/checkout-session', {});
    expect(trial.status).toBe(403);
    expect(trial.json.error).toEqual({ code: 'email_unverified', message: unverifiedMessage('trial') });

    // The resend the app offers, then the link: all three work.
    expect((await c.post('/api/auth/send-verification-email', {})).status).toBe(200);
    const link = new URL(linkIn(await waitForMail(stack().mailApiUrl, email, /Verify your email/), '/api/auth/verify-email'));
    expect((await c.request('GET', `${link.pathname}${link.search}`, undefined, { accept: 'application/json' })).status).toBe(200);
    expect((await c.request('PATCH', `/api/guides/${guide.id}`, { status: 'published' })).status).toBe(200);
    expect((await c.post('/api/auth/organization/invite-member', { email: 'friend@example.test', role: 'member' })).status).toBe(200);
    expect((await c.post('/api/stripe/subscription/checkout-session', {})).status).toBe(200);
  });
});

describe('Pro', () => {
  it('applies to every member of a Pro organisation: entitlements, private guides, the guide limit', async () => {
    const { join, subscribe, activeOrgId } = await import('../support/team');
    const owner = new ApiClient(stack().url);
    await signUp(owner);
    await subscribe(owner, stack().stripe);
    const member = new ApiClient(stack().url);
    const { email } = await signUp(member);
    await join(stack().mailApiUrl, owner, await activeOrgId(owner), { client: member, email }, 'member');
    const granted = (await member.get('/api/entitlements')).json;
    expect(granted).toEqual({ plan: 'Pro', guideLimit: null, privateGuides: true, voiceover: true, embed: true, exports: true, analytics: true, brand: true });
    for (let i = 0; i < 4; i++) expect((await member.post('/api/guides', { title: `Member guide ${i}` })).status).toBe(201);
    const guide = (await member.post('/api/guides', { title: 'Private one' })).json as { id: string };
    expect((await member.request('PATCH', `/api/guides/${guide.id}`, { visibility: 'private' })).status).toBe(200);
    // The member's own personal organisation is not Pro.
    const personal = new ApiClient(stack().url);
    await signUp(personal);
    expect((await personal.get('/api/entitlements')).json).toMatchObject({ plan: null, guideLimit: 3, embed: false });
  });
});
