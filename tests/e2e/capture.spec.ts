import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { writeFile } from 'node:fs/promises';
import sharp from 'sharp';
import { REDACTION_FILL } from '../../shared/redaction';
import { axeViolations } from '../support/a11y';
import {
  guideIdOfDesignUrl,
  isDesignPage,
  launchWithExtension,
  openPopup,
  recordingState,
  serveSampleApp,
  signUpInBrowser,
  VIEWPORT,
  waitForSteps,
  type ExtensionBrowser,
  type SampleApp,
} from '../support/capture';

/**
 * The capture journey: the extension, loaded unpacked in Debian Chromium, records a
 * flow on a sample app served from another port, and the guide it uploads is checked through
 * the API: slides in order, step text, screenshot sizes, click points, and solid redaction.
 */
interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface SlideJson {
  order: number;
  text: string;
  narration: string;
  screenshotKey: string;
  screenshotUrl: string;
  width: number;
  height: number;
  click: { x: number; y: number } | null;
  redactionSuggestions?: Array<{ x: number; y: number; width: number; height: number }>;
}

let app: SampleApp;
const appOrigin = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  app = await serveSampleApp('signup-demo');
});

test.afterAll(async () => {
  await app?.close();
});

async function boxOf(page: Page, locator: ReturnType<Page['locator']>): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('element has no box');
  return box;
}

/** Like an author: act, see the step counted, and look at the page for a moment. */
async function act(browser: ExtensionBrowser, page: Page, expected: number, action: () => Promise<void>): Promise<void> {
  await action();
  await waitForSteps(browser, expected);
  await page.waitForTimeout(700);
}

async function startCapture(browser: ExtensionBrowser, page: Page): Promise<Page> {
  const popup = await openPopup(browser);
  await expect(popup.getByText('Signed in as')).toBeVisible();
  await popup.getByRole('button', { name: 'Start capture' }).click();
  await expect.poll(async () => (await recordingState(browser))?.stepCount).toBe(0);
  await expect(page.locator('stepcast-recorder')).toHaveCount(1);
  return popup;
}

async function stopAndOpenGuide(browser: ExtensionBrowser, popup: Page): Promise<{ id: string; page: Page }> {
  const opened = browser.context.waitForEvent('page', { timeout: 30_000 });
  await popup.getByRole('button', { name: 'Stop and create guide' }).click();
  const guidePage = await opened;
  await guidePage.waitForURL((url) => guideIdOfDesignUrl(url.href) !== undefined, { timeout: 30_000 });
  return { id: guideIdOfDesignUrl(guidePage.url())!, page: guidePage };
}

