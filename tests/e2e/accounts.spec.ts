import { expect, test, type Page } from '@playwright/test';
import { signUpVerified, newPerson } from '../support/browser-accounts';
import { linkIn, waitForMail } from '../support/mailbox';
import { axeViolations } from '../support/a11y';

// The mail catcher's REST API (maildev); the config starts it on E2E_MAIL_WEB_PORT.
const mailApiUrl = `http://127.0.0.1:${process.env.E2E_MAIL_WEB_PORT ?? '3180'}`;

const PASSWORD = 'correct horse battery';

interface Person {
  name: string;
  email: string;
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function signUpThroughTheForm(page: Page, person: Person) {
  await page.goto('/auth?mode=sign-up');
  await page.getByLabel('Name').fill(person.name);
  await page.getByLabel('Work email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  // Sign-up signs nobody in (it must not tell a new address from a taken one): the mail does.
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
  await expect(page.getByText(person.email)).toBeVisible();
}

async function signInThroughTheForm(page: Page, person: Person) {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the verification link of the sign-up mail in the page; it signs in and lands on the welcome page. */
async function verifyByMail(page: Page, person: Person) {
  const mail = await waitForMail(mailApiUrl, person.email, /Verify your email/, 10_000);
  await page.goto(linkIn(mail, '/api/auth/verify-email'));
  await expect(page).toHaveURL(/\/dashboard\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: `Welcome to Stepcast, ${person.name.split(' ')[0]}` })).toBeVisible();
  await expect(page.getByText('Your email address is verified.', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Verify your email/ }).getByText('Done')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend verification email' })).toHaveCount(0);
}

test.describe('accounts and organisations', () => {
  test('an owner signs up, verifies, creates an organization and invites a member, whose role only the owner changes', async ({
    page: ownerPage,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const owner = newPerson('Olivia Owner');
    const member = newPerson('Mateo Member');
    const organizationName = `Acme ${owner.email.slice(7, 13)}`;

    await test.step('the owner signs up through /auth and verifies the address from the mail', async () => {
      await signUpThroughTheForm(ownerPage, owner);
      await verifyByMail(ownerPage, owner);
    });

    await test.step('the owner creates an organization from the switcher', async () => {
      await ownerPage.getByRole('button', { name: /^Organization/ }).click();
      await ownerPage.getByRole('menuitem', { name: 'Create organization' }).click();
      const dialog = ownerPage.getByRole('dialog', { name: 'Create organization' });
      await dialog.getByLabel('Organization name').fill(organizationName);
      await expect(dialog.getByLabel('Slug')).toHaveValue(organizationName.toLowerCase().replace(' ', '-'));
      await dialog.getByRole('button', { name: 'Create organization' }).click();
      await expect(ownerPage).toHaveURL(/\/dashboard\/organization$/);
      await expect(ownerPage.getByRole('button', { name: `Organization ${organizationName}` })).toBeVisible();
      await expect(ownerPage.getByText(`Members, invitations and teams of ${organizationName}.`)).toBeVisible();
    });

    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();

    await test.step('a second person signs up in another browser and verifies by mail', async () => {
      await signUpThroughTheForm(memberPage, member);
      await verifyByMail(memberPage, member);
    });

    await test.step('the owner invites them as a member', async () => {
      await ownerPage.getByLabel('Email address').fill(member.email);
      await expect(ownerPage.getByLabel('Role', { exact: true })).toHaveValue('member');
      await ownerPage.getByRole('button', { name: 'Send invitation' }).click();
      await expect(ownerPage.getByRole('list', { name: 'Pending invitations' }).getByText(member.email)).toBeVisible();
    });

    await test.step('the invitee opens the link of the invitation mail and accepts', async () => {
      const mail = await waitForMail(mailApiUrl, member.email, /invited you to/, 10_000);
      const invitationId = new URL(linkIn(mail, '/accept-invitation/')).pathname.split('/').at(-1)!;
      await memberPage.goto(`/accept-invitation/${invitationId}`);
      await expect(memberPage.getByRole('heading', { level: 1, name: organizationName })).toBeVisible();
      await expect(memberPage.getByText(owner.email)).toBeVisible();
      await memberPage.getByRole('button', { name: 'Accept invitation' }).click();
      await expect(memberPage.getByText(`You joined ${organizationName}`)).toBeVisible();
      await expect(memberPage).toHaveURL(/\/dashboard\/recents$/);
      await expect(memberPage.getByRole('button', { name: `Organization ${organizationName}` })).toBeVisible();
    });

    const roleSelect = ownerPage.getByRole('combobox', { name: `Role of ${member.name}` });

    await test.step('the owner makes the member an admin, who then sees the invite form', async () => {
      await ownerPage.reload();
      await roleSelect.selectOption('admin');
      await expect(ownerPage.getByText(`${member.name} is now Admin.`)).toBeVisible();
      await memberPage.goto('/dashboard/organization');
      await expect(memberPage.getByRole('button', { name: 'Send invitation' })).toBeVisible();
    });

    await test.step('the owner makes them a member again: their settings show no invite, role or remove controls', async () => {
      await roleSelect.selectOption('member');
      await expect(ownerPage.getByText(`${member.name} is now Member.`)).toBeVisible();
      await memberPage.reload();
      await expect(memberPage.getByRole('heading', { name: 'Members' })).toBeVisible();
      await expect(memberPage.getByText(owner.email)).toBeVisible();
      await expect(memberPage.getByRole('button', { name: 'Send invitation' })).toHaveCount(0);
      await expect(memberPage.getByRole('combobox')).toHaveCount(0);
      await expect(memberPage.getByRole('button', { name: /^Remove / })).toHaveCount(0);
      await expect(memberPage.getByRole('button', { name: 'Save changes' })).toHaveCount(0);
      await expect(memberPage.getByRole('button', { name: 'Delete…' })).toHaveCount(0);
    });

    await test.step('and the API refuses the member an invitation of their own', async () => {
      const response = await memberPage.request.post('/api/auth/organization/invite-member', {
        data: { email: newPerson('Someone Else').email, role: 'member' },
        headers: { origin: baseURL! },
      });
      expect(response.status()).toBe(403);
      expect((await response.json()).error.code).toBe('forbidden');
    });

    await test.step('the owner cannot delete their account while the organization has no other owner', async () => {
      await ownerPage.getByRole('button', { name: /^Account menu/ }).click();
      await ownerPage.getByRole('menuitem', { name: 'Account settings' }).click();
      await expect(ownerPage).toHaveURL(/\/dashboard\/account$/);
      await ownerPage.getByRole('button', { name: 'Delete account…' }).click();
      const dialog = ownerPage.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Delete account' }).click();
      await expect(dialog.getByRole('alert')).toContainText(`Make someone else an owner of "${organizationName}"`);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toBeHidden();
    });

    await memberContext.close();
  });

  test('a signed-out visit to a private page goes through sign-in and back, and sign-in never leaves the site', async ({ page, baseURL }) => {
    const person = newPerson('Rita Return');
    await signUpVerified(page.request, baseURL!, { ...person, password: PASSWORD });
    await page.context().clearCookies();

    await page.goto('/dashboard/welcome');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard%2Fwelcome$/);
    await signInThroughTheForm(page, person);
    await expect(page).toHaveURL(/\/dashboard\/welcome$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Stepcast, Rita' })).toBeVisible();

    await page.getByRole('button', { name: `Account menu: ${person.name}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();

    await page.goto('/auth?redirect=//evil.example');
    await signInThroughTheForm(page, person);
    await expect(page).toHaveURL(/\/dashboard\/recents$/);
    expect(new URL(page.url()).origin).toBe(baseURL);
  });

  test('/auth, the welcome, account and organization pages pass axe', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await page.goto('/auth');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
    await expectNoAxeViolations(page);

    // The error state too: field errors are described and the first invalid field is focused.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Enter a valid email address.');
    await expectNoAxeViolations(page);

    await page.getByRole('link', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Create your account' })).toBeVisible();
    await expectNoAxeViolations(page);

    const person = newPerson('Axel Access');
    await signUpVerified(page.request, baseURL!, { ...person, password: PASSWORD });

    await page.goto('/dashboard/welcome');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Stepcast, Axel' })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/dashboard/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible();
    await expect(page.getByText('This device')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/dashboard/organization');
    await expect(page.getByRole('heading', { level: 1, name: 'Organization settings' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
