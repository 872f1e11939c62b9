import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { sharePath } from '../../shared/share/link';
import { guideFromFlow, guideOfSteps } from '../support/browser-guides';
import { signUpVerified } from '../support/browser-accounts';
import { captureFlow, type CapturedStep } from '../fixtures/drift-app/flow';
import { startDriftApp, type DriftApp } from '../fixtures/drift-app/server';
import { launchWithExtension, signUpInBrowser } from '../support/capture';
import { axeViolations } from '../support/a11y';

/**
 * "Guide me": a viewer with the Stepcast extension presses Guide me on a shared guide, and the
 * extension opens the app the guide was captured in and walks them through it on the real
 * pages: the current step's element ringed, its words in a popover, the walk moving on as they
 * do each step, across page loads; a step whose element the app renamed shows its screenshot.
 */
// The seeded demo guide (infra/local/seed): captured on the acme-crm sample app, narrated.
const ACME_PATH = '/share/add-a-new-contact-in-acme-crm-DYrbOQi8CofM';
const ACME_APP = path.resolve(import.meta.dirname, '../fixtures/sample-apps/acme-crm');

let app: DriftApp;
test.beforeAll(async () => {
  app = await startDriftApp();
});
test.afterAll(async () => {
  await app?.close();
});

async function publishGuide(request: APIRequestContext, baseURL: string, steps: CapturedStep[]) {
  const guide = await guideFromFlow(request, baseURL, steps);
  expect((await request.patch(`/api/guides/${guide.id}`, { data: { status: 'published', visibility: 'public' }, headers: { origin: baseURL } })).status()).toBe(200);
  return guide;
}

async function openShare(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
}

/** The ring's box holds the element's box. */
async function expectRingAround(page: Page, element: ReturnType<Page['locator']>): Promise<void> {
  const ring = page.locator('stepcast-guide .ring');
  await expect(ring).toBeVisible();
  await expect
    .poll(async () => {
      const [r, e] = [await ring.boundingBox(), await element.boundingBox()];
      return Boolean(r && e && r.x <= e.x && r.y <= e.y && r.x + r.width >= e.x + e.width && r.y + r.height >= e.y + e.height);
    })
    .toBe(true);
}

