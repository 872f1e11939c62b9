import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { sharePath } from '../../shared/share/link';
import { axeViolations } from '../support/a11y';
import { signUpVerified } from '../support/browser-accounts';
import { becomePro, guideOfSteps, publishThroughApi } from '../support/browser-guides';

// Watch, read or try (issue 32), on the seeded demo guide (infra/local/seed): published, public,
// seven captured steps, the second to fourth typed into fields.
const ACME_PATH = '/share/add-a-new-contact-in-acme-crm-DYrbOQi8CofM';
const manifest: { steps: Array<{ text: string; narration: string }> } = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../infra/local/seed/guides/acme-crm/manifest.json'), 'utf8'),
);
/** The step texts as read: the `**bold**` markers are formatting, not words. */
const ACME_STEPS = manifest.steps.map((step) => step.text.replaceAll('**', ''));

/** A person's Chrome: headless Chromium's own user agent is counted as a bot and never as a viewer. */
const VIEWER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

const viewSwitch = (page: Page) => page.getByRole('navigation', { name: 'How to follow this guide' });
const readStep = (page: Page, n: number) => page.locator(`#step-${n}`);
/** The try view's live region. */
const tryStatus = (page: Page) => page.locator('.guide-try').getByRole('status');
const tryHeading = (page: Page) => page.locator('#guide-try-step');
const target = (page: Page) => page.getByRole('button', { name: /^Click the highlighted spot/ });

test.describe('the read view', () => {
  test('reads without JavaScript: every step as a document, each addressable, searchable text, printable', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${ACME_PATH}?view=read`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add a new contact in Acme CRM' })).toBeVisible();
    const steps = page.locator('.guide-doc > li');
    await expect(steps).toHaveCount(ACME_STEPS.length);
    for (const [i, text] of ACME_STEPS.entries()) {
      const step = readStep(page, i + 1);
      await expect(step.getByRole('heading', { level: 2 })).toHaveText(`${i + 1}Step ${i + 1}: ${text}`);
      await expect(step.getByRole('img', { name: `Screenshot of step ${i + 1}: ${text}` })).toHaveAttribute('loading', i === 0 ? 'eager' : 'lazy');
      // The narration is the step's body text: the browser's find finds it.
      await expect(step.getByText(manifest.steps[i]!.narration, { exact: true })).toBeVisible();
    }
    // `#step-5` lands on the fifth step.
    await page.goto(`${ACME_PATH}?view=read#step-5`);
    await expect(readStep(page, 5).getByRole('heading', { level: 2 })).toBeInViewport();
    await expect(readStep(page, 1).getByRole('heading', { level: 2 })).not.toBeInViewport();

    // The switch is links: from the player at step 6, Read opens the document at step 6, still without script.
    await page.goto(`${ACME_PATH}?step=6`);
    await viewSwitch(page).getByRole('link', { name: 'Read' }).click();
    await expect(page).toHaveURL(/view=read.*#step-6$/);
    await expect(readStep(page, 6).getByRole('heading', { level: 2 })).toBeInViewport();

    // Printed: the site's bar and the view switch go, the steps stay.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('.share-header')).toBeHidden();
    await expect(viewSwitch(page)).toBeHidden();
    await expect(readStep(page, 1)).toBeVisible();
    expect(await readStep(page, 3).evaluate((step) => getComputedStyle(step).breakInside)).toBe('avoid');
    await context.close();
  });

  test('the app takes over the document the edge served without moving it', async ({ browser, baseURL }) => {
    const layoutOf = (page: Page) =>
      page.locator('.guide-doc > li').evaluateAll((steps) =>
        steps.map((step) => {
          const heading = step.querySelector('h2')!.getBoundingClientRect();
          const image = step.querySelector('img')?.getBoundingClientRect();
          return { heading: [heading.x, heading.y, heading.width, heading.height], image: image ? [image.x, image.y, image.width, image.height] : null };
        }),
      );
    const viewport = { width: 1280, height: 800 };
    const withoutScript = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
    const withScript = await browser.newContext({ baseURL, viewport });
    try {
      const frame = await withoutScript.newPage();
      await frame.goto(`${ACME_PATH}?view=read`);
      await expect(frame.locator('#root')).toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
      const before = await layoutOf(frame);
      expect(before).toHaveLength(ACME_STEPS.length);
      const app = await withScript.newPage();
      await app.goto(`${ACME_PATH}?view=read`);
      await waitForApp(app);
      expect(await layoutOf(app)).toEqual(before);
    } finally {
      await withoutScript.close();
      await withScript.close();
    }
  });

  test('with JavaScript the app keeps the document it was served, opens at ?step= and keeps ?step= on the step being read', async ({ page }) => {
    await page.goto(`${ACME_PATH}?view=read&step=4`);
    await waitForApp(page);
    await expect(page.locator('.guide-doc > li')).toHaveCount(ACME_STEPS.length);
    await expect(readStep(page, 4).getByRole('heading', { level: 2 })).toBeInViewport();
    await page.evaluate(() => document.getElementById('step-6')!.scrollIntoView({ block: 'start' }));
    await expect(page).toHaveURL(/[?&]step=6\b/);
    await expect(viewSwitch(page).getByRole('link', { name: 'Read' })).toHaveAttribute('aria-current', 'page');
    await expectNoAxeViolations(page);
  });
});

