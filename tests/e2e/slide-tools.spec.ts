import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { GuideDto } from '#shared/guides';
import { sharePath } from '../../shared/share/link';
import { signUpVerified, newPerson } from '../support/browser-accounts';

const PASSWORD = 'correct horse battery';
/** A person's Chrome: the analytics refuse headless Chromium's user agent like any crawler's. */
const VIEWER_USER_AGENT = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

async function signUp(request: APIRequestContext, baseURL: string, name: string) {
  await signUpVerified(request, baseURL, { ...newPerson(name), password: PASSWORD });
}

/** A guide of screenshot steps, made through the API as capture would. */
async function guideOf(request: APIRequestContext, baseURL: string, title: string, steps: Array<{ text: string; narration?: string }>): Promise<GuideDto> {
  const headers = { origin: baseURL };
  const guide = (await (await request.post('/api/guides', { data: { title }, headers })).json()) as GuideDto;
  for (const [step, { text, narration }] of steps.entries()) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#f8fafc"/>
      <rect width="1280" height="64" fill="${['#4338ca', '#0f766e', '#b45309'][step % 3]}"/><rect x="${300 + step * 120}" y="300" width="220" height="56" rx="10" fill="#0f766e"/></svg>`;
    const image = await sharp(Buffer.from(svg)).png().toBuffer();
    const upload = await request.post(`/api/guides/${guide.id}/uploads`, { data: { contentType: 'image/png', contentLength: image.length }, headers });
    const { url, fields, key } = (await upload.json()) as { url: string; fields: Record<string, string>; key: string };
    await request.post(url, { multipart: { ...fields, file: { name: `step-${step}.png`, mimeType: 'image/png', buffer: image } } });
    const added = await request.post(`/api/guides/${guide.id}/slides`, { data: { screenshotKey: key, text, ...(narration ? { narration } : {}), click: { x: 410 + step * 120, y: 328 } }, headers });
    expect(added.status()).toBe(201);
  }
  return (await (await request.get(`/api/guides/${guide.id}`)).json()) as GuideDto;
}

async function savedGuide(page: Page, id: string): Promise<GuideDto> {
  return (await (await page.request.get(`/api/guides/${id}`)).json()) as GuideDto;
}

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const axe = await (include ? builder.include(include) : builder).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
}

test.describe('intro and outro cards', () => {
  test('an author adds an outro with a call to action; the share page shows it after the last step and the button opens the link, counted', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    await signUp(page.request, baseURL!, 'Olga Outro');
    const guide = await guideOf(page.request, baseURL!, 'Pay an invoice', [{ text: 'Open **Invoices**' }, { text: 'Click **Pay**' }]);
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