test('a viewer is walked through a shared guide in the real app, across pages, with the screenshot where the app changed', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  app.change({});
  const steps = await captureFlow(browser, app.origin);
  // Captured before the save button had a test id: its name was all there was to find it by.
  steps[3]!.capture.element = { tag: 'button', role: 'button', name: 'Save contact' };
  const extension = await launchWithExtension(baseURL!);
  try {
    const { context } = extension;
    await signUpInBrowser(context, baseURL!, 'Gina Guide');
    const guide = await publishGuide(context.request, baseURL!, steps);
    // The app ships a new label for its save button.
    app.change({ renamed: true });

    const share = await context.newPage();
    await openShare(share, `${baseURL}${sharePath(guide)}`);
    await expect(share.locator('html')).toHaveAttribute('data-stepcast-extension', /\d/);
    const opened = context.waitForEvent('page', { timeout: 30_000 });
    await share.getByRole('button', { name: 'Guide me' }).click();
    const page = await opened;
    await page.waitForURL(`${app.origin}/`, { timeout: 20_000 });
    await expect(share.getByRole('status').filter({ hasText: 'The app opened in a new tab' })).toBeVisible();

    // Step 1: the link is ringed, the popover says what to do.
    let dialog = page.getByRole('dialog', { name: 'Step 1 of 5 · Add a contact' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Click New contact');
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeDisabled();
    const newContact = page.getByRole('link', { name: 'New contact' });
    await expectRingAround(page, newContact);
    await page.screenshot({ path: test.info().outputPath('step-1.png') });
    expect(await axeViolations(page, (b) => b.include('stepcast-guide'))).toEqual([]);

    // Doing it moves the walk on, on the next page.
    await newContact.click();
    await page.waitForURL(`${app.origin}/contacts/new`, { timeout: 20_000 });
    dialog = page.getByRole('dialog', { name: 'Step 2 of 5 · Add a contact' });
    await expect(dialog).toContainText('Type the name in Name');
    // Back to a step of the last page: the walk says where it is, and stays there.
    await dialog.getByRole('button', { name: 'Back' }).click();
    const back = page.getByRole('dialog', { name: 'Step 1 of 5 · Add a contact' });
    await expect(back).toContainText('This step is on another page');
    await page.waitForTimeout(500);
    await expect(back).toBeVisible();
    await back.getByRole('button', { name: 'Next' }).click();
    await expectRingAround(page, page.getByLabel('Name', { exact: true }));
    await page.getByLabel('Name', { exact: true }).click();
    await page.keyboard.type('Ada Lovelace');
    await page.keyboard.press('Tab');
    dialog = page.getByRole('dialog', { name: 'Step 3 of 5 · Add a contact' });
    await expect(dialog).toContainText('Type the address in Email');
    // Back and Next, from the keyboard.
    await dialog.getByRole('button', { name: 'Back' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Step 2 of 5 · Add a contact' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Next' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await expectRingAround(page, page.getByLabel('Email', { exact: true }));
    await page.getByLabel('Email', { exact: true }).click();
    await page.keyboard.type('ada@example.com');
    await page.keyboard.press('Tab');

    // Step 4's button was renamed: the popover shows the guide's screenshot and a Next button.
    dialog = page.getByRole('dialog', { name: 'Step 4 of 5 · Add a contact' });
    await expect(dialog).toContainText('Click Save contact');
    await expect(dialog).toContainText('not on the page as the guide shows it');
    const screenshot = dialog.getByRole('img', { name: 'Step 4 as the guide shows it' });
    await expect(screenshot).toBeVisible();
    await expect.poll(() => screenshot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1280);
    await expect(page.locator('stepcast-guide .ring')).toBeHidden();
    await page.screenshot({ path: test.info().outputPath('step-4-fallback.png') });
    expect(await axeViolations(page, (b) => b.include('stepcast-guide'))).toEqual([]);
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Step 5 is on another page: the popover links to it, and there the element is ringed.
    dialog = page.getByRole('dialog', { name: 'Step 5 of 5 · Add a contact' });
    await expect(dialog).toContainText('This step is on another page');
    await dialog.getByRole('link', { name: 'go to that page' }).click();
    await page.waitForURL(`${app.origin}/reports`, { timeout: 20_000 });
    await expect(dialog).toBeVisible();
    await expectRingAround(page, page.getByRole('button', { name: 'Export report' }));
    await expect(dialog.getByRole('button', { name: 'Finish' })).toBeVisible();

    // Escape ends the walk: the overlay leaves, and stays gone after a reload.
    await page.keyboard.press('Escape');
    await expect(page.locator('stepcast-guide')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Reports' })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.locator('stepcast-guide')).toHaveCount(0);
  } finally {
    await extension.close();
  }
});

test('a narrated guide plays each step’s voiceover in the popover', async ({ baseURL }) => {
  test.setTimeout(120_000);
  const extension = await launchWithExtension(baseURL!);
  try {
    const { context } = extension;
    // The demo guide was captured on https://acme-crm.example: the sample app answers for it.
    await context.route('https://acme-crm.example/**', async (route) => {
      const file = path.join(ACME_APP, path.basename(new URL(route.request().url()).pathname) || 'index.html');
      const body = await readFile(file).catch(() => null);
      const type = file.endsWith('.js') ? 'text/javascript' : file.endsWith('.css') ? 'text/css' : 'text/html';
      await (body ? route.fulfill({ status: 200, body, contentType: type }) : route.fulfill({ status: 404, body: '' }));
    });
    const share = await context.newPage();
    await openShare(share, `${baseURL}${ACME_PATH}`);
    const opened = context.waitForEvent('page', { timeout: 30_000 });
    await share.getByRole('button', { name: 'Guide me' }).click();
    const page = await opened;
    await page.waitForURL('https://acme-crm.example/index.html', { timeout: 20_000 });
    const dialog = page.getByRole('dialog', { name: /^Step 1 of 7 · / });
    await expect(dialog).toContainText('Click New contact');
    await expectRingAround(page, page.getByRole('link', { name: 'New contact' }));
    const narration = dialog.getByLabel('Narration of step 1');
    await expect(narration).toHaveAttribute('src', new RegExp(`^${baseURL}/assets/`));
    // The demo app's page is https and the local stack http, so Chromium keeps the page from
    // loading it (mixed content; a deployed Stepcast is https): the voiceover is fetched here.
    const voice = await context.request.get((await narration.getAttribute('src'))!);
    expect(voice.status()).toBe(200);
    expect(voice.headers()['content-type']).toMatch(/^audio\//);
  } finally {
    await extension.close();
  }
});

test('without the extension, Guide me explains how to get it', async ({ page }) => {
  await openShare(page, ACME_PATH);
  await page.getByRole('button', { name: 'Guide me' }).click();
  const dialog = page.getByRole('dialog', { name: 'Guide me needs the Stepcast extension' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: /Add the Stepcast extension to Chrome/ })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: 'Guide me' })).toBeFocused();
});

test('a guide made from uploaded pictures offers no Guide me: there is no app to walk through', async ({ page, baseURL }) => {
  await signUpVerified(page.request, baseURL!, { name: 'Pia Pictures', email: `pictures-${Date.now().toString(36)}@example.com`, password: 'correct horse battery' });
  const guide = await guideOfSteps(page.request, baseURL!, 'Our office tour', ['The front desk', 'The kitchen']);
  expect((await page.request.patch(`/api/guides/${guide.id}`, { data: { status: 'published', visibility: 'public' }, headers: { origin: baseURL! } })).status()).toBe(200);
  await openShare(page, sharePath(guide));
  await expect(page.getByRole('heading', { name: 'Our office tour' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Guide me' })).toHaveCount(0);
  // A captured guide (the seeded one) still offers it.
  await openShare(page, ACME_PATH);
  await expect(page.getByRole('button', { name: 'Guide me' })).toBeVisible();
});
