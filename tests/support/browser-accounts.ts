import type { APIRequestContext } from 'playwright-core';
import { linkIn, waitForMail } from './mailbox';

/** The journeys' mail catcher (maildev's REST API): the Playwright config starts it on E2E_MAIL_WEB_PORT. */
export const E2E_MAIL_API_URL = `http://127.0.0.1:${process.env.E2E_MAIL_WEB_PORT ?? '3180'}`;

/**
 * Signs up through the API in a browser context's request context, then follows the verification
 * link of the mail, which verifies the address and signs that context in (sign-up itself answers
 * with no session: it must not tell a new address from a taken one).
 */
export async function signUpVerified(
  request: APIRequestContext,
  appOrigin: string,
  person: { name: string; email: string; password: string },
): Promise<void> {
  const response = await request.post(`${appOrigin}/api/auth/sign-up/email`, {
    data: { name: person.name, email: person.email, password: person.password },
    headers: { origin: appOrigin },
  });
  if (response.status() !== 200) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
  const link = new URL(linkIn(await waitForMail(E2E_MAIL_API_URL, person.email, /Verify your email/, 10_000), '/api/auth/verify-email'));
  const verified = await request.get(`${appOrigin}${link.pathname}${link.search}`, { headers: { accept: 'application/json' } });
  if (verified.status() !== 200) throw new Error(`verification failed: ${verified.status()} ${await verified.text()}`);
}

/** A person nobody has used yet (sign-up is rate limited per account): a name and a fresh address. */
export function newPerson(name: string): { name: string; email: string } {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return { name, email: `${name.split(' ')[0]!.toLowerCase()}-${id}@example.com` };
}
