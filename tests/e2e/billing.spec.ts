import { expect, test, type Page } from '@playwright/test';
import { E2E_MAIL_API_URL, signUpVerified, newPerson } from '../support/browser-accounts';
import { linkIn, waitForMail } from '../support/mailbox';
import { axeViolations } from '../support/a11y';
import { startTrial } from '../support/browser-guides';

// The Stripe test double (infra/local/stripe-double) serves the hosted checkout and portal pages
// on E2E_STRIPE_PORT; the config starts it with the stack.
const stripeOrigin = `http://localhost:${process.env.E2E_STRIPE_PORT ?? '3121'}`;

const PASSWORD = 'correct horse battery';

async function signUpThroughTheForm(page: Page, person: { name: string; email: string }) {
  await page.goto('/auth?mode=sign-up');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Work email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Password hashing and the first organisation take a while on a busy machine.
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible({ timeout: 15_000 });
  // The mailed link verifies the address and signs in.
  const mail = await waitForMail(E2E_MAIL_API_URL, person.email, /Verify your email/, 10_000);
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/dashboard\/welcome$/, { timeout: 15_000 });
}

async function signUpThroughTheApi(page: Page, baseURL: string, name: string) {
  const person = newPerson(name);
  await signUpVerified(page.request, baseURL, { ...person, password: PASSWORD });
  return person;
}

function createGuide(page: Page, baseURL: string, title: string) {
  return page.request.post('/api/guides', { data: { title }, headers: { origin: baseURL } });
}

const hasNoSubscriptionParameters = (url: URL) => !url.searchParams.has('subscribe') && !url.searchParams.has('stripe_session_id');

const FEATURES = ['1-click capture', 'Smart transcript', 'Unlimited guides', 'Synthetic voiceover', 'Instant embed', 'Private guides', 'Analytics', 'Your brand on every guide'];

