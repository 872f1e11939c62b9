import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { signUpVerified } from '../support/browser-accounts';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { pngImage } from '../support/images';
import { serveHostPage } from '../support/host-page';
import { axeViolations } from '../support/a11y';
import { becomePro, guideOfSteps, publishThroughApi } from '../support/browser-guides';

// The seeded demo guide (infra/local/seed): published, public, seven captured steps.
const ACME_PATH = '/share/add-a-new-contact-in-acme-crm-DYrbOQi8CofM';

/**
 * A share page carries its public guide inline (the edge's data block), so the app need not ask
 * the API; tests that shape the API's answer take the block out, and the app asks again.
 */
async function withoutInlineGuide(page: Page, path: string): Promise<void> {
  await page.route(`**${path}`, async (route) => {
    const response = await route.fetch();
    const html = (await response.text()).replace(/<script type="application\/json" id="stepcast-shared-guide"[\s\S]*?<\/script>/, '');
    await route.fulfill({ response, body: html });
  });
}
const ACME_TITLE = 'Add a new contact in Acme CRM';

/**
 * Opens a share or embed page and waits until the app runs it: a public guide's page first shows
 * the frame the edge rendered (markup only), which the app replaces and unmarks.
 */
async function openShared(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForApp(page);
}

async function waitForApp(page: Page | FrameLocator): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
}
const manifest: { steps: Array<{ text: string }> } = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../infra/local/seed/guides/acme-crm/manifest.json'), 'utf8'),
);
/** The step texts as read aloud: the `**bold**` markers are formatting, not words. */
const ACME_STEPS = manifest.steps.map((step) => step.text.replaceAll('**', ''));

const PASSWORD = 'correct horse battery';

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** The player's live region, which announces each step. */
const announcement = (page: Page | FrameLocator) => page.getByRole('region', { name: /^Guide player/ }).getByRole('status');

/** The step on screen, as the player's live region announces it and the step list marks it. */
async function expectStep(page: Page, step: number, options: { timeout?: number } = {}) {
  await expect(announcement(page)).toHaveText(`Step ${step} of ${ACME_STEPS.length}: ${ACME_STEPS[step - 1]}`, options);
  await expect(page.getByRole('img', { name: `Screenshot of step ${step}: ${ACME_STEPS[step - 1]}` })).toBeVisible();
  const current = page.getByRole('navigation', { name: 'Steps' }).locator('[aria-current="step"]');
  await expect(current).toHaveCount(1);
  await expect(current).toHaveAccessibleName(`Step ${step}: ${ACME_STEPS[step - 1]}`);
}

async function expectStepInUrl(page: Page, step: number) {
  await expect(page).toHaveURL((url) => url.pathname === ACME_PATH && url.searchParams.get('step') === String(step));
}

/** A mono 8 kHz 16-bit WAV of silence. */
function silentWav(seconds: number): Buffer {
  const samples = Math.round(8_000 * seconds);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(8_000, 24);
  wav.writeUInt32LE(16_000, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  return wav;
}

/** A page on another origin (another port) that frames the embed and keeps every height it posts. */
async function startHostPage(embedUrl: string): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help center</title></head>
<body style="margin:0;padding:24px;font-family:sans-serif">
<h1>How to add a contact</h1>
<iframe id="guide" src="${embedUrl}" title="Guide: ${ACME_TITLE}" style="display:block;width:720px;height:300px;border:0" allow="fullscreen"></iframe>
<script>
  window.heights = [];
  window.addEventListener('message', (event) => {
    const frame = document.getElementById('guide');
    if (event.source !== frame.contentWindow || !event.data || event.data.type !== 'stepcast:resize') return;
    window.heights.push(event.data.height);
    frame.style.height = event.data.height + 'px';
  });
</script>
</body></html>`;
  return serveHostPage(html);
}

/** Signs up through the API in `request`'s context (whose cookies are its browser context's) and makes the account Pro on the Stripe double. */
async function signUpAsPro(request: APIRequestContext, baseURL: string) {
  const email = `member-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUpVerified(request, baseURL, { name: 'Mia Member', email, password: PASSWORD });
  await becomePro(request, baseURL);
}

