import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { embedPath, sharePath } from '../../shared/share/link';
import { pngImage } from '../support/images';
import { signUpVerified } from '../support/browser-accounts';
import { becomePro } from '../support/browser-guides';
import { serveHostPage } from '../support/host-page';
import { axeViolations } from '../support/a11y';

const PASSWORD = 'correct horse battery';

/**
 * A viewer's own browser. Headless Chromium names itself in its user agent ("HeadlessChrome"),
 * which the bot list refuses like any crawler's; a person's Chrome does not.
 */
const VIEWER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

const STEPS = ['Open **Settings**', 'Click **Billing**', 'Click **Download invoice**'];

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** Signs up through the API in `request`'s context (its cookies are the page's). */
async function signUp(request: APIRequestContext, baseURL: string, name: string) {
  const email = `${name.split(' ')[0]!.toLowerCase()}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
  await signUpVerified(request, baseURL, { name, email, password: PASSWORD });
}


/** A published public guide with three slides, made through the API as its author would. */
async function publishGuide(request: APIRequestContext, baseURL: string, title: string): Promise<{ id: string; title: string }> {
  const headers = { origin: baseURL };
  const created = await request.post('/api/guides', { data: { title }, headers });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const [i, text] of STEPS.entries()) {
    const image = await pngImage(1280, 800, { r: 40 + i * 60, g: 90, b: 200 });
    const upload = await request.post(`/api/guides/${id}/uploads`, { data: { contentType: 'image/png', contentLength: image.length }, headers });
    expect(upload.status()).toBe(200);
    const { url, fields, key } = (await upload.json()) as { url: string; fields: Record<string, string>; key: string };
    const stored = await request.post(url, { multipart: { ...fields, file: { name: `step-${i + 1}.png`, mimeType: 'image/png', buffer: image } } });
    expect(stored.status()).toBeLessThan(300);
    const slide = await request.post(`/api/guides/${id}/slides`, { data: { screenshotKey: key, text, click: { x: 300 + i * 200, y: 200 } }, headers });
    expect(slide.status()).toBe(201);
  }
  expect((await request.patch(`/api/guides/${id}`, { data: { status: 'published' }, headers })).status()).toBe(200);
  return { id, title };
}

/** A help-centre page on another origin that frames a guide's embed. */
async function startHostPage(embedUrl: string): Promise<{ url: string; host: string; close: () => Promise<void> }> {
  return serveHostPage(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help centre</title></head>
<body><h1>How to download an invoice</h1><iframe src="${embedUrl}" title="Guide" style="width:720px;height:520px;border:0"></iframe></body></html>`);
}

/** The value beside a label in the analytics page's totals. */
const total = (page: Page, label: string) => page.getByRole('list', { name: 'Totals' }).getByRole('listitem').filter({ hasText: label });