async function slidesOf(request: APIRequestContext, id: string): Promise<SlideJson[]> {
  const response = await request.get(`${appOrigin()}/api/guides/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { slides: SlideJson[] }).slides;
}

/**
 * How much a region's brightness varies (its standard deviation, 0–255): sharp text on a plain
 * background varies a lot, the same text blurred past reading hardly at all. `box` in CSS pixels
 * of the page, `null` for the whole image.
 */
async function contrast(png: Buffer, box: Box | null, scale: number): Promise<number> {
  // stats() reads the input, not the pipeline: the region is cut out first.
  const region = box
    ? await sharp(png)
        .extract({ left: Math.round(box.x * scale), top: Math.round(box.y * scale), width: Math.max(1, Math.round(box.width * scale)), height: Math.max(1, Math.round(box.height * scale)) })
        .png()
        .toBuffer()
    : png;
  const stats = await sharp(region).greyscale().stats();
  return stats.channels[0]!.stdev;
}

/** How many pixels of the box (inset by 2 px against anti-aliased edges) are not the redaction fill. */
async function notFilled(png: Buffer, box: Box, scale: number): Promise<{ wrong: number; of: number }> {
  const region = {
    left: Math.ceil(box.x * scale) + 2,
    top: Math.ceil(box.y * scale) + 2,
    width: Math.floor(box.width * scale) - 4,
    height: Math.floor(box.height * scale) - 4,
  };
  const { data, info } = await sharp(png).extract(region).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let wrong = 0;
  for (let i = 0; i < info.width * info.height; i++) {
    if (data[i * 3] !== REDACTION_FILL.r || data[i * 3 + 1] !== REDACTION_FILL.g || data[i * 3 + 2] !== REDACTION_FILL.b) wrong++;
  }
  return { wrong, of: info.width * info.height };
}

/** Every pixel of the box (inset by 2 px against anti-aliased edges) is the redaction fill. */
async function expectSolidFill(png: Buffer, box: Box, scale: number): Promise<void> {
  const { wrong, of } = await notFilled(png, box, scale);
  expect(wrong, `${wrong} of ${of} pixels are not the fill`).toBe(0);
}

test.describe('capturing a flow with the extension', () => {
  test.setTimeout(120_000);

  test('eight actions on another site become a guide with redacted screenshots, in order', async () => {
    const testInfo = test.info();
    const browser = await launchWithExtension(appOrigin());
    try {
      await signUpInBrowser(browser.context, appOrigin(), 'Alex Author');
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await page.goto(app.url('index.html'));

      const popup = await openPopup(browser);
      await expect(popup.getByText('Signed in as')).toBeVisible();
      await expect(popup.getByText('Alex Author', { exact: true })).toBeVisible();
      await expect(popup.getByLabel('Save to')).toBeVisible();
      await popup.screenshot({ path: testInfo.outputPath('popup-ready.png') });
      await popup.getByRole('button', { name: 'Start capture' }).click();
      await expect.poll(async () => (await recordingState(browser))?.stepCount).toBe(0);
      await expect(page.locator('stepcast-recorder')).toHaveCount(1);

      const boxes: Box[] = [];
      const typed = ['Alex Morgan', 'alex.morgan@halden-roos.example', 'Lantern-Harbor-Quartz-58'];
      const fullName = page.getByLabel('Full name', { exact: true });
      const email = page.getByLabel('Work email', { exact: true });
      const password = page.getByLabel('Password', { exact: true });
      const country = page.getByLabel('Country', { exact: true });
      const remember = page.getByText('Remember me', { exact: true });
      const create = page.getByRole('button', { name: 'Create account' });

      boxes.push(await boxOf(page, fullName));
      await act(browser, page, 1, async () => {
        await fullName.click();
        await page.keyboard.type(typed[0]!);
      });
      boxes.push(await boxOf(page, email));
      await act(browser, page, 2, async () => {
        await email.click();
        await page.keyboard.type(typed[1]!);
      });
      boxes.push(await boxOf(page, password));
      await act(browser, page, 3, async () => {
        await password.click();
        await page.keyboard.type(typed[2]!);
      });
      boxes.push(await boxOf(page, country));
      await act(browser, page, 4, async () => {
        // Typing a letter on a focused list chooses the first option starting with it.
        await country.focus();
        await page.keyboard.press('G');
      });
      await expect(country).toHaveValue('Germany');
      // Clicking the label: the click forwarded to the checkbox is the same action.
      boxes.push(await boxOf(page, remember));
      await act(browser, page, 5, () => remember.click());
      await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
      const filled = { email: await boxOf(page, email), password: await boxOf(page, password) };
      boxes.push(await boxOf(page, create));
      await act(browser, page, 6, () => create.click());
      await page.screenshot({ path: testInfo.outputPath('page-with-control.png') });
      const settingsLink = page.getByRole('status').getByRole('link', { name: 'Account settings' });
      boxes.push(await boxOf(page, settingsLink));
      await act(browser, page, 7, async () => {
        await settingsLink.click();
        await page.waitForURL(/settings\.html$/);
      });
      const save = page.getByRole('button', { name: 'Save changes' });
      const settingsSecrets = { email: await boxOf(page, page.getByLabel('Email', { exact: true })), apiKey: await boxOf(page, page.locator('[data-redact]')) };
      boxes.push(await boxOf(page, save));
      await act(browser, page, 8, () => save.click());
      await expect(page.getByText('Changes saved')).toBeVisible();

      await expect(popup.locator('#step-count')).toContainText('8');
      await popup.screenshot({ path: testInfo.outputPath('popup-recording.png') });
      const started = Date.now();
      const guide = await stopAndOpenGuide(browser, popup);
      testInfo.annotations.push({ type: 'stop-to-guide-ms', description: String(Date.now() - started) });
      expect(isDesignPage(guide.page)).toBe(true);

      const slides = await slidesOf(browser.context.request, guide.id);
      expect(slides.map((s) => s.text)).toEqual([
        'Type in **Full name**',
        'Type in **Work email**',
        'Type in **Password**',
        'Select **Germany** in **Country**',
        'Check **Remember me**',
        'Click **Create account**',
        'Open **Account settings**',
        'Click **Save changes**',
      ]);
      expect(slides.map((s) => s.order)).toEqual([...slides.map((s) => s.order)].sort((a, b) => a - b));
      expect(new Set(slides.map((s) => s.screenshotKey)).size).toBe(8);
      for (const slide of slides) {
        for (const value of typed) {
          expect(slide.text).not.toContain(value);
          expect(slide.narration).not.toContain(value);
        }
        expect(slide.narration).not.toMatch(/\*/);
      }

      const scale = slides[0]!.width / VIEWPORT.width;
      for (const [i, slide] of slides.entries()) {
        expect([slide.width, slide.height], `slide ${i + 1} size`).toEqual([Math.round(VIEWPORT.width * scale), Math.round(VIEWPORT.height * scale)]);
        const box = boxes[i]!;
        expect(slide.click, `slide ${i + 1} click`).not.toBeNull();
        expect(slide.click!.x, `slide ${i + 1} click x`).toBeGreaterThanOrEqual(Math.floor(box.x * scale));
        expect(slide.click!.x).toBeLessThanOrEqual(Math.ceil((box.x + box.width) * scale));
        expect(slide.click!.y, `slide ${i + 1} click y`).toBeGreaterThanOrEqual(Math.floor(box.y * scale));
        expect(slide.click!.y).toBeLessThanOrEqual(Math.ceil((box.y + box.height) * scale));
      }

      // Where a value was typed, the design view is offered the field's box to redact (a select or a click offers none).
      for (const [i, slide] of slides.entries()) {
        const box = boxes[i]!;
        if (i > 2) {
          expect(slide.redactionSuggestions, `slide ${i + 1} suggestions`).toEqual([]);
          continue;
        }
        expect(slide.redactionSuggestions, `slide ${i + 1} suggestions`).toHaveLength(1);
        const suggested = slide.redactionSuggestions![0]!;
        expect(suggested.x).toBeLessThanOrEqual(Math.floor(box.x * scale) + 1);
        expect(suggested.y).toBeLessThanOrEqual(Math.floor(box.y * scale) + 1);
        expect(suggested.x + suggested.width).toBeGreaterThanOrEqual(Math.ceil((box.x + box.width) * scale) - 1);
        expect(suggested.y + suggested.height).toBeGreaterThanOrEqual(Math.ceil((box.y + box.height) * scale) - 1);
      }

      // "Click Create account": the email and password fields are filled in the frame, and covered.
      const beforeCreate = Buffer.from(await (await browser.context.request.get(`${appOrigin()}${slides[5]!.screenshotUrl}`)).body());
      await testInfo.attach('slide-6.png', { body: beforeCreate, contentType: 'image/png' });
      await expectSolidFill(beforeCreate, filled.email, scale);
      await expectSolidFill(beforeCreate, filled.password, scale);
      // On the settings page, the profile email and the data-redact API key are covered too.
      const settings = Buffer.from(await (await browser.context.request.get(`${appOrigin()}${slides[7]!.screenshotUrl}`)).body());
      await expectSolidFill(settings, settingsSecrets.email, scale);
      await expectSolidFill(settings, settingsSecrets.apiKey, scale);

      // Nothing is left to upload, and the recorder is gone from the page.
      await expect(popup.getByRole('heading', { name: 'Not yet in Stepcast' })).toBeHidden();
      await expect(page.locator('stepcast-recorder')).toHaveCount(0);
    } finally {
      await browser.close();
    }
  });

  test('a name typed on step 1 is found and blurred, before upload, in the screenshots of the later steps that show it; nothing else is', async () => {
    const testInfo = test.info();
    const browser = await launchWithExtension(appOrigin());
    try {
      await signUpInBrowser(browser.context, appOrigin(), 'Bea Blur');
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await page.goto(app.url('index.html'));
      const popup = await openPopup(browser);
      await expect(popup.getByText('Signed in as')).toBeVisible();
      // The popup says what is and is not recorded, for this account's setting (on for a new account).
      await expect(popup.getByText('What you type is never recorded or sent.', { exact: false })).toBeAttached();
      await expect(popup.getByText(/wherever a later screenshot shows them, .* are blurred before upload/).first()).toBeVisible();
      await popup.getByRole('button', { name: 'Start capture' }).click();
      await expect.poll(async () => (await recordingState(browser))?.stepCount).toBe(0);
      await expect(popup.getByText(/What you type is never recorded; where a later screenshot shows it, it is blurred before upload/)).toBeVisible();

      const name = 'Rosalind Quennell';
      const fullName = page.getByLabel('Full name', { exact: true });
      await act(browser, page, 1, async () => {
        await fullName.click();
        await page.keyboard.type(name);
      });
      const field = await boxOf(page, fullName);
      const crispField = await page.screenshot({ clip: field });
      const email = await boxOf(page, page.getByLabel('Work email'));
      await act(browser, page, 2, () => page.getByRole('button', { name: 'Create account' }).click());
      // The page answers the click at once (a greeting moves the form down). Playwright presses
      // and releases in the same instant, where a person holds the button a moment: the picture
      // of step 2 may show the page just after the click. Wherever the field is in it, the name is blurred.
      const fieldAfter = await boxOf(page, fullName);
      const emailAfter = await boxOf(page, page.getByLabel('Work email'));
      // The page greets the author by the first part of the name alone, in the step 3 picture.
      await expect(page.locator('#success-title')).toHaveText('Account created. Welcome, Rosalind!');
      const firstName = await page.locator('#success-title').evaluate((title) => {
        const text = title.firstChild as Text;
        const range = document.createRange();
        range.setStart(text, text.data.indexOf('Rosalind'));
        range.setEnd(text, text.data.indexOf('Rosalind') + 'Rosalind'.length);
        const box = range.getBoundingClientRect();
        return { x: box.x, y: box.y, width: box.width, height: box.height };
      });
      const crispFirstName = await page.screenshot({ clip: firstName });
      await act(browser, page, 3, async () => {
        await page.getByRole('status').getByRole('link', { name: 'Account settings' }).click();
        await page.waitForURL(/settings\.html$/);
      });
      // The settings page shows the name again, as text in the header and in a field.
      await expect(page.locator('#me-name')).toHaveText(name);
      const header = await boxOf(page, page.locator('#me-name'));
      const crispHeader = await page.screenshot({ clip: header });
      const save = await boxOf(page, page.getByRole('button', { name: 'Save changes' }));
      await act(browser, page, 4, () => page.getByRole('button', { name: 'Save changes' }).click());

      const guide = await stopAndOpenGuide(browser, popup);
      const slides = await slidesOf(browser.context.request, guide.id);
      expect(slides).toHaveLength(4);
      const picture = async (i: number) => Buffer.from(await (await browser.context.request.get(`${appOrigin()}${slides[i]!.screenshotUrl}`)).body());
      const scale = slides[0]!.width / VIEWPORT.width;
      const step2 = await picture(1);
      const step3 = await picture(2);
      const step4 = await picture(3);
      await writeFile(testInfo.outputPath('step-2.png'), step2);
      await writeFile(testInfo.outputPath('step-3.png'), step3);
      await writeFile(testInfo.outputPath('step-4.png'), step4);

      // Where the name shows, the picture is blurred past reading: its contrast is a fraction of the page's own.
      const crisp = { field: await contrast(crispField, null, 1), header: await contrast(crispHeader, null, 1) };
      const pictured = (await notFilled(step2, email, scale)).wrong === 0 ? field : (await notFilled(step2, emailAfter, scale)).wrong === 0 ? fieldAfter : null;
      expect(pictured, 'the covered e-mail field is where the page had it before or after the click').not.toBeNull();
      expect(await contrast(step2, pictured, scale)).toBeLessThan(crisp.field * 0.35);
      expect(await contrast(step4, header, scale)).toBeLessThan(crisp.header * 0.35);
      expect(await contrast(step3, firstName, scale)).toBeLessThan((await contrast(crispFirstName, null, 1)) * 0.35);
      // What is not personal data stays sharp: the Save changes button's label.
      expect(await contrast(step4, save, scale)).toBeGreaterThan(20);
      // Blurred before upload, so there is nothing left to suggest on the later steps.
      for (const slide of slides.slice(1)) expect(slide.redactionSuggestions ?? []).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('with blurring off, the same name is offered on every later step, listed as possible personal data, and blurred across the guide in one action', async () => {
    const browser = await launchWithExtension(appOrigin());
    try {
      await signUpInBrowser(browser.context, appOrigin(), 'Otto Offered');
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await page.goto(`${appOrigin()}/dashboard/account`);
      const setting = page.getByRole('checkbox', { name: 'Blur personal data before screenshots are uploaded' });
      await expect(setting).toBeChecked();
      await setting.uncheck();
      await expect(page.getByText('Captures keep personal data as it is; the editor offers to blur it.')).toBeVisible();
      await expect(setting).not.toBeChecked();

      await page.goto(app.url('index.html'));
      const popup = await openPopup(browser);
      await expect(popup.getByText(/uploaded as they are and listed in the editor for you to blur/).first()).toBeVisible();
      await popup.getByRole('button', { name: 'Start capture' }).click();
      await expect.poll(async () => (await recordingState(browser))?.stepCount).toBe(0);
      const name = 'Rosalind Quennell';
      await act(browser, page, 1, async () => {
        await page.getByLabel('Full name', { exact: true }).click();
        await page.keyboard.type(name);
      });
      await act(browser, page, 2, () => page.getByRole('button', { name: 'Create account' }).click());
      await act(browser, page, 3, async () => {
        await page.getByRole('status').getByRole('link', { name: 'Account settings' }).click();
        await page.waitForURL(/settings\.html$/);
      });
      const header = await boxOf(page, page.locator('#me-name'));
      await act(browser, page, 4, () => page.getByRole('button', { name: 'Save changes' }).click());

      const guide = await stopAndOpenGuide(browser, popup);
      const slides = await slidesOf(browser.context.request, guide.id);
      const scale = slides[0]!.width / VIEWPORT.width;
      // Step 2 and 3 show it in the field; step 4 in the header and the display-name field.
      for (const i of [1, 2, 3]) expect(slides[i]!.redactionSuggestions?.some((s) => (s as { kind?: string }).kind === 'typed'), `slide ${i + 1}: ${JSON.stringify(slides.map((s) => s.redactionSuggestions))}`).toBe(true);
      const onHeader = slides[3]!.redactionSuggestions!.find((s) => s.x <= Math.floor(header.x * scale) + 3 && s.y <= Math.floor(header.y * scale) + 3 && s.x + s.width >= Math.ceil((header.x + header.width) * scale) - 3);
      expect(onHeader, 'a suggestion over the header name').toBeDefined();
      const sharpBefore = await contrast(Buffer.from(await (await browser.context.request.get(`${appOrigin()}${slides[3]!.screenshotUrl}`)).body()), header, scale);

      const design = guide.page;
      const panel = design.getByRole('complementary', { name: 'Settings' });
      await expect(design.getByRole('heading', { name: 'Possible personal data' })).toBeVisible();
      const list = design.getByRole('list', { name: 'Possible personal data by step' });
      // Step 1 offers the field typed in; steps 2 to 4 the name where they show it.
      await expect(list.getByRole('listitem')).toHaveCount(4);
      await expect(list.getByRole('listitem').first()).toContainText('Typed field');
      for (const i of [1, 2, 3]) await expect(list.getByRole('listitem').nth(i)).toContainText('Typed value');
      expect(await axeViolations(design)).toEqual([]);
      await panel.getByRole('button', { name: 'Blur all possible personal data…' }).click();
      await panel.getByRole('button', { name: 'Blur all', exact: true }).click();
      await expect.poll(async () => (await slidesOf(browser.context.request, guide.id)).flatMap((s) => s.redactionSuggestions ?? []).length, { timeout: 30_000 }).toBe(0);
      await expect(design.getByRole('heading', { name: 'Possible personal data' })).toBeHidden();
      await expect(design.getByRole('status').filter({ hasText: /^Blurred \d+ areas on 4 steps\./ })).toBeAttached();
      const after = await slidesOf(browser.context.request, guide.id);
      const blurredAfter = await contrast(Buffer.from(await (await browser.context.request.get(`${appOrigin()}${after[3]!.screenshotUrl}`)).body()), header, scale);
      expect(blurredAfter).toBeLessThan(sharpBefore * 0.35);
    } finally {
      await browser.close();
    }
  });

  test('the guide is built while recording: a step taken back leaves the server too, Stop adds only the last one, Cancel deletes what was sent', async () => {
    const browser = await launchWithExtension(appOrigin());
    try {
      await signUpInBrowser(browser.context, appOrigin());
      const request = browser.context.request;
      const guideIds = async () => ((await (await request.get(`${appOrigin()}/api/guides`)).json()) as { items: Array<{ id: string }> }).items.map((g) => g.id);
      // The guide a capture makes: the one that was not there before.
      const newGuide = async (before: string[]) => (await guideIds()).find((id) => !before.includes(id));
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await page.goto(app.url('settings.html'));
      const before = await guideIds();
      let popup = await startCapture(browser, page);
      await act(browser, page, 1, () => page.getByRole('tab', { name: 'Notifications' }).click());
      await act(browser, page, 2, () => page.getByRole('tab', { name: 'Security' }).click());
      await act(browser, page, 3, () => page.getByRole('tab', { name: 'Profile' }).click());
      await act(browser, page, 4, () => page.getByRole('tab', { name: 'Notifications' }).click());

      // While recording: the guide exists, with every step but the newest.
      await expect.poll(() => newGuide(before), { timeout: 15_000 }).toBeDefined();
      const id = (await newGuide(before))!;
      const texts = async () => (await slidesOf(request, id)).map((s) => s.text);
      await expect.poll(texts, { timeout: 15_000 }).toEqual(['Open **Notifications**', 'Open **Security**', 'Open **Profile**']);

      // Discard last, twice: the newest was never sent; the one before it is taken off the server.
      await popup.getByRole('button', { name: 'Discard last' }).click();
      await expect.poll(async () => (await recordingState(browser))?.stepCount).toBe(3);
      await popup.getByRole('button', { name: 'Discard last' }).click();
      await expect.poll(async () => (await recordingState(browser))?.stepCount).toBe(2);
      await expect.poll(texts, { timeout: 15_000 }).toEqual(['Open **Notifications**', 'Open **Security**']);

      await act(browser, page, 3, () => page.getByRole('button', { name: 'Save changes' }).click());
      await expect.poll(texts, { timeout: 15_000 }).toEqual(['Open **Notifications**', 'Open **Security**']);
      const guide = await stopAndOpenGuide(browser, popup);
      expect(guide.id).toBe(id);
      expect(await texts()).toEqual(['Open **Notifications**', 'Open **Security**', 'Click **Save changes**']);
      await guide.page.close();

      // Cancel: the guide made so far is deleted, and nothing waits in the popup.
      await page.goto(app.url('index.html'));
      const known = await guideIds();
      popup = await startCapture(browser, page);
      await act(browser, page, 1, () => page.getByRole('checkbox', { name: 'Remember me' }).check());
      await act(browser, page, 2, () => page.getByRole('button', { name: 'Create account' }).click());
      await expect.poll(() => newGuide(known), { timeout: 15_000 }).toBeDefined();
      const cancelled = (await newGuide(known))!;
      await popup.getByRole('button', { name: 'Cancel capture' }).click();
      await expect.poll(async () => (await request.get(`${appOrigin()}/api/guides/${cancelled}`)).status(), { timeout: 15_000 }).toBe(404);
      await expect(popup.getByRole('heading', { name: 'Not yet in Stepcast' })).toBeHidden();
    } finally {
      await browser.close();
    }
  });

  test('the API going down in the middle of the upload loses and duplicates no step', async () => {
    const browser = await launchWithExtension(appOrigin());
    try {
      await signUpInBrowser(browser.context, appOrigin());
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await page.goto(app.url('index.html'));
      const popup = await startCapture(browser, page);

      // Slides are added while recording. Slide 1 goes through; slide 2 reaches the server but
      // its answer is lost; then the API is unreachable for three seconds, and comes back.
      let calls = 0;
      let down = false;
      await browser.context.route('**/api/guides/*/slides', async (route) => {
        calls++;
        if (down) return route.abort('connectionreset');
        if (calls === 1) return route.continue();
        if (calls === 2) {
          await route.fetch();
          down = true;
          setTimeout(() => void browser.context.unroute('**/api/guides/*/slides'), 3_000);
          return route.abort('connectionreset');
        }
        return route.continue();
      });

      await act(browser, page, 1, async () => {
        await page.getByLabel('Full name', { exact: true }).click();
        await page.keyboard.type('Sam Fault');
      });
      await act(browser, page, 2, () => page.getByRole('checkbox', { name: 'Remember me' }).check());
      await act(browser, page, 3, () => page.getByRole('button', { name: 'Create account' }).click());
      await act(browser, page, 4, () => page.getByRole('link', { name: 'Settings', exact: true }).click());
      await page.waitForURL(/settings\.html$/);
      await act(browser, page, 5, () => page.getByRole('tab', { name: 'Notifications' }).click());
      await act(browser, page, 6, () => page.getByRole('button', { name: 'Save changes' }).click());

      const guide = await stopAndOpenGuide(browser, popup);
      expect(calls).toBeGreaterThan(3);
      const slides = await slidesOf(browser.context.request, guide.id);
      expect(slides.map((s) => s.text)).toEqual([
        'Type in **Full name**',
        'Check **Remember me**',
        'Click **Create account**',
        'Open **Settings**',
        'Open **Notifications**',
        'Click **Save changes**',
      ]);
      expect(new Set(slides.map((s) => s.screenshotKey)).size).toBe(6);
    } finally {
      await browser.close();
    }
  });

  test('a capture stopped while offline uploads after the browser restarts', async () => {
    let browser = await launchWithExtension(appOrigin());
    const profile = browser.userDataDir;
    try {
      await signUpInBrowser(browser.context, appOrigin());
      const page = browser.context.pages()[0] ?? (await browser.context.newPage());
      await page.goto(app.url('settings.html'));
      const popup = await startCapture(browser, page);
      // Offline from the first step: nothing reaches Stepcast while recording.
      await browser.context.route('**/api/**', (route) => route.abort('internetdisconnected'));
      await act(browser, page, 1, () => page.getByRole('tab', { name: 'Security' }).click());
      await act(browser, page, 2, () => page.getByRole('button', { name: 'Save changes' }).click());

      await popup.getByRole('button', { name: 'Stop and create guide' }).click();
      await expect(popup.getByRole('heading', { name: 'Not yet in Stepcast' })).toBeVisible();
      await expect(popup.getByText('2 steps · uploading 0%')).toBeVisible();
      await browser.close({ keepProfile: true });

      browser = await launchWithExtension(appOrigin(), { userDataDir: profile });
      // The worker resumes the upload by itself when the browser starts, and opens the guide.
      await expect.poll(() => browser.context.pages().some(isDesignPage), { timeout: 30_000 }).toBe(true);
      const opened = browser.context.pages().find(isDesignPage)!;
      const slides = await slidesOf(browser.context.request, guideIdOfDesignUrl(opened.url())!);
      expect(slides.map((s) => s.text)).toEqual(['Open **Security**', 'Click **Save changes**']);
    } finally {
      await browser.close();
    }
  });
});