test.describe('the view switch', () => {
  test('keeps the step from watch to read and back, and the choice holds for the next guide opened without ?view', async ({ page }) => {
    await page.goto(`${ACME_PATH}?step=3`);
    await waitForApp(page);
    const player = page.getByRole('region', { name: /^Guide player/ });
    await expect(player.getByRole('status')).toHaveText(`Step 3 of ${ACME_STEPS.length}: ${ACME_STEPS[2]}`);
    await expect(viewSwitch(page).getByRole('link', { name: 'Watch' })).toHaveAttribute('aria-current', 'page');

    await viewSwitch(page).getByRole('link', { name: 'Read' }).click();
    await expect(page).toHaveURL(/view=read/);
    await expect(page).toHaveURL(/step=3/);
    await expect(readStep(page, 3).getByRole('heading', { level: 2 })).toBeInViewport();
    await expect(viewSwitch(page).getByRole('link', { name: 'Read' })).toHaveAttribute('aria-current', 'page');

    // Further down the document, then back to the player: it opens at the step being read.
    await page.evaluate(() => document.getElementById('step-5')!.scrollIntoView({ block: 'start' }));
    await expect(page).toHaveURL(/step=5/);
    await viewSwitch(page).getByRole('link', { name: 'Watch' }).focus();
    await page.keyboard.press('Enter');
    await expect(player.getByRole('status')).toHaveText(`Step 5 of ${ACME_STEPS.length}: ${ACME_STEPS[4]}`);

    // Read again, then a guide opened without ?view opens as the viewer last chose.
    await viewSwitch(page).getByRole('link', { name: 'Read' }).click();
    await expect(readStep(page, 1)).toBeVisible();
    await page.goto(ACME_PATH);
    await waitForApp(page);
    await expect(page.locator('.guide-doc > li')).toHaveCount(ACME_STEPS.length);
    await expect(viewSwitch(page).getByRole('link', { name: 'Read' })).toHaveAttribute('aria-current', 'page');
  });
});