test.describe('viewer analytics', () => {
  test('a viewer watches a shared guide to the end in a private window, and its author sees it counted', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const guide = await test.step('the author, on Pro, publishes a guide of three steps', async () => {
      await signUp(page.request, baseURL!, 'Ada Author');
      await becomePro(page.request, baseURL!);
      return publishGuide(page.request, baseURL!, 'Download an invoice');
    });

    await test.step('before anyone watches, the analytics page shows no views', async () => {
      await page.goto(`/dashboard/analytics/${guide.id}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Download an invoice' })).toBeVisible();
      await expect(total(page, 'Views')).toContainText('0');
    });

    await test.step('a viewer in a private window watches it to the end', async () => {
      const viewer = await browser.newContext({ baseURL, userAgent: VIEWER_USER_AGENT });
      const viewerPage = await viewer.newPage();
      const events: string[] = [];
      viewerPage.on('request', (request) => {
        if (request.url().endsWith('/api/events') && request.method() === 'POST') events.push(request.postData() ?? '');
      });
      await viewerPage.goto(sharePath(guide));
      await expect(viewerPage.getByRole('region', { name: /^Guide player/ }).getByRole('status')).toHaveText('Step 1 of 3: Open Settings');
      await viewerPage.getByRole('button', { name: 'Next step' }).click();
      await viewerPage.getByRole('button', { name: 'Next step' }).click();
      await expect(viewerPage.getByRole('region', { name: /^Guide player/ }).getByRole('status')).toHaveText('Step 3 of 3: Click Download invoice');
      // The events go out in batches; the last one (with `complete`) at the latest when the page is hidden.
      await expect.poll(() => events.some((body) => body.includes('"complete"')), { timeout: 10_000 }).toBe(true);
      await viewer.close();
    });

    await test.step('the analytics page counts one view, one viewer, a completion and each step', async () => {
      await expect(async () => {
        await page.reload();
        await expect(total(page, 'Views')).toContainText('1', { timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await expect(total(page, 'Unique viewers')).toContainText('1');
      await expect(total(page, 'Completion rate')).toContainText('100%');
      await expect(total(page, 'CTA clicks')).toContainText('0');

      const funnel = page.getByRole('table', { name: 'Step drop-off' });
      for (const step of [1, 2, 3]) {
        await expect(funnel.getByRole('row', { name: new RegExp(`^Step ${step}\\b`) })).toContainText('1');
      }
      const sources = page.getByRole('table', { name: 'Embed or link' });
      await expect(sources.getByRole('row', { name: /^Share link/ })).toContainText('1');
      await expectNoAxeViolations(page);
    });

    await test.step('the guide card shows the view and the completion', async () => {
      await page.goto('/dashboard/recents');
      const card = page.getByRole('article', { name: 'Download an invoice' });
      await expect(card.getByText('1 view')).toBeVisible();
      await expect(card.getByText('100% completed')).toBeVisible();
    });

    await test.step('the workspace overview counts it too', async () => {
      await page.goto('/dashboard/analytics');
      await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
      await expect(total(page, 'Views')).toContainText('1');
      await expect(page.getByRole('table', { name: 'Guides by views' }).getByRole('row', { name: /Download an invoice/ })).toContainText('1');
      await expectNoAxeViolations(page);
    });
  });

  test('a guide embedded in another site counts as an embed view, with that site as its referrer', async ({ page, browser, baseURL }) => {
    await signUp(page.request, baseURL!, 'Eve Embed');
    await becomePro(page.request, baseURL!);
    const guide = await publishGuide(page.request, baseURL!, 'Embedded invoice');
    const hostPage = await startHostPage(`${baseURL}${embedPath(guide)}`);
    try {
      const viewer = await browser.newContext({ userAgent: VIEWER_USER_AGENT });
      const viewerPage = await viewer.newPage();
      const posted = viewerPage.waitForResponse((response) => response.url().endsWith('/api/events') && response.status() === 202);
      await viewerPage.goto(hostPage.url);
      // No click at all: staying 3 s is a view.
      expect((await posted).request().postData()).toContain('"view"');
      await viewer.close();
    } finally {
      await hostPage.close();
    }
    await page.goto(`/dashboard/analytics/${guide.id}`);
    await expect(page.getByRole('table', { name: 'Embed or link' }).getByRole('row', { name: /^Embed/ })).toContainText('1');
    await expect(page.getByRole('table', { name: 'Top referrers' }).getByRole('row', { name: new RegExp(hostPage.host.replace(/\./g, '\\.')) })).toContainText('1');
  });

  test('only the analytics pages load the chart library', async ({ page, baseURL }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const charts = () => scripts.filter((path) => path.includes('analytics-charts'));
    // The demo guide of the seed, and the public pages.
    for (const path of ['/', '/pricing', '/share/add-a-new-contact-in-acme-crm-DYrbOQi8CofM', '/share/add-a-new-contact-in-acme-crm-DYrbOQi8CofM/embed']) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    expect(charts()).toEqual([]);
    await signUp(page.request, baseURL!, 'Cora Charts');
    await becomePro(page.request, baseURL!);
    await page.goto('/dashboard/recents', { waitUntil: 'networkidle' });
    expect(charts()).toEqual([]);
    await page.goto('/dashboard/analytics');
    await expect(page.getByRole('table', { name: 'Embed or link' })).toBeVisible();
    await expect.poll(() => charts().length).toBe(1);
  });

  test('the author watching their own guide is not counted', async ({ page, baseURL }) => {
    await signUp(page.request, baseURL!, 'Otto Own');
    await becomePro(page.request, baseURL!);
    const guide = await publishGuide(page.request, baseURL!, 'Export a report');
    const posted = page.waitForResponse((response) => response.url().endsWith('/api/events') && response.request().method() === 'POST');
    await page.goto(sharePath(guide));
    await page.getByRole('button', { name: 'Next step' }).click();
    expect((await posted).status()).toBe(202);
    await page.goto(`/dashboard/analytics/${guide.id}`);
    await expect(total(page, 'Views')).toContainText('0');
  });

  test('on the free plan the analytics page offers the trial over a blurred example, on a phone too', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signUp(page.request, baseURL!, 'Fay Free');
    const created = await page.request.post('/api/guides', { data: { title: 'Invite a teammate' }, headers: { origin: baseURL! } });
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.get(`/api/guides/${id}/analytics?from=2026-01-01&to=2026-01-07`)).status()).toBe(402);

    await page.goto(`/dashboard/analytics/${id}`);
    const prompt = page.getByRole('region', { name: 'Analytics is a Pro feature' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
    // The example behind it is a picture of the page, not numbers of this guide: hidden from assistive technology.
    await expect(page.locator('.analytics-example')).toHaveAttribute('aria-hidden', 'true');
    await expectNoAxeViolations(page);
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await prompt.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page.getByRole('dialog', { name: 'Get started with Stepcast' })).toBeVisible();
  });
});
