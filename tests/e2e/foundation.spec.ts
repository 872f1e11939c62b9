import { expect, test } from '@playwright/test';
import { axeViolations } from '../support/a11y';

test.describe('the foundation', () => {
  test('the landing page renders with its navigation and passes axe', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const nav = page.getByRole('navigation').first();
    await expect(nav.getByRole('link', { name: 'Pricing' })).toBeVisible();
    await expect(page).toHaveTitle(/Stepcast/);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('an unknown route answers 404 and shows the not-found screen with a way home', async ({ page }) => {
    const response = await page.goto('/this/route/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Oooops. Nothing to see here.')).toBeVisible();
    const home = page.getByRole('link', { name: 'Go to Homepage' });
    await expect(home).toHaveAttribute('href', '/');
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('a route whose data fails shows the generic error screen, and Try Again loads it again', async ({ page }) => {
    let calls = 0;
    await page.route('**/api/share/*', async (route) => {
      calls++;
      if (calls === 1) {
        await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'boom' } }) });
      } else {
        await route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ id: 'abcdefghijkl', title: 'Recovered guide', organizationName: 'Demo Team', slides: [] }),
        });
      }
    });
    await page.goto('/share/recovered-guide-abcdefghijkl');
    await expect(page.getByText('Oooops. Something went wrong.')).toBeVisible();
    // The error is in a child route, not the root: no way home is offered.
    await expect(page.getByRole('button', { name: 'Go to Homepage' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Go to Homepage' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByRole('heading', { name: 'Recovered guide' })).toBeVisible();
    expect(calls).toBe(2);
  });

  test('the API answers health and unknown routes in the one error shape', async ({ request }) => {
    const health = await request.get('/api/health');
    expect(health.status()).toBe(200);
    expect((await health.json()).status).toBe('ok');
    const missing = await request.get('/api/no/such/route');
    expect(missing.status()).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'not_found', message: 'No such API route.' } });
  });

  test('pages send the security headers CloudFront would', async ({ request }) => {
    const page = await request.get('/');
    expect(page.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers()['x-content-type-options']).toBe('nosniff');
    expect(page.headers()['strict-transport-security']).toContain('max-age=');
    const embed = await request.get('/share/any-guide-abcdefghijkl/embed');
    expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
  });
});
