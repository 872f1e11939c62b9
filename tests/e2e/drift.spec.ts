import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { REDACTION_FILL } from '../../shared/redaction';
import { designPath } from '../../shared/share/link';
import { signUpVerified } from '../support/browser-accounts';
import { guideFromFlow } from '../support/browser-guides';
import { captureFlow } from '../fixtures/drift-app/flow';
import { SESSION_COOKIE, startDriftApp, type DriftApp } from '../fixtures/drift-app/server';
import { launchWithExtension, openPopup, signUpInBrowser } from '../support/capture';
import { axeViolations } from '../support/a11y';

let app: DriftApp;
test.beforeAll(async () => {
  // The port the stack lists in DRIFT_ALLOWED_HOSTS (playwright.config.ts): checks reach no other loopback address.
  app = await startDriftApp({ port: Number(process.env.E2E_DRIFT_APP_PORT) });
});
test.afterAll(async () => {
  await app?.close();
});

test('an author checks a guide against the changed app, updates the drifted step in one click, and its card shows the health', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signUpVerified(page.request, baseURL!, { name: 'Dana Drift', email: `drift-${Date.now().toString(36)}@example.com`, password: 'correct horse battery' });
  app.change({});
  const guide = await guideFromFlow(page.request, baseURL!, await captureFlow(browser, app.origin));

  // The app ships a new label for its save button.
  app.change({ renamed: true });
  await page.goto(designPath(guide));
  const panel = page.getByRole('region', { name: 'App changes' });
  await panel.getByRole('button', { name: 'Check against the live app' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check finished: Drifted.' })).toBeAttached({ timeout: 60_000 });

  const steps = panel.getByRole('list', { name: 'Steps in the app now' }).getByRole('listitem');
  await expect(steps).toHaveCount(5);
  await expect(steps.nth(3)).toContainText('Moved');
  await expect(steps.nth(3)).toContainText('Not found by its button “Save contact”; found by its test id “save-contact”.');
  await expect(steps.nth(3).getByRole('img', { name: 'Step 4 in the app now' })).toBeVisible();
  await expect(steps.nth(0)).toContainText('Found');
  await expect(steps.nth(0).getByRole('button', { name: /Use this screenshot/ })).toHaveCount(0);
  expect(await axeViolations(page, (b) => b.include('.design__panel'))).toEqual([]);

  const before = await (await page.request.get(`/api/guides/${guide.id}`)).json();
  await steps.nth(3).getByRole('button', { name: 'Use this screenshot for step 4' }).click();
  // The update lands in the draft: the panel says so, and the header shows it is not published yet.
  await expect(steps.nth(3)).toContainText('Your draft shows this screenshot now. Publish changes to show it to viewers.');
  const after = await (await page.request.get(`/api/guides/${guide.id}`)).json();
  expect(after.slides[3].screenshotKey).not.toBe(before.slides[3].screenshotKey);
  expect(after.slides[3].screenshotKey).toContain('/checks/');
  // The fresh screenshot shows the e-mail field covered, as capture would have covered it.
  const form = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await form.goto(`${app.origin}/contacts/new`);
  const email = (await form.locator('#email').boundingBox())!;
  await form.close();
  const shot = await (await page.request.get(after.slides[3].screenshotUrl)).body();
  const { data, info } = await sharp(shot).extract({ left: Math.round(email.x + email.width / 2), top: Math.round(email.y + email.height / 2), width: 1, height: 1 }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(3);
  expect([...data]).toEqual([REDACTION_FILL.r, REDACTION_FILL.g, REDACTION_FILL.b]);

  // Daily checks from now on.
  await panel.getByLabel('Check automatically').selectOption('daily');
  await expect.poll(async () => (await (await page.request.get(`/api/guides/health?ids=${guide.id}`)).json()).items[0].schedule).toBe('daily');

  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: 'Add a contact' });
  await expect(card.getByText('Drifted')).toBeVisible();
});

test('a step on an address checks may not reach (the local inbox) is shown as not reached, and the steps after it are still checked', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signUpVerified(page.request, baseURL!, { name: 'Rex Refused', email: `refused-${Date.now().toString(36)}@example.com`, password: 'correct horse battery' });
  app.change({});
  const steps = await captureFlow(browser, app.origin);
  // A guide that starts on the machine's own mail inbox, which holds other people's sign-in links.
  const inbox = `http://127.0.0.1:${process.env.E2E_MAIL_WEB_PORT ?? '3180'}/`;
  const guide = await guideFromFlow(page.request, baseURL!, [{ ...steps[0]!, text: 'Open the inbox', narration: 'Open the inbox', capture: { action: 'navigate', page: { title: 'Inbox', url: inbox, viewportWidth: 1280 } } }, ...steps]);

  await page.goto(designPath(guide));
  const panel = page.getByRole('region', { name: 'App changes' });
  await panel.getByRole('button', { name: 'Check against the live app' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Check finished: Broken.' })).toBeAttached({ timeout: 60_000 });
  const found = panel.getByRole('list', { name: 'Steps in the app now' }).getByRole('listitem');
  await expect(found).toHaveCount(6);
  await expect(found.nth(0)).toContainText('Not reached');
  await expect(found.nth(0)).toContainText('The page is on a private or local network address, which checks may not reach: it was not loaded.');
  await expect(found.nth(0).getByRole('img')).toHaveCount(0);
  for (let i = 1; i < 6; i++) await expect(found.nth(i)).toContainText('Found');
  expect(await axeViolations(page, (b) => b.include('.design__panel'))).toEqual([]);
});

test('the extension saves the sign-in of the site in front, and checks of a guide behind it see it signed in', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  app.change({});
  const steps = await captureFlow(browser, app.origin);
  const extension = await launchWithExtension(baseURL!);
  try {
    const { context } = extension;
    await signUpInBrowser(context, baseURL!, 'Sam Signin');
    const guide = await guideFromFlow(context.request, baseURL!, steps);

    // The app now needs a sign-in, and the author is signed in to it in this browser.
    app.change({ signIn: true });
    await context.addCookies([{ ...SESSION_COOKIE, url: app.origin, httpOnly: true }, { name: 'elsewhere', value: 'not-this-site', url: 'http://example.com' }]);
    const page = await context.newPage();
    await page.goto(`${app.origin}/`);
    await expect(page.getByRole('heading', { name: 'All contacts' })).toBeVisible();

    const popup = await openPopup(extension);
    await expect(popup.getByText('Signed in as')).toBeVisible();
    await popup.getByText('App behind a sign-in?').click();
    await popup.getByRole('button', { name: 'Save sign-in for checks' }).click();
    await expect(popup.getByRole('status')).toHaveText(`Sign-in saved for checks of ${app.origin} (1 cookie), kept 30 days.`);

    const saved = await (await context.request.get('/api/site-sessions')).json();
    expect(saved.items).toEqual([expect.objectContaining({ origin: app.origin, cookieCount: 1 })]);
    expect(JSON.stringify(saved)).not.toContain(SESSION_COOKIE.value);

    const started = await context.request.post(`/api/guides/${guide.id}/checks`, { data: {}, headers: { origin: baseURL! } });
    expect(started.status()).toBe(202);
    await expect
      .poll(async () => (await (await context.request.get(`/api/guides/${guide.id}/checks/latest`)).json()).check?.health, { timeout: 60_000 })
      .toBe('fresh');
  } finally {
    await extension.close();
  }
});