test.describe('in the language the guide is shown in', () => {
  test('the switch and the try view speak Spanish on the Spanish translation', async ({ page }) => {
    await page.goto(`${ACME_PATH}?view=try&lang=es`);
    await waitForApp(page);
    const views = page.getByRole('navigation', { name: 'Cómo seguir esta guía' });
    await expect(views.getByRole('link', { name: 'Probar' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('button', { name: 'Omitir' })).toBeVisible();
    await page.locator('.guide-try__stage').click({ position: { x: 10, y: 10 } });
    await expect(tryStatus(page)).toHaveText('Casi: haz clic en el anillo que parpadea.');
  });
});

test.describe('the try view', () => {
  test('the right click moves on, a wrong one hints where to click, typing steps take any text, and Skip or Enter always moves on to the end', async ({ page }) => {
    await page.goto(`${ACME_PATH}?view=try`);
    await waitForApp(page);
    await expect(tryHeading(page)).toHaveText(ACME_STEPS[0]!);
    await expect(page.getByText(`Step 1 of ${ACME_STEPS.length}`)).toBeVisible();

    // A click far from the target: a gentle hint, the target pulses, nothing moves on.
    const stage = page.locator('.guide-try__stage');
    await stage.click({ position: { x: 10, y: 10 } });
    await expect(tryStatus(page)).toHaveText('Not quite: click the pulsing ring.');
    await expect(target(page)).toHaveAttribute('data-pulse', /odd|even/);
    await expect(tryHeading(page)).toHaveText(ACME_STEPS[0]!);
    await expectNoAxeViolations(page);

    // The highlighted target: the next step, a typing one, whose field takes the focus.
    await target(page).click();
    await expect(tryHeading(page)).toHaveText(ACME_STEPS[1]!);
    const field = page.getByRole('textbox', { name: 'Your text for this step' });
    await expect(field).toBeFocused();
    await field.fill('Jordan Ellis');
    await field.press('Enter');
    await expect(tryHeading(page)).toHaveText(ACME_STEPS[2]!);
    await expect(page).toHaveURL(/step=3/);

    // The keyboard alone: Skip, pressed with Enter, to the end.
    const skip = page.getByRole('button', { name: 'Skip' });
    await skip.focus();
    for (let step = 3; step <= ACME_STEPS.length; step++) {
      await expect(tryHeading(page)).toHaveText(ACME_STEPS[step - 1]!);
      // A typing step's field has the focus: Tab back to Skip.
      if (!(await skip.evaluate((button) => button === document.activeElement))) await skip.focus();
      await page.keyboard.press('Enter');
    }
    const done = page.getByRole('heading', { level: 2, name: 'You did it!' });
    await expect(done).toBeVisible();
    await expect(done).toBeFocused();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(tryHeading(page)).toHaveText(ACME_STEPS[0]!);
    // Nothing focused (the focus left on the page itself): Enter still moves on.
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Enter');
    await expect(tryHeading(page)).toHaveText(ACME_STEPS[1]!);
  });

  test('narration plays only when the viewer turns it on', async ({ page }) => {
    await page.goto(`${ACME_PATH}?view=try`);
    await waitForApp(page);
    await expect(page.getByText(manifest.steps[0]!.narration)).toHaveCount(0);
    const toggle = page.getByRole('button', { name: /^Narration/ });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(manifest.steps[0]!.narration)).toBeVisible();
  });

  test('its author sees who tried the guide and who did every step, apart from views', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await signUpVerified(page.request, baseURL!, { name: 'Tia Try', email: `tia-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'correct horse battery' });
    await becomePro(page.request, baseURL!);
    const guide = await guideOfSteps(page.request, baseURL!, 'Try an invoice', ['Open **Settings**', 'Click **Billing**', 'Click **Download**']);
    await publishThroughApi(page.request, baseURL!, guide.id);

    const viewer = await browser.newContext({ baseURL, userAgent: VIEWER_USER_AGENT });
    const viewerPage = await viewer.newPage();
    const sent: string[] = [];
    viewerPage.on('request', (request) => {
      if (request.url().endsWith('/api/events') && request.method() === 'POST') sent.push(request.postData() ?? '');
    });
    await viewerPage.goto(`${sharePath(guide)}?view=try`);
    await waitForApp(viewerPage);
    for (const step of [1, 2, 3]) {
      await expect(viewerPage.getByText(`Step ${step} of 3`)).toBeVisible();
      await target(viewerPage).click();
    }
    await expect(viewerPage.getByRole('heading', { name: 'You did it!' })).toBeVisible();
    await expect.poll(() => sent.some((body) => body.includes('"try-complete"')), { timeout: 10_000 }).toBe(true);
    await viewer.close();

    await page.goto(`/dashboard/analytics/${guide.id}`);
    const total = (label: string) => page.getByRole('list', { name: 'Totals' }).getByRole('listitem').filter({ has: page.getByText(label, { exact: true }) });
    await expect(async () => {
      await page.reload();
      await expect(total('Tried')).toContainText('1', { timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(total('Completed by trying')).toContainText('1');
    await expect(total('Views')).toContainText('1');
  });
});

test.describe('the author', () => {
  test('lets search engines index a public guide from its settings', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signUpVerified(page.request, baseURL!, { name: 'Ivo Index', email: `ivo-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'correct horse battery' });
    const guide = await guideOfSteps(page.request, baseURL!, 'Index this', ['Open **Settings**', 'Click **Save**']);
    await publishThroughApi(page.request, baseURL!, guide.id);
    const noindex = async () => (await (await page.request.get(`${sharePath(guide)}?view=read`)).text()).includes('<meta name="robots" content="noindex">');
    expect(await noindex()).toBe(true);

    await page.goto(`${sharePath(guide)}/design`);
    const setting = page.getByRole('checkbox', { name: 'Let search engines index this guide' });
    await expect(setting).not.toBeChecked();
    await setting.check();
    await expect.poll(noindex, { timeout: 10_000 }).toBe(false);
    await setting.uncheck();
    await expect.poll(noindex, { timeout: 10_000 }).toBe(true);
  });
});