test.describe('the Pro plan', () => {
  test('a new user starts the free trial from the modal, is welcomed back with Pro, then cancels at period end in the portal', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const person = newPerson('Tara Trial');
    const modal = page.getByRole('dialog', { name: 'Get started with Stepcast' });

    await test.step('the user signs up; the free plan holds 3 guides', async () => {
      await signUpThroughTheForm(page, person);
      for (const title of ['One', 'Two', 'Three']) expect((await createGuide(page, baseURL!, title)).status()).toBe(201);
      const fourth = await createGuide(page, baseURL!, 'Four');
      expect(fourth.status()).toBe(402);
      expect((await fourth.json()).error.code).toBe('plan_limit');
    });

    await test.step('/?subscribe=true opens the subscription modal with the plan, exactly', async () => {
      await page.goto('/?subscribe=true');
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('heading', { level: 2 })).toHaveText('Get started with Stepcast');
      await expect(modal.getByRole('heading', { level: 3 })).toHaveText('Pro');
      await expect(modal.getByText('Everything you need to create, narrate, and share guides.', { exact: true })).toBeVisible();
      await expect(modal.getByText('24 / month', { exact: true })).toBeVisible();
      await expect(modal.getByRole('list', { name: 'Pro features' }).getByRole('listitem')).toHaveText(FEATURES);
      await expect(modal.getByRole('button', { name: 'Start 7-day free trial' })).toBeVisible();
      await expect(modal.getByText('Cancel any time · No charge today', { exact: true })).toBeVisible();
      await expect(modal.getByText('Having a problem? Get in touch.', { exact: true })).toBeVisible();
      await expect(modal.getByRole('link', { name: 'Get in touch.' })).toHaveAttribute('href', 'mailto:support@stepcast.app');
    });

    await test.step('the open modal passes axe', async () => {
      // The modal itself: the page under it is inert while it is open.
      expect(await axeViolations(page, (b) => b.include('dialog'))).toEqual([]);
    });

    await test.step("the trial starts on Stripe's checkout page", async () => {
      await modal.getByRole('button', { name: 'Start 7-day free trial' }).click();
      await expect(page).toHaveURL((url) => url.origin === stripeOrigin && url.pathname.startsWith('/checkout/'));
      await expect(page.getByText('7 days free, then 24 per month. No charge today.')).toBeVisible();
      await page.getByRole('button', { name: 'Start trial' }).click();
    });

    await test.step('back in the app the subscription is confirmed, the person welcomed and the parameters removed', async () => {
      await expect(page.getByText('Welcome aboard!', { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText('Your subscription is confirmed.', { exact: true })).toBeVisible();
      await expect(page).toHaveURL(hasNoSubscriptionParameters);
      expect(new URL(page.url()).pathname).toBe('/');
      await expect(modal).toBeHidden();
    });

    await test.step('Pro unlocks: more than 3 guides, the shell badge and the Billing section say Trial', async () => {
      expect((await createGuide(page, baseURL!, 'Four')).status()).toBe(201);
      await page.goto('/dashboard/account');
      await expect(page.getByRole('link', { name: 'Your plan: Trial · 7 days left' })).toBeVisible();
      const billing = page.getByRole('region', { name: 'Billing' });
      await expect(billing.getByText('Trial', { exact: true })).toBeVisible();
      await expect(billing.getByText('Pro', { exact: true })).toBeVisible();
      await expect(billing.getByText(/^Renews on /)).toBeVisible();
    });

    await test.step("'Manage subscription' opens the portal, where the subscription is cancelled at period end", async () => {
      await page.getByRole('region', { name: 'Billing' }).getByRole('button', { name: 'Manage subscription' }).click();
      await expect(page).toHaveURL((url) => url.origin === stripeOrigin && url.pathname.startsWith('/portal/'));
      await page.getByRole('button', { name: 'Cancel at period end' }).click();
      await expect(page.getByRole('button', { name: 'Resume subscription' })).toBeVisible();
      await page.getByRole('link', { name: 'Return to Stepcast' }).click();
      await expect(page).toHaveURL(/\/dashboard\/account$/);
    });

    await test.step('the account shows the pending cancellation', async () => {
      const billing = page.getByRole('region', { name: 'Billing' });
      await expect(billing.getByText(/^Cancels on /)).toBeVisible();
      await expect(billing.getByText(/^Renews on /)).toHaveCount(0);
      await expect(billing.getByText('Trial', { exact: true })).toBeVisible();
    });
  });

  test('a trial started from a page of the app comes back to that page, not to the homepage', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signUpThroughTheApi(page, baseURL!, 'Rhea Return');
    const guide = (await (await createGuide(page, baseURL!, 'Return here')).json()) as { id: string };
    const designPath = `/share/return-here-${guide.id}/design`;
    await page.goto(designPath);
    // On the free plan the embed is locked: its button offers the trial.
    await page.getByRole('button', { name: 'Embed' }).click();
    await startTrial(page);
    await expect(page).toHaveURL(hasNoSubscriptionParameters);
    expect(new URL(page.url()).pathname).toBe(designPath);
    await page.getByRole('button', { name: 'Embed' }).click();
    await expect(page.getByRole('dialog', { name: 'Embed guide' })).toBeVisible();
  });

  test('closing the modal removes subscribe from the search and keeps the page', async ({ page, baseURL }) => {
    await signUpThroughTheApi(page, baseURL!, 'Cleo Close');
    await page.goto('/dashboard/account?subscribe=true');
    const modal = page.getByRole('dialog', { name: 'Get started with Stepcast' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/account$/);

    // The shell's 'Upgrade' opens it again over the same page; Escape closes it.
    await page.getByRole('link', { name: 'Upgrade to Pro' }).click();
    await expect(modal).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard\/account\?subscribe=true$/);
    await page.keyboard.press('Escape');
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
    await expect(page.getByRole('link', { name: 'Upgrade to Pro' })).toBeFocused();
  });

  test('while the confirmation is pending the modal cannot close; a failed one says so and can be retried or closed', async ({ page, baseURL }) => {
    await signUpThroughTheApi(page, baseURL!, 'Fay Failure');
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let calls = 0;
    // A checkout that is not the person's: final at once (404), so no automatic retries.
    await page.route('**/api/stripe/subscription/confirm?*', async (route) => {
      calls++;
      await released;
      await route.fulfill({ status: 404, contentType: 'application/json', body: JSON.stringify({ error: { code: 'not_found', message: 'The checkout was not found.' } }) });
    });
    await page.goto('/dashboard/account?stripe_session_id=cs_test_someone_else');
    const modal = page.getByRole('dialog', { name: 'Get started with Stepcast' });
    await expect(modal.getByText('Confirming your subscription…')).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Close' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(modal).toBeVisible();

    release();
    await expect(page.getByText('Failed to confirm subscription. Please try again.', { exact: true })).toBeVisible();
    await expect(modal.getByRole('alert')).toContainText('We could not confirm your subscription yet.');
    await modal.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => calls).toBe(2);
    await expect(modal.getByRole('alert')).toBeVisible();

    await modal.getByRole('button', { name: 'Close' }).click();
    await expect(modal).toBeHidden();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
  });

  test('a signed-out visitor never sees the modal', async ({ page }) => {
    await page.goto('/?subscribe=true');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The session and plan checks are done once the page is idle.
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
