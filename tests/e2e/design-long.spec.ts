import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { GuideDto } from '#shared/guides';
import { newPerson, signUpVerified } from '../support/browser-accounts';
import { uploadScreenshot } from '../support/browser-guides';

/**
 * A guide of `count` steps made through the API (not captures): one small screenshot uploaded per
 * step, ten at a time, then the steps added in order.
 */
async function longGuide(request: APIRequestContext, baseURL: string, title: string, count: number): Promise<GuideDto> {
  const headers = { origin: baseURL };
  const guide = (await (await request.post('/api/guides', { data: { title }, headers })).json()) as GuideDto;
  const colours = ['#4338ca', '#0f766e', '#b45309'];
  const pngs = await Promise.all(
    colours.map((colour) =>
      sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#f8fafc"/><rect width="1280" height="64" fill="${colour}"/></svg>`))
        .png()
        .toBuffer(),
    ),
  );
  const keys: string[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, i) => uploadScreenshot(request, baseURL, guide.id, pngs[(start + i) % pngs.length]!));
    keys.push(...(await Promise.all(batch)));
  }
  for (const [step, screenshotKey] of keys.entries()) {
    const added = await request.post(`/api/guides/${guide.id}/slides`, { data: { screenshotKey, text: `Click **Button ${step + 1}**`, click: { x: 400, y: 300 } }, headers });
    expect(added.status(), await added.text()).toBe(201);
  }
  return (await (await request.get(`/api/guides/${guide.id}`)).json()) as GuideDto;
}

/** Whether the box is wholly inside the page’s viewport (a pixel of rounding allowed at the bottom). */
async function insideViewport(page: Page, box: Locator): Promise<{ top: number; bottom: number; inside: boolean }> {
  const rect = await box.evaluate((element) => {
    const { top, bottom } = element.getBoundingClientRect();
    return { top, bottom };
  });
  const height = page.viewportSize()!.height;
  return { ...rect, inside: rect.top >= 0 && rect.bottom <= height + 1 };
}

test.describe('design view at any length', () => {
  for (const count of [70, 200]) {
    test(`at step ${count} of ${count} (End in the rail) the step's screenshot and its settings are in view, and the rail scrolls on its own`, async ({ page, baseURL }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: 1440, height: 900 });
      await signUpVerified(page.request, baseURL!, { ...newPerson(`Lena Long${count}`), password: 'correct horse battery' });
      const guide = await longGuide(page.request, baseURL!, `Long guide ${count}`, count);
      expect(guide.slides).toHaveLength(count);
      await page.goto(`/share/long-guide-${count}-${guide.id}/design`);
      const rail = page.getByRole('list', { name: 'Steps' });
      await rail.getByRole('button', { name: new RegExp(`^Step 1 of ${count}`) }).focus();
      await page.keyboard.press('End');
      const last = rail.getByRole('button', { name: new RegExp(`^Step ${count} of ${count}`) });
      await expect(last).toHaveAttribute('aria-current', 'step');
      await expect(last).toBeFocused();
      await expect(page.getByRole('heading', { name: `Step ${count} settings` })).toBeVisible();

      const stage = page.getByRole('region', { name: `Step ${count}`, exact: true });
      const image = page.getByRole('img', { name: `Screenshot of step ${count}` });
      const settings = page.getByRole('heading', { name: `Step ${count} settings` });
      for (const [what, box] of [['stage', stage], ['screenshot', image], ['settings', settings], ['chosen step in the rail', last]] as const) {
        const seen = await insideViewport(page, box);
        expect(seen.inside, `${what} at ${seen.top}–${seen.bottom} px, viewport 900 px`).toBe(true);
      }
      // The page itself did not scroll: each column scrolls on its own.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const railScroll = await page.locator('.design__rail').evaluate((el) => el.scrollTop);
      expect(railScroll).toBeGreaterThan(0);
    });
  }
});
