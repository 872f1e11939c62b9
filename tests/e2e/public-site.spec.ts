import { expect, test, type ConsoleMessage, type Page } from '@playwright/test';
import { signUpVerified } from '../support/browser-accounts';
import { GALLERY_ITEMS } from '../../shared/gallery';
import { PRO_PLAN } from '../../shared/plan';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { axeViolations, waitForHydration } from '../support/a11y';

/** The public site: every page, as the navigation reaches it and as crawlers read it. */
const PAGES = [
  '/',
  '/pricing',
  '/gallery/',
  ...GALLERY_ITEMS.map((item) => `/gallery/${item.slug}`),
  '/compare',
  '/compare/scribe-alternative',
  '/compare/loom-alternative',
  '/compare/guidde-alternative',
  '/terms',
  '/privacy',
];

const ACME = GALLERY_ITEMS.find((item) => item.slug === 'acme-crm')!;

/** Errors the page itself logs (CSP violations, failed hydration…); a framed guide's are its own. */
function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    if (message.location().url.includes('/embed')) return;
    errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('the public site', () => {
  for (const path of PAGES) {
    test(`${path} passes axe and loads without errors`, async ({ page }) => {
      const errors = collectPageErrors(page);
      await page.goto(path);
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // The framed guide is the share player's page, checked by its own journey; its frame's
      // title is checked here.
      expect(await axeViolations(page, (b) => b.exclude('iframe'))).toEqual([]);
      for (const frame of await page.locator('iframe').all()) await expect(frame).toHaveAttribute('title', /\S/);
      expect(errors).toEqual([]);
    });
  }

  test('a visitor reaches every page from the navigation', async ({ page }) => {
    const errors = collectPageErrors(page);
    await page.goto('/');
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Click through it once');
    // The example guide is framed once it comes near the viewport, not with the page.
    const example = page.locator(`iframe[src="${ACME.embedUrl}"]`);
    await expect(example).toHaveCount(0);
    await page.getByRole('heading', { level: 2, name: 'Press play on one' }).scrollIntoViewIfNeeded();
    await expect(example).toHaveAttribute('title', `Example guide: ${ACME.title}`);
    await expect(page.frameLocator(`iframe[src="${ACME.embedUrl}"]`).getByRole('heading', { name: ACME.title })).toBeAttached();

    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole('heading', { level: 2, name: PRO_PLAN.name, exact: true })).toBeVisible();
    await expect(page).toHaveTitle(`Pricing | Stepcast`);

    await main.getByRole('link', { name: 'Gallery' }).click();
    await expect(page).toHaveURL(/\/gallery\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Example guides' })).toBeVisible();
    await expect(page.getByRole('listitem').getByRole('heading', { level: 2 })).toHaveCount(GALLERY_ITEMS.length);

    await main.getByRole('link', { name: 'Compare' }).click();
    await expect(page).toHaveURL(/\/compare$/);
    for (const peer of ['Scribe', 'Loom', 'Guidde']) {
      await page.getByRole('link', { name: `Stepcast vs ${peer}` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Stepcast vs ${peer}` })).toBeVisible();
      await expect(page.getByRole('heading', { name: `Where ${peer} is stronger` })).toBeVisible();
      await page.goBack();
      await expect(page).toHaveURL(/\/compare$/);
    }

    const legal = page.getByRole('navigation', { name: 'Legal' });
    await legal.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'On this page' }).getByRole('link')).not.toHaveCount(0);
    await legal.getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page).toHaveTitle('Privacy Policy | Stepcast');

    await page.getByRole('link', { name: 'Stepcast home' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  });

  test('a gallery item plays its guide in the embed', async ({ page }) => {
    await page.goto('/gallery/');
    await waitForHydration(page);
    await page.getByRole('link', { name: ACME.title }).click();
    await expect(page).toHaveURL(new RegExp(`/gallery/${ACME.slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: ACME.title })).toBeVisible();
    await expect(page).toHaveTitle(`${ACME.title}: an example guide | Stepcast`);

    const iframe = page.locator(`iframe[src="${ACME.embedUrl}"]`);
    await expect(iframe).toHaveAttribute('title', `Guide: ${ACME.title}`);
    const embed = page.frameLocator(`iframe[src="${ACME.embedUrl}"]`);
    await expect(embed.getByRole('heading', { name: ACME.title })).toBeAttached();
    const frame = page.frames().find((candidate) => candidate.url().endsWith(ACME.embedUrl));
    await expect.poll(async () => frame?.title()).toContain(ACME.title);

    // The edge's frame first; the embed's app takes it over.
    await expect(embed.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
    await embed.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(embed.getByRole('button', { name: 'Pause' })).toBeVisible();
  });

  test('every gallery item points at a published guide', async ({ request }) => {
    for (const item of GALLERY_ITEMS) {
      const id = item.embedUrl.split('/')[2]!.slice(-12);
      const guide = await request.get(`/api/share/${id}`);
      expect(guide.status(), item.embedUrl).toBe(200);
      expect((await guide.json()).title).toBe(item.title);
    }
  });

  test('an unknown gallery item is the not-found page, answered 404', async ({ page }) => {
    const response = await page.goto('/gallery/unknown');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Oooops. Nothing to see here.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/');
    // Inside the public layout: the way back to the site stays.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('the pricing button signs a visitor in first, then opens the subscription', async ({ page }) => {
    await page.goto('/pricing');
    await waitForHydration(page);
    const start = page.getByRole('link', { name: `Start ${PRO_PLAN.trialDays}-day free trial` });
    await expect(start).toHaveAttribute('href', '/auth?redirect=%2F%3Fsubscribe%3Dtrue');
  });

  test('for someone signed in, the pricing button opens the subscription and the header opens the app', async ({ page, baseURL }) => {
    const email = `pia-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}@example.com`;
    await signUpVerified(page.request, baseURL!, { name: 'Pia Pricing', email, password: 'correct horse battery' });

    await page.goto('/pricing');
    await expect(page.getByRole('link', { name: `Start ${PRO_PLAN.trialDays}-day free trial` })).toHaveAttribute('href', '/?subscribe=true');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Open app' })).toHaveAttribute('href', '/dashboard');
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });

  test('/pricing is in the HTML before any script runs, with its own head', async ({ request }) => {
    const response = await request.get('/pricing');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Pricing | Stepcast</title>');
    expect(html).toMatch(/<h2[^>]*>Pro<\/h2>/);
    expect(html).toMatch(new RegExp(`>${PRO_PLAN.price}</span><span[^>]*>per ${PRO_PLAN.interval}</span>`));
    expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/pricing"/);
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\/og-card\.png"/);
    expect(html).toContain('<meta name="description" content="Stepcast Pro: 24 per month');
    // Hydration data travels as a JSON data block; the CSP forbids inline script.
    expect(html).toContain('<script type="application/json" id="prerendered-state">');
    expect(html).not.toMatch(/<script\b(?![^>]*(?:\bsrc=|type="application\/json"))[^>]*>/);
  });

  test('each public page is laid out by its own stylesheets before any script runs: nothing moves while it hydrates', async ({ page }) => {
    test.setTimeout(60_000);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const shifted: string[] = [];
    for (const path of PAGES) {
      await page.goto(path);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      const total = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0));
      // 0.1 is the most a page may shift and still count as good (web.dev's CLS); a page whose
      // route stylesheet arrived with its script shifted 0.2-0.5.
      if (total >= 0.05) shifted.push(`${path} ${total.toFixed(3)}`);
    }
    expect(shifted).toEqual([]);
    // The route's own stylesheet is in the prerendered HTML, not left to its script.
    expect(await (await page.request.get('/pricing')).text()).toMatch(/<link rel="stylesheet" crossorigin href="\/static\/pricing-[\w-]+\.css" \/>/);
  });

  test('each prerendered page carries its own title, and other paths get the app shell', async ({ request }) => {
    const gallery = await (await request.get(`/gallery/${ACME.slug}`)).text();
    expect(gallery).toContain(`<title>${ACME.title}: an example guide | Stepcast</title>`);
    expect(gallery).toContain(ACME.description);
    const app = await (await request.get('/dashboard')).text();
    expect(app).not.toContain('prerendered-state');
    expect(app).toContain('<div id="root"></div>');
  });

  test('sitemap.xml lists the public pages and robots.txt keeps crawlers out of the app', async ({ request }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    for (const path of PAGES) expect(sitemap).toMatch(new RegExp(`<loc>https?://[^<]+${path.replace(/\//g, '\\/')}</loc>`));
    expect(sitemap).not.toContain('/dashboard');
    expect(sitemap).not.toContain('/design');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /dashboard');
    expect(robots).toContain('Disallow: /share/*/design');
    expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  });
});