/** A published private guide with one slide, made through the API as its author would. */
async function createPrivateGuide(request: APIRequestContext, baseURL: string, title: string): Promise<{ id: string }> {
  const headers = { origin: baseURL };
  const guide = await request.post('/api/guides', { data: { title }, headers });
  expect(guide.status()).toBe(201);
  const { id } = (await guide.json()) as { id: string };

  const image = await pngImage(1280, 800, { r: 67, g: 56, b: 202 });
  const upload = await request.post(`/api/guides/${id}/uploads`, { data: { contentType: 'image/png', contentLength: image.length }, headers });
  expect(upload.status()).toBe(200);
  const { url, fields, key } = (await upload.json()) as { url: string; fields: Record<string, string>; key: string };
  const stored = await request.post(url, { multipart: { ...fields, file: { name: 'step-01.png', mimeType: 'image/png', buffer: image } } });
  expect(stored.status()).toBeLessThan(300);

  const slide = await request.post(`/api/guides/${id}/slides`, {
    data: { screenshotKey: key, text: 'Open **Team settings**', narration: 'Open the team settings.', click: { x: 640, y: 400 } },
    headers,
  });
  expect(slide.status()).toBe(201);
  const published = await request.patch(`/api/guides/${id}`, { data: { status: 'published', visibility: 'private' }, headers });
  expect(published.status()).toBe(200);
  return { id };
}

