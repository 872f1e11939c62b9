import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { GuideDto } from '#shared/guides';
import { axeViolations } from '../support/a11y';
import { E2E_MAIL_API_URL, newPerson, signUpVerified } from '../support/browser-accounts';
import { guideOfSteps } from '../support/browser-guides';
import { linkIn, waitForMail } from '../support/mailbox';

/**
 * Editing together without loss (issue 27): two authors of one organisation, each in a browser
 * context of their own, edit one guide in the design view. Edits of different steps, or of the
 * title and a step, both save; the same field edited on both sides keeps the second author's
 * text in the field, shows both, and lets them choose.
 */
const PASSWORD = 'correct horse battery';
const STEPS = ['Open **Expenses**', 'Click **New claim**', 'Click **Submit**'];

interface Author {
  page: Page;
  name: string;
}

async function orgOfTwo(browser: Browser, baseURL: string): Promise<{ owner: Author; mate: Author; close: () => Promise<void> }> {
  const ownerContext = await browser.newContext();
  const mateContext = await browser.newContext();
  const owner = { ...newPerson('Ola Owner'), password: PASSWORD };
  const mate = { ...newPerson('Max Mate'), password: PASSWORD };
  await signUpVerified(ownerContext.request, baseURL, owner);
  await signUpVerified(mateContext.request, baseURL, mate);
  const session = (await (await ownerContext.request.get('/api/auth/get-session')).json()) as { session: { activeOrganizationId: string } };
  const organizationId = session.session.activeOrganizationId;
  const invited = await ownerContext.request.post('/api/auth/organization/invite-member', { data: { email: mate.email, role: 'member', organizationId }, headers: { origin: baseURL } });
  expect(invited.status()).toBe(200);
  const invitationId = new URL(linkIn(await waitForMail(E2E_MAIL_API_URL, mate.email, /invited you to/, 10_000), '/accept-invitation/')).pathname.split('/').at(-1)!;
  expect((await mateContext.request.post('/api/auth/organization/accept-invitation', { data: { invitationId }, headers: { origin: baseURL } })).status()).toBe(200);
  expect((await mateContext.request.post('/api/auth/organization/set-active', { data: { organizationId }, headers: { origin: baseURL } })).status()).toBe(200);
  return {
    owner: { page: await ownerContext.newPage(), name: owner.name },
    mate: { page: await mateContext.newPage(), name: mate.name },
    close: async () => {
      await ownerContext.close();
      await mateContext.close();
    },
  };
}

async function saved(request: APIRequestContext, id: string): Promise<GuideDto> {
  return (await (await request.get(`/api/guides/${id}`)).json()) as GuideDto;
}

async function open(author: Author, guide: GuideDto, step: number): Promise<void> {
  await author.page.goto(`/share/file-a-claim-${guide.id}/design`);
  await author.page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: new RegExp(`^Step ${step} of 3`) }).click();
  await expect(author.page.getByLabel(`Step ${step} text`)).toBeVisible();
}

/** Types into a field and leaves it, as an author does; the field saves itself. */
async function typeAndLeave(page: Page, label: string, text: string): Promise<void> {
  const field = page.getByLabel(label, { exact: true });
  await field.fill(text);
  await field.blur();
}

