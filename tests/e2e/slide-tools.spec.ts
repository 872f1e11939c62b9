import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { GuideDto } from '#shared/guides';
import { sharePath } from '../../shared/share/link';
import { signUpVerified, newPerson } from '../support/browser-accounts';
import { guideOfSteps, publishChanges } from '../support/browser-guides';
import { axeViolations } from '../support/a11y';

const PASSWORD = 'correct horse battery';
/** A person's Chrome: the analytics refuse headless Chromium's user agent like any crawler's. */
const VIEWER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

async function signUp(request: APIRequestContext, baseURL: string, name: string) {
  await signUpVerified(request, baseURL, { ...newPerson(name), password: PASSWORD });
}

async function savedGuide(page: Page, id: string): Promise<GuideDto> {
  return (await (await page.request.get(`/api/guides/${id}`)).json()) as GuideDto;
}

async function expectNoAxeViolations(page: Page, include?: string) {
  expect(await axeViolations(page, (b) => (include ? b.include(include) : b))).toEqual([]);
}

test.describe('intro and outro cards', () => {
  test('an author adds an outro with a call to action; the share page shows it after the last step and the button opens the link, counted', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await signUp(page.request, baseURL!, 'Olga Outro');
    const guide = await guideOfSteps(page.request, baseURL!, 'Pay an invoice', [{ text: 'Open **Invoices**' }, { text: 'Click **Pay**' }]);
    expect((await page.request.patch(`/api/guides/${guide.id}`, { data: { status: 'published' }, headers: { origin: baseURL! } })).status()).toBe(200);
    await page.goto(`${sharePath(guide)}/design`);

    await test.step('a link that is not https is explained and nothing is saved', async () => {
      await page.getByLabel('Outro title').fill('Invoice paid');
      await page.getByLabel('Button label').fill('Open billing');
      await page.getByLabel('Button link').fill('http://billing.example/');
      await page.getByRole('button', { name: 'Add outro' }).click();
      await expect(page.getByText('Use a full link that starts with https://')).toBeVisible();
      await expect(page.getByLabel('Button link')).toHaveAttribute('aria-invalid', 'true');
      expect((await savedGuide(page, guide.id)).outroCard).toBeNull();
    });

    await test.step('an https link is saved, and an undo would take it away', async () => {
      await page.getByLabel('Button link').fill('https://billing.example/paid');
      await page.getByRole('button', { name: 'Add outro' }).click();
      await expect
        .poll(async () => (await savedGuide(page, guide.id)).outroCard)
        .toEqual({ title: 'Invoice paid', cta: { label: 'Open billing', url: 'https://billing.example/paid' } });
      await expect(page.getByRole('button', { name: 'Remove outro' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Undo', exact: true })).not.toHaveAttribute('aria-disabled', 'true');
      await expectNoAxeViolations(page, '.guide-cards');
    });

    await test.step('the author publishes the changes', async () => {
      await publishChanges(page);
    });

    await test.step('a viewer reaches the outro after the last step; its button opens the link in a new tab and is counted', async () => {
      const viewer = await browser.newContext({ baseURL, userAgent: VIEWER_USER_AGENT });
      await viewer.route('https://billing.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Billing</title><h1>Paid</h1>' }));
      const viewerPage = await viewer.newPage();
      const events: string[] = [];
      viewerPage.on('request', (request) => {
        if (request.url().endsWith('/api/events') && request.method() === 'POST') events.push(request.postData() ?? '');
      });
      await viewerPage.goto(sharePath(guide));
      const player = viewerPage.getByRole('region', { name: /^Guide player/ });
      await player.getByRole('button', { name: 'Next step' }).click();
      await expect(player.getByRole('status')).toHaveText('Step 2 of 2: Click Pay');
      await expect(player.getByTestId('player-outro')).toHaveCount(0);
      await player.getByRole('button', { name: 'Next step' }).click();
      const outro = player.getByTestId('player-outro');
      await expect(outro.getByRole('heading', { name: 'Invoice paid' })).toBeVisible();
      await expect(player.getByRole('status')).toHaveText('End of the guide: Invoice paid');
      const cta = outro.getByRole('link', { name: /Open billing/ });
      await expect(cta).toHaveAttribute('target', '_blank');
      await expect(cta).toHaveAttribute('rel', 'noopener');
      const [tab] = await Promise.all([viewer.waitForEvent('page'), cta.click()]);
      await tab.waitForLoadState();
      expect(tab.url()).toBe('https://billing.example/paid');
      await expect.poll(() => events.some((body) => body.includes('"cta"')), { timeout: 10_000 }).toBe(true);
      await expectNoAxeViolations(viewerPage);
      await viewer.close();
    });
  });
});