test.describe('the embed', () => {
  for (const view of ['read', 'try'] as const) {
    test(`shows the ${view} view from its own chunk when its link asks for it`, async ({ page }) => {
      const chunks: string[] = [];
      page.on('request', (request) => chunks.push(new URL(request.url()).pathname));
      await page.goto(`${ACME_PATH}/embed?view=${view}`);
      if (view === 'read') await expect(page.locator('.guide-doc > li')).toHaveCount(ACME_STEPS.length);
      else await expect(tryHeading(page)).toHaveText(ACME_STEPS[0]!);
      expect(chunks.some((chunk) => /\/static\/embed\/embed-views-[\w-]+\.js$/.test(chunk))).toBe(true);
      // The organisation's brand reaches it as it does the player's embed: the badge (the demo's brand shows it).
      await expect(page.getByRole('link', { name: /^Made with Stepcast/ })).toHaveAttribute('target', '_blank');
      await expectNoAxeViolations(page);
    });
  }

  test('the watch embed loads neither view', async ({ page }) => {
    const chunks: string[] = [];
    page.on('request', (request) => chunks.push(new URL(request.url()).pathname));
    await page.goto(`${ACME_PATH}/embed`);
    await waitForApp(page);
    await expect(page.getByRole('region', { name: /^Guide player/ })).toBeVisible();
    expect(chunks.filter((chunk) => /embed-views|guide-try/.test(chunk))).toEqual([]);
  });

  test('the Embed dialog offers watch, read and try with a preview, and the snippet carries the choice', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signUpVerified(page.request, baseURL!, { name: 'Emi Embed', email: `emi-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`, password: 'correct horse battery' });
    await becomePro(page.request, baseURL!);
    const guide = await guideOfSteps(page.request, baseURL!, 'Embed this', ['Open **Settings**', 'Click **Save**']);
    await publishThroughApi(page.request, baseURL!, guide.id);
    await page.goto(`${sharePath(guide)}/design`);
    await page.getByRole('button', { name: 'Embed', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Embed guide' });
    const code = dialog.getByRole('textbox', { name: 'Embed code' });
    const preview = page.frameLocator('iframe[title="Preview: Embed this"]');
    await expect(dialog.getByRole('radio', { name: /^Watch/ })).toBeChecked();
    await expect(code).toHaveValue(/\/embed"/);
    await dialog.getByRole('radio', { name: /^Read/ }).check();
    await expect(code).toHaveValue(/\/embed\?view=read"/);
    await expect(preview.locator('.guide-doc > li')).toHaveCount(2);
    await dialog.getByRole('radio', { name: /^Try/ }).check();
    await expect(code).toHaveValue(/\/embed\?view=try"/);
    await expect(preview.locator('#guide-try-step')).toHaveText('Open Settings');
    await expectNoAxeViolations(page);
  });
});
