import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { designPath } from '../../shared/share/link';
import { signUpVerified } from '../support/browser-accounts';
import { postUpload } from '../support/images';
import { captureFlow } from '../fixtures/drift-app/flow';
import { startDriftApp, type DriftApp } from '../fixtures/drift-app/server';

let app: DriftApp;
test.beforeAll(async () => {
  app = await startDriftApp();
});
test.afterAll(async () => {
  await app?.close();
});

async function captureGuide(request: APIRequestContext, baseURL: string, steps: Awaited<ReturnType<typeof captureFlow>>) {
  const headers = { origin: baseURL };
  const guide = (await (await request.post('/api/guides', { data: { title: 'Add a contact' }, headers })).json()) as { id: string; title: string };
  for (const step of steps) {
    const upload = await (await request.post(`/api/guides/${guide.id}/uploads`, { data: { contentType: 'image/png', contentLength: step.png.length }, headers })).json();
    expect(await postUpload(upload, step.png, 'image/png')).toBe(204);
    const { text, narration, click, capture } = step;
    const created = await request.post(`/api/guides/${guide.id}/slides`, { data: { screenshotKey: upload.key, text, narration, click, capture }, headers });
    expect(created.status()).toBe(201);
  }
  return guide;
}

test('an author checks a guide against the changed app, updates the drifted step in one click, and its card shows the health', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signUpVerified(page.request, baseURL!, { name: 'Dana Drift', email: `drift-${Date.now().toString(36)}@example.com`, password: 'correct horse battery' });
  app.change({});
  const guide = await captureGuide(page.request, baseURL!, await captureFlow(browser, app.origin));

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
  const axe = await new AxeBuilder({ page }).include('.design__panel').analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  const before = await (await page.request.get(`/api/guides/${guide.id}`)).json();
  await steps.nth(3).getByRole('button', { name: 'Use this screenshot for step 4' }).click();
  await expect(steps.nth(3)).toContainText('The step shows this screenshot now.');
  const after = await (await page.request.get(`/api/guides/${guide.id}`)).json();
  expect(after.slides[3].screenshotKey).not.toBe(before.slides[3].screenshotKey);
  expect(after.slides[3].screenshotKey).toContain('/checks/');

  // Daily checks from now on.
  await panel.getByLabel('Check automatically').selectOption('daily');
  await expect.poll(async () => (await (await page.request.get(`/api/guides/health?ids=${guide.id}`)).json()).items[0].schedule).toBe('daily');

  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: 'Add a contact' });
  await expect(card.getByText('Drifted')).toBeVisible();
});