test.describe('editing together without loss', () => {
  test('two authors edit different steps, and the title and a step, at the same time: every edit is saved, and each sees who else is there', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const { owner, mate, close } = await orgOfTwo(browser, baseURL!);
    try {
      const guide = await guideOfSteps(owner.page.request, baseURL!, 'File a claim', STEPS);
      await open(owner, guide, 1);
      await open(mate, guide, 2);

      await test.step('each sees the other in the design view', async () => {
        await expect(mate.page.getByRole('status', { name: 'Also editing' })).toContainText('Ola Owner is also editing.');
        await expect(owner.page.getByRole('status', { name: 'Also editing' })).toContainText('Max Mate is also editing.', { timeout: 15_000 });
      });

      await test.step('step 1 here, step 2 there, both saved', async () => {
        // Both fields are edited before either save: neither author has seen the other's.
        await owner.page.getByLabel('Step 1 text').fill('Open the **Expenses** page');
        await mate.page.getByLabel('Step 2 text').fill('Click **New expense claim**');
        await Promise.all([owner.page.getByLabel('Step 1 text').blur(), mate.page.getByLabel('Step 2 text').blur()]);
        await expect
          .poll(async () => (await saved(owner.page.request, guide.id)).slides.map((s) => s.text))
          .toEqual(['Open the **Expenses** page', 'Click **New expense claim**', 'Click **Submit**']);
        await expect(mate.page.getByRole('alert')).toHaveCount(0);
        await expect(owner.page.getByRole('alert')).toHaveCount(0);
      });

      await test.step('the title here, step 3 there, both saved; each page comes to show the other’s edit', async () => {
        await mate.page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: /^Step 3 of 3/ }).click();
        await typeAndLeave(owner.page, 'Title', 'File an expense claim');
        await typeAndLeave(mate.page, 'Step 3 text', 'Click **Submit claim**');
        await expect
          .poll(async () => {
            const now = await saved(owner.page.request, guide.id);
            return [now.title, now.slides[2]!.text];
          })
          .toEqual(['File an expense claim', 'Click **Submit claim**']);
        // The presence poll tells each page the guide moved on, and it reads it again.
        await expect(mate.page.getByLabel('Title', { exact: true })).toHaveValue('File an expense claim', { timeout: 20_000 });
        await expect(mate.page.getByLabel('Step 3 text')).toHaveValue('Click **Submit claim**');
      });
    } finally {
      await close();
    }
  });

  test('both authors edit the same step: the second keeps their text, sees both and chooses; undo in the field brings theirs back', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const { owner, mate, close } = await orgOfTwo(browser, baseURL!);
    try {
      const guide = await guideOfSteps(owner.page.request, baseURL!, 'File a claim', STEPS);
      await open(owner, guide, 1);
      await open(mate, guide, 1);
      const mineField = mate.page.getByLabel('Step 1 text', { exact: true });
      const conflict = mate.page.getByRole('group', { name: 'Step 1 text: changed by someone else' });

      await test.step('the mate edits offline; the owner saves first; back online the mate’s save is refused and nothing is lost', async () => {
        await mate.page.context().setOffline(true);
        await mineField.fill('Open **Receipts**');
        await mineField.blur();
        await typeAndLeave(owner.page, 'Step 1 text', 'Open the **Claims** page');
        await expect.poll(async () => (await saved(owner.page.request, guide.id)).slides[0]!.text).toBe('Open the **Claims** page');
        await mate.page.context().setOffline(false);
        await expect(conflict).toBeVisible();
        await expect(conflict.getByRole('alert')).toContainText('Someone else changed step 1 text while you were editing.');
        await expect(conflict.getByRole('blockquote')).toHaveText('Open the **Claims** page');
        // The author's own text is still in the field, not the server's.
        await expect(mineField).toHaveValue('Open **Receipts**');
        expect((await saved(owner.page.request, guide.id)).slides[0]!.text).toBe('Open the **Claims** page');
        expect(await axeViolations(mate.page)).toEqual([]);
      });

      await test.step('choosing another step and coming back keeps the choice open, with the author’s text', async () => {
        const rail = mate.page.getByRole('list', { name: 'Steps' });
        await rail.getByRole('button', { name: /^Step 2 of 3/ }).click();
        await expect(mate.page.getByLabel('Step 2 text')).toBeVisible();
        await rail.getByRole('button', { name: /^Step 1 of 3/ }).click();
        await expect(mineField).toHaveValue('Open **Receipts**');
        await expect(conflict).toBeVisible();
      });

      await test.step('"Keep my text" saves it over theirs', async () => {
        await conflict.getByRole('button', { name: 'Keep my text' }).click();
        await expect(conflict).toBeHidden();
        await expect.poll(async () => (await saved(owner.page.request, guide.id)).slides[0]!.text).toBe('Open **Receipts**');
      });

      await test.step('again: "Use their text" takes theirs, and Ctrl+Z in the field brings the author’s own back', async () => {
        await mate.page.context().setOffline(true);
        await mineField.fill('Open **Receipts** now');
        await mineField.blur();
        await owner.page.reload();
        await typeAndLeave(owner.page, 'Step 1 text', 'Open **Claims** from the sidebar');
        await expect.poll(async () => (await saved(owner.page.request, guide.id)).slides[0]!.text).toBe('Open **Claims** from the sidebar');
        await mate.page.context().setOffline(false);
        await expect(conflict).toBeVisible();
        await conflict.getByRole('button', { name: 'Use their text' }).click();
        await expect(conflict).toBeHidden();
        await expect(mineField).toHaveValue('Open **Claims** from the sidebar');
        await mineField.press('Control+z');
        await expect(mineField).toHaveValue('Open **Receipts** now');
      });

      await test.step('the intro card edited on both sides: the second keeps their words in the fields, sees theirs, and keeps theirs own', async () => {
        await owner.page.reload();
        await mate.page.context().setOffline(true);
        await mate.page.getByLabel('Intro title').fill('Claims in two minutes');
        await mate.page.getByRole('button', { name: 'Add intro' }).click();
        await owner.page.getByLabel('Intro title').fill('How to file a claim');
        await owner.page.getByRole('button', { name: 'Add intro' }).click();
        await expect.poll(async () => (await saved(owner.page.request, guide.id)).introCard?.title).toBe('How to file a claim');
        await mate.page.context().setOffline(false);
        const card = mate.page.getByRole('group', { name: 'Intro card: changed by someone else' });
        await expect(card.getByRole('blockquote')).toHaveText('How to file a claim');
        await expect(mate.page.getByLabel('Intro title')).toHaveValue('Claims in two minutes');
        await card.getByRole('button', { name: 'Keep mine' }).click();
        await expect(card).toBeHidden();
        await expect.poll(async () => (await saved(owner.page.request, guide.id)).introCard?.title).toBe('Claims in two minutes');
      });
    } finally {
      await close();
    }
  });
});