test.describe('the shared guide player', () => {
  test('a shared guide plays through with the keyboard and keeps its step in the URL', async ({ page }) => {
    await openShared(page, ACME_PATH);
    await expect(page.getByRole('heading', { level: 1, name: ACME_TITLE })).toBeVisible();
    await expect(page).toHaveTitle(`${ACME_TITLE} | Stepcast`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', `${ACME_TITLE} - Shared guide from Stepcast`);
    await expectStep(page, 1);

    for (let step = 2; step <= ACME_STEPS.length; step++) {
      await page.keyboard.press('ArrowRight');
      await expectStep(page, step);
      await expectStepInUrl(page, step);
    }
    // Past the last step there is nowhere to go.
    await page.keyboard.press('ArrowRight');
    await expectStep(page, ACME_STEPS.length);
    await expect(page.getByRole('button', { name: 'Next step' })).toHaveAttribute('aria-disabled', 'true');

    await page.keyboard.press('Home');
    await expectStep(page, 1);
    await expectStepInUrl(page, 1);
    await page.keyboard.press('End');
    await expectStep(page, ACME_STEPS.length);
    await expectStepInUrl(page, ACME_STEPS.length);
    await page.keyboard.press('ArrowLeft');
    await expectStep(page, ACME_STEPS.length - 1);

    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    // Playing, a step without a voiceover moves on after its reading time (4 to 5 s for these).
    await expectStep(page, 2, { timeout: 10_000 });
    await expectStepInUrl(page, 2);
    await page.keyboard.press(' ');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await page.waitForTimeout(4_500);
    await expectStep(page, 2);
  });

  test('the buttons and the step list move through the guide too', async ({ page }) => {
    await openShared(page, ACME_PATH);
    await page.getByRole('button', { name: 'Next step' }).click();
    await expectStep(page, 2);
    await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: `Step 6: ${ACME_STEPS[5]}` }).click();
    await expectStep(page, 6);
    await expectStepInUrl(page, 6);
    await page.getByRole('button', { name: 'Previous step' }).click();
    await expectStep(page, 5);
    await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '5');
  });

  test('a link to ?step=3 opens the guide on step 3, and the player passes axe', async ({ page }) => {
    await openShared(page, `${ACME_PATH}?step=3`);
    await expectStep(page, 3);
    await expect(page.getByText(ACME_STEPS[2]!, { exact: true }).first()).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("a slide's voiceover plays, and the player moves on when it ends", async ({ page }) => {
    // The first step's voiceover is made a short silence, so its end comes well before its reading time.
    await page.route('**/api/share/DYrbOQi8CofM', async (route) => {
      const response = await route.fetch();
      const guide = (await response.json()) as { slides: Array<{ audioUrl: string | null; audioDurationMs: number | null }> };
      guide.slides[0]!.audioUrl = '/assets/test/voiceover.wav';
      guide.slides[0]!.audioDurationMs = 600;
      await route.fulfill({ response, json: guide });
    });
    await page.route('**/assets/test/voiceover.wav', (route) => route.fulfill({ contentType: 'audio/wav', body: silentWav(0.6) }));
    await withoutInlineGuide(page, ACME_PATH);

    await openShared(page, ACME_PATH);
    await expectStep(page, 1);
    // Recorded as it happens: on a busy machine the 0.6 s of audio can be over before a poll looks.
    await page.evaluate(() => document.addEventListener('playing', () => document.documentElement.setAttribute('data-audio-played', ''), true));
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('data-audio-played', '');
    // Well before the 5 s a step without a voiceover stays.
    await expectStep(page, 2, { timeout: 3_000 });
    // …and the second step plays its own voiceover (the seeded guides are narrated).
    await expect(page.locator('audio')).toHaveAttribute('src', /\/audio\/[\w-]+\.mp3$/);
  });

  test('a missing guide shows the not-found state', async ({ page }) => {
    await page.goto('/share/no-such-guide-AAAAAAAAAAAA');
    await expect(page.getByRole('heading', { level: 1, name: 'Guide not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
  });
});

test.describe('the embed', () => {
  test('plays inside a page of another origin and tells that page its height', async ({ page, baseURL }) => {
    const host = await startHostPage(`${baseURL}${ACME_PATH}/embed`);
    try {
      await page.goto(host.url);
      const frame = page.frameLocator('#guide');
      await waitForApp(frame);
      await expect(frame.getByRole('img', { name: `Screenshot of step 1: ${ACME_STEPS[0]}` })).toBeVisible();
      await expect(frame.getByRole('link', { name: /Made with Stepcast/ })).toHaveAttribute('target', '_blank');
      await expect(frame.getByRole('link', { name: /Made with Stepcast/ })).toHaveAttribute('href', `${ACME_PATH}?step=1`);

      // The page got a height and sized the frame with it: the screenshot's shape (16:10) plus the controls.
      await expect.poll(() => page.evaluate(() => (window as unknown as { heights: number[] }).heights.length)).toBeGreaterThan(0);
      const height = await page.evaluate(() => (window as unknown as { heights: number[] }).heights.at(-1)!);
      expect(height).toBeGreaterThan(720 / 1.6);
      expect(height).toBeLessThan(720 / 1.6 + 160);
      await expect.poll(async () => (await page.locator('#guide').boundingBox())?.height).toBe(height);

      // A narrower frame posts a smaller height.
      await page.locator('#guide').evaluate((frame: HTMLIFrameElement) => (frame.style.width = '480px'));
      await expect.poll(() => page.evaluate(() => (window as unknown as { heights: number[] }).heights.at(-1)!)).toBeLessThan(height - 100);

      await frame.getByRole('button', { name: 'Next step' }).click();
      await expect(announcement(frame)).toHaveText(`Step 2 of 7: ${ACME_STEPS[1]}`);
    } finally {
      await host.close();
    }
  });

  test('loads its player from its own build, without React, within 80 KB gzip of script and style', async ({ page }) => {
    // Every script and stylesheet the embed loads, each compressed alone as a CDN serves it
    // (tests/bench/share.bench.ts prints the same count for its guide).
    const files = new Map<string, number>();
    const pending: Array<Promise<void>> = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      pending.push(response.body().then((body) => void files.set(new URL(response.url()).pathname, gzipSync(body).length)));
    });
    const document = await page.goto(`${ACME_PATH}/embed`);
    await waitForApp(page);
    await expect(page.getByRole('region', { name: /^Guide player/ })).toBeVisible();
    await Promise.all(pending);
    // Its inline styles count too: the embed's shell carries its stylesheets inline.
    const inline = [...((await document?.text()) ?? '').matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join('\n');
    const total = [...files.values()].reduce((sum, bytes) => sum + bytes, gzipSync(inline).length);
    // Nothing of the SPA's build (React, the app's chunks): only the embed's own (web/vite.embed.config.ts).
    expect([...files.keys()].filter((file) => !file.startsWith('/static/embed/'))).toEqual([]);
    expect(total, JSON.stringify(Object.fromEntries(files))).toBeLessThanOrEqual(80_000);
  });

  test("a free organisation's guide framed by another site shows a link to its share page instead of the player (embedding is Pro)", async ({ page, baseURL }) => {
    await signUpVerified(page.request, baseURL!, { name: 'Fred Free', email: `free-${Date.now().toString(36)}@example.com`, password: PASSWORD });
    const guide = await guideOfSteps(page.request, baseURL!, 'Close a ticket', ['Open the ticket', 'Click Close']);
    await publishThroughApi(page.request, baseURL!, guide.id);
    const sharePage = `/share/close-a-ticket-${guide.id}`;
    const refused = await page.request.get(`${sharePage}/embed`);
    expect(refused.status()).toBe(402);
    const host = await startHostPage(`${baseURL}${sharePage}/embed`);
    try {
      await page.goto(host.url);
      const frame = page.frameLocator('#guide');
      const link = frame.getByRole('link', { name: 'Watch it on Stepcast' });
      await expect(link).toHaveAttribute('href', sharePage);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(frame.getByText('This guide cannot play here: embedding guides is part of Stepcast Pro.')).toBeVisible();
      await expect(frame.getByRole('img')).toHaveCount(0);
    } finally {
      await host.close();
    }
    // The share page itself plays on every plan.
    await page.goto(sharePage);
    await expect(page.getByRole('img', { name: 'Screenshot of step 1: Open the ticket' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test('opens at ?step= and passes axe', async ({ page }) => {
    await openShared(page, `${ACME_PATH}/embed?step=4`);
    await expect(announcement(page)).toHaveText(`Step 4 of 7: ${ACME_STEPS[3]}`);
    await expect(page.getByRole('img', { name: `Screenshot of step 4: ${ACME_STEPS[3]}` })).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test('a failed load shows the generic error screen, and Try Again loads the guide', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/share/DYrbOQi8CofM', async (route) => {
      calls++;
      if (calls === 1) await route.fulfill({ status: 503, json: { error: { code: 'unavailable', message: 'Try later.' } } });
      else await route.fallback();
    });
    await withoutInlineGuide(page, `${ACME_PATH}/embed`);
    await openShared(page, `${ACME_PATH}/embed`);
    await expect(page.getByText('Oooops. Something went wrong.')).toBeVisible();
    // Not the root route: no way home is offered.
    await expect(page.getByRole('button', { name: 'Go to Homepage' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(announcement(page)).toHaveText(`Step 1 of 7: ${ACME_STEPS[0]}`);
    expect(calls).toBe(2);
  });

  test('?autoplay=1 starts playing by itself', async ({ page }) => {
    await openShared(page, `${ACME_PATH}/embed?step=6&autoplay=1`);
    await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible();
    await expect(announcement(page)).toHaveText(`Step 7 of 7: ${ACME_STEPS[6]}`, { timeout: 10_000 });
    await expect(page).toHaveURL(/[?&]step=7/);
    // The end of the guide stops it, ready to play again.
    await expect(page.getByRole('button', { name: 'Play again' })).toBeVisible({ timeout: 10_000 });
  });
});

test.describe('a private guide', () => {
  test('shows the not-found state to a stranger and plays for a member', async ({ browser, baseURL }) => {
    test.setTimeout(60_000);
    const member = await browser.newContext({ baseURL });
    const stranger = await browser.newContext({ baseURL });
    try {
      await signUpAsPro(member.request, baseURL!);
      const title = `Private onboarding ${Date.now().toString(36)}`;
      const { id } = await createPrivateGuide(member.request, baseURL!, title);
      const link = `/share/${title.toLowerCase().replaceAll(' ', '-')}-${id}`;

      const strangerPage = await stranger.newPage();
      await strangerPage.goto(link);
      await expect(strangerPage.getByRole('heading', { level: 1, name: 'Guide not found' })).toBeVisible();
      await expect(strangerPage.getByText("This guide doesn't exist or is private.")).toBeVisible();
      await strangerPage.goto(`${link}/embed`);
      await expect(strangerPage.getByRole('heading', { level: 1, name: 'Guide not found' })).toBeVisible();

      const memberPage = await member.newPage();
      await memberPage.goto(link);
      await expect(memberPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(memberPage.getByText('Private to your team')).toBeVisible();
      await expect(announcement(memberPage)).toHaveText('Step 1 of 1: Open Team settings');
      await expect(memberPage.getByRole('img', { name: 'Screenshot of step 1: Open Team settings' })).toBeVisible();
    } finally {
      await member.close();
      await stranger.close();
    }
  });
});

test.describe("the edge's first frame", () => {
  /** Where the screenshot, the title and the control bar are on the page. */
  async function layoutOf(page: Page) {
    const box = async (selector: string) => {
      const found = await page.locator(selector).first().boundingBox();
      if (!found) throw new Error(`${selector} is not laid out`);
      return found;
    };
    // The app zooms the screenshot in once it has loaded (an intended animation of its canvas):
    // the screenshot's place is its viewport's box and its own untransformed layout size.
    const screenshotSize = await page
      .locator('img[elementtiming="first-slide"]')
      .evaluate((image: HTMLImageElement) => ({ width: image.offsetWidth, height: image.offsetHeight, left: image.offsetLeft, top: image.offsetTop }));
    return {
      viewport: await box('.player__viewport'),
      screenshot: screenshotSize,
      bar: await box('.player__bar'),
      // Its last controls: a button the app adds or drops would move them.
      options: await box('.player__buttons--end'),
      root: await box('#root'),
    };
  }

  for (const [view, url, screen, viewport] of [
    ['share page', `${ACME_PATH}?step=2`, 'a laptop', { width: 1280, height: 800 }],
    ['share page', `${ACME_PATH}?step=2`, 'a phone', { width: 390, height: 844 }],
    ['embed', `${ACME_PATH}/embed?step=2`, 'a laptop', { width: 1280, height: 800 }],
    ['embed', `${ACME_PATH}/embed?step=2`, 'a phone', { width: 390, height: 844 }],
  ] as const) {
    test(`the ${view} on ${screen} shows its step before any script runs, and the app takes it over without moving it`, async ({ browser, baseURL }) => {
      const withoutScript = await browser.newContext({ baseURL, viewport, javaScriptEnabled: false });
      const withScript = await browser.newContext({ baseURL, viewport });
      try {
        // Markup and styles only: the step's screenshot, loaded, in the player's layout.
        const frame = await withoutScript.newPage();
        await frame.goto(url);
        await expect(frame.locator('#root')).toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
        const screenshot = frame.getByRole('img', { name: `Screenshot of step 2: ${ACME_STEPS[1]}` });
        await expect(screenshot).toBeVisible();
        await expect.poll(() => screenshot.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
        const before = await layoutOf(frame);

        // The app: the same places, now working.
        const app = await withScript.newPage();
        await openShared(app, url);
        expect(await layoutOf(app)).toEqual(before);
        await app.getByRole('button', { name: 'Next step' }).click();
        await expect(announcement(app)).toHaveText(`Step 3 of 7: ${ACME_STEPS[2]}`);
      } finally {
        await withoutScript.close();
        await withScript.close();
      }
    });
  }

  /**
   * When the first screenshot was painted (its Element Timing entry) and when each script and each
   * narration (audio) began to load, ms from navigation start.
   */
  async function paintAndScripts(page: Page): Promise<{ painted: number; scripts: Array<{ path: string; start: number }>; audio: Array<{ path: string; start: number }> }> {
    return page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list, observer) => {
            const entry = (list.getEntries() as Array<PerformanceEntry & { identifier?: string; renderTime?: number }>).find((e) => e.identifier === 'first-slide');
            if (!entry) return;
            observer.disconnect();
            const scripts = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((resource) => new URL(resource.name).pathname.endsWith('.js'))
              .map((resource) => ({ path: new URL(resource.name).pathname, start: resource.startTime }));
            const audio = (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
              .filter((resource) => resource.initiatorType === 'audio' || /\.(mp3|m4a|ogg|wav)$/.test(new URL(resource.name).pathname))
              .map((resource) => ({ path: new URL(resource.name).pathname, start: resource.startTime }));
            resolve({ painted: entry.renderTime ?? 0, scripts, audio });
          }).observe({ type: 'element', buffered: true });
        }),
    );
  }

  for (const [view, url] of [
    ['share page', ACME_PATH],
    ['embed', `${ACME_PATH}/embed`],
  ] as const) {
    test(`the ${view}'s code beyond its tiny entry loads only once the first screenshot is painted`, async ({ page }) => {
      await page.goto(url, { waitUntil: 'commit' });
      const { painted, scripts } = await paintAndScripts(page);
      expect(painted).toBeGreaterThan(0);
      // The entry (named in the page) may load with the page; everything it imports waits.
      const entry = await page.locator('script[type="module"][src]').getAttribute('src');
      const early = scripts.filter((script) => script.path !== entry && script.start < painted);
      expect(early, `scripts requested before the screenshot was painted at ${painted.toFixed(0)} ms`).toEqual([]);
      await waitForApp(page);
      const loaded = (await page.evaluate(() => performance.getEntriesByType('resource').map((resource) => new URL(resource.name).pathname))).filter(
        (resource) => resource.endsWith('.js') && resource !== entry,
      );
      expect(loaded.length).toBeGreaterThan(0);
    });

    test(`the ${view}'s frame leaves its first step's narration to the app: nothing but the screenshot is fetched for the first paint`, async ({ page }) => {
      await page.goto(url, { waitUntil: 'commit' });
      const { painted, audio } = await paintAndScripts(page);
      expect(painted).toBeGreaterThan(0);
      expect(audio, `narration requested before the screenshot was painted at ${painted.toFixed(0)} ms`).toEqual([]);
      // The live player preloads it, as before: Play answers at once.
      await waitForApp(page);
      await expect(page.locator('audio')).toHaveAttribute('preload', 'auto');
    });
  }

  /** Holds back every script but the page's entry until `release`: the app arriving seconds late, as on a slow network. */
  async function holdAppCode(page: Page): Promise<() => void> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/static\/.+\.js$/, async (route) => {
      // The SPA's entry, or the embed's (its own build, web/vite.embed.config.ts).
      if (!/\/static\/(index|embed\/embed)-[\w-]+\.js$/.test(route.request().url())) await released;
      await route.continue();
    });
    return release;
  }

  test("what a viewer presses on the share page's frame before the app arrives happens once it has", async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto(`${ACME_PATH}?step=2`);
    const next = page.getByRole('button', { name: 'Next step' });
    await next.click();
    await next.click();
    await page.keyboard.press('ArrowRight');
    await page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: `Step 7: ${ACME_STEPS[6]}` }).click();
    await page.keyboard.press('ArrowLeft');
    // Still the frame: nothing has moved yet.
    await expect(page.locator('#root')).toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
    await expect(announcement(page)).toHaveText(`Step 2 of 7: ${ACME_STEPS[1]}`);

    release();
    await waitForApp(page);
    // Next, Next, → (step 5), the step list's step 7, ← : step 6, in that order, and the focus
    // is still on the control the viewer last used.
    await expectStep(page, 6);
    await expect(page.getByRole('navigation', { name: 'Steps' }).getByRole('button', { name: `Step 7: ${ACME_STEPS[6]}` })).toBeFocused();
    await expect(page).toHaveURL(/[?&]step=6\b/);
  });

  test("the embed's frame keeps the viewer's presses too", async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto(`${ACME_PATH}/embed?step=3`);
    await page.getByRole('button', { name: 'Next step' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('#root')).toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
    release();
    await waitForApp(page);
    // Next (step 4), End (step 7), ← (step 6).
    await expect(announcement(page)).toHaveText(`Step 6 of 7: ${ACME_STEPS[5]}`);
    await expect(page.getByRole('button', { name: 'Next step' })).toBeFocused();
  });

  test('a control the replay renames is still found: Play, then Play again, leaves the guide paused', async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto(`${ACME_PATH}/embed?step=3`);
    const play = page.getByRole('button', { name: 'Play', exact: true });
    await play.click();
    await play.click();
    await page.getByRole('button', { name: 'Next step' }).click();
    release();
    await waitForApp(page);
    // Play (now "Pause"), Pause, Next: step 4, paused.
    await expect(announcement(page)).toHaveText(`Step 4 of 7: ${ACME_STEPS[3]}`);
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  });

  test('a viewer who presses a key before the screenshot arrives gets the working player at once', async ({ page }) => {
    // The screenshot never arrives and the page's clock stands still: the app's 1.5 s bound cannot
    // fire, so nothing but the key can release the app's code. (The milliseconds from the key to
    // the app's first import are measured in `npm run bench share`.)
    await page.route('**/assets/**', () => undefined);
    const start = new Date('2026-01-05T09:00:00Z');
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1_000));
    let keyPressed = false;
    const scripts: Array<{ path: string; afterKey: boolean }> = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) scripts.push({ path: pathname, afterKey: keyPressed });
    });
    await page.goto(`${ACME_PATH}?step=2`, { waitUntil: 'commit' });
    await expect(page.locator('#root')).toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
    const entry = await page.locator('script[type="module"][src]').getAttribute('src');
    keyPressed = true;
    const firstImport = page.waitForRequest((request) => {
      const { pathname } = new URL(request.url());
      return pathname.endsWith('.js') && pathname !== entry;
    });
    await page.keyboard.press('Tab');
    await firstImport;
    // The key released the app's code: nothing but the entry loaded before it, the app's code after.
    expect(scripts.filter((script) => !script.afterKey).map((script) => script.path)).toEqual([entry]);
    expect(scripts.some((script) => script.afterKey && script.path !== entry)).toBe(true);
    await page.clock.resume();
    await waitForApp(page);
    await page.keyboard.press('ArrowRight');
    await expect(announcement(page)).toHaveText(`Step 3 of 7: ${ACME_STEPS[2]}`);
  });

});