test.describe('design view: step tools and preview', () => {
  test('an author inserts a blank step, splits a narration at the cursor and merges two steps, undoing one', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signUp(page.request, baseURL!, 'Sam Split');
    const guide = await guideOfSteps(page.request, baseURL!, 'Send a report', [
      { text: 'Open **Reports**', narration: 'Open the reports page. Then pick last month.' },
      { text: 'Click **Send**', narration: 'Click send.' },
    ]);
    const [first, second] = guide.slides;
    await page.goto(`${sharePath(guide)}/design`);
    const rail = page.getByRole('list', { name: 'Steps' });
    await expect(rail.getByRole('button', { name: /^Step \d of 2/ })).toHaveCount(2);

    await test.step('insert a blank step after step 1: a step with words on the brand background, no screenshot', async () => {
      await rail.getByRole('button', { name: /^Step 1 of 2/ }).click();
      await page.getByRole('button', { name: 'Insert a blank step after' }).click();
      await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides.map((s) => [s.text, s.screenshotKey])).toEqual([
        ['Open **Reports**', first!.screenshotKey],
        ['New step', null],
        ['Click **Send**', second!.screenshotKey],
      ]);
      await expect(page.getByLabel('Step 2 text')).toHaveValue('New step');
    });

    await test.step('Ctrl+Z takes the blank step away again', async () => {
      await rail.getByRole('button', { name: /^Step 2 of 3/ }).focus();
      await page.keyboard.press('Control+z');
      await expect(rail.getByRole('button', { name: /^Step \d of 2/ })).toHaveCount(2);
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides.map((s) => s.id)).toEqual([first!.id, second!.id]);
    });

    await test.step('split step 1 where the cursor is in its narration: step 2 continues it with the same screenshot', async () => {
      await rail.getByRole('button', { name: /^Step 1 of 2/ }).click();
      const narration = page.getByLabel('Narration');
      await narration.click();
      await narration.evaluate((field: HTMLTextAreaElement) => field.setSelectionRange(23, 23));
      await page.getByRole('button', { name: 'Split at the narration cursor' }).click();
      await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);
      await expect
        .poll(async () => (await savedGuide(page, guide.id)).slides.map((s) => [s.narration, s.screenshotKey]))
        .toEqual([
          ['Open the reports page.', first!.screenshotKey],
          ['Then pick last month.', first!.screenshotKey],
          ['Click send.', second!.screenshotKey],
        ]);
      await expect(page.getByLabel('Narration')).toHaveValue('Then pick last month.');
    });

    await test.step('merge step 2 with step 3: words joined, one step fewer', async () => {
      await page.getByRole('button', { name: 'Merge with the next step' }).click();
      await expect(rail.getByRole('button', { name: /^Step \d of 2/ })).toHaveCount(2);
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides.map((s) => s.narration)).toEqual(['Open the reports page.', 'Then pick last month. Click send.']);
      await expect(page.getByLabel('Step 2 text')).toHaveValue('Open **Reports**\nClick **Send**');
    });

    await test.step('the Undo button brings the merged step back', async () => {
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides.map((s) => s.narration)).toEqual(['Open the reports page.', 'Then pick last month.', 'Click send.']);
      await expectNoAxeViolations(page, '.design__panel');
    });
  });

  test('Preview plays the whole guide in the editor with the share player, closes with Escape and gives focus back', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await signUp(page.request, baseURL!, 'Pia Preview');
    const guide = await guideOfSteps(page.request, baseURL!, 'Export a list', [{ text: 'Open **Lists**' }, { text: 'Click **Export**' }]);
    await page.request.patch(`/api/guides/${guide.id}`, { data: { introCard: { title: 'Export in seconds', subtitle: 'Two steps' } }, headers: { origin: baseURL! } });
    await page.goto(`${sharePath(guide)}/design`);
    const open = page.getByRole('button', { name: 'Preview', exact: true });
    await open.click();
    const dialog = page.getByRole('dialog', { name: 'Preview: Export a list' });
    const player = dialog.getByRole('region', { name: /^Guide player/ });
    await expect(player.getByTestId('player-intro').getByRole('heading', { name: 'Export in seconds' })).toBeVisible();
    // It plays by itself: the intro, then each step in turn to the last.
    await expect(player.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(player.getByRole('status')).toHaveText('Step 1 of 2: Open Lists', { timeout: 10_000 });
    await expect(player.getByRole('img', { name: /Screenshot of step 1/ })).toBeVisible();
    await expect(player.getByRole('status')).toHaveText('Step 2 of 2: Click Export', { timeout: 20_000 });
    await expectNoAxeViolations(page, 'dialog');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(open).toBeFocused();
  });
});
