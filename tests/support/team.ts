import { expect } from 'vitest';
import { db } from '../../functions/db/service';
import { ApiClient, signUp } from './api-client';
import { linkIn, waitForMail } from './mailbox';

/** A signed-up user whose email is verified (they followed the mailed link). */
export async function verifiedUser(baseUrl: string, mailApiUrl: string, name = 'Test User') {
  const client = new ApiClient(baseUrl);
  const { email, user } = await signUp(client, { name, mailApiUrl });
  return { client, email, userId: user.id };
}

/** The active organisation of a signed-in client. */
export async function activeOrgId(client: ApiClient): Promise<string> {
  return (await client.get('/api/auth/get-session')).json.session.activeOrganizationId as string;
}

/** Invites `user` into `orgId` with `role`, has them accept, and makes it their active organisation. */
export async function join(mailApiUrl: string, owner: ApiClient, orgId: string, user: { client: ApiClient; email: string }, role: string) {
  const invited = await owner.post('/api/auth/organization/invite-member', { email: user.email, role, organizationId: orgId });
  expect(invited.status).toBe(200);
  const mail = await waitForMail(mailApiUrl, user.email, /invited you/);
  const invitationId = linkIn(mail, '/accept-invitation/').split('/accept-invitation/')[1]!;
  const accepted = await user.client.post('/api/auth/organization/accept-invitation', { invitationId });
  expect(accepted.status).toBe(200);
  expect((await user.client.post('/api/auth/organization/set-active', { organizationId: orgId })).status).toBe(200);
}

/** Starts a Pro trial through the Stripe double's checkout (its "Start trial"), and waits for the webhooks. */
export async function subscribe(client: ApiClient, stripe: { flush(): Promise<void> }): Promise<void> {
  const checkout = await client.post('/api/stripe/subscription/checkout-session', {});
  expect(checkout.status).toBe(200);
  const response = await fetch(`${checkout.json.url}/complete`, { method: 'POST', redirect: 'manual' });
  expect(response.status).toBe(303);
  await stripe.flush();
}

/** Puts a user on a Pro trial directly in the table (no checkout): their organisations are Pro. */
export async function makePro(userId: string): Promise<void> {
  await db().entities.subscription.put({ userId, stripeCustomerId: `cus_${userId}`, status: 'trialing', stripeUpdatedAt: 1 }).go();
}
