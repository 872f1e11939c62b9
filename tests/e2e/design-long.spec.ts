import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { GuideDto } from '#shared/guides';
import { newPerson, signUpVerified } from '../support/browser-accounts';
import { guideOfSteps, uploadScreenshot } from '../support/browser-guides';

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

/** Whether two boxes share any pixel. */
function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('design view: toasts', () => {
  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 1024, height: 768 },
  ]) {
    test(`at ${viewport.width}×${viewport.height} a failed screenshot replacement shows one message, below the publish bar and the export and embed buttons`, async ({ page, baseURL }) => {
      await page.setViewportSize(viewport);
      await signUpVerified(page.request, baseURL!, { ...newPerson('Tomas Toast'), password: 'correct horse battery' });
      const guide = await guideOfSteps(page.request, baseURL!, 'Send a toast', ['Open **Invoices**', 'Click **Pay**']);
      await page.goto(`/share/send-a-toast-${guide.id}/design`);
      await expect(page.getByRole('img', { name: 'Screenshot of step 1' })).toBeVisible();

      // A file named like a PNG that is not one: the browser's check lets it through, the server's refuses it.
      await page.getByLabel('Screenshot file for step 1').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: Buffer.from('not a picture at all') });
      const notifications = page.getByRole('region', { name: 'Notifications' });
      const failure = notifications.getByRole('listitem').filter({ hasText: 'Replacing the screenshot failed' });
      await expect(failure).toBeVisible();
      // The pointer on it holds it (its timer pauses) while it is measured.
      await failure.hover();
      await expect(notifications.getByRole('listitem')).toHaveCount(1);
      await expect(notifications.getByText('Something went wrong', { exact: true })).toHaveCount(0);

      const toastBox = (await failure.boundingBox())!;
      const covered = {
        'publish bar': page.getByRole('group', { name: 'Publishing' }),
        'export button': page.getByRole('button', { name: 'Export', exact: true }),
        'embed button': page.getByRole('button', { name: 'Embed', exact: true }),
      };
      for (const [what, target] of Object.entries(covered)) {
        const box = (await target.boundingBox())!;
        expect(overlaps(toastBox, box), `toast ${JSON.stringify(toastBox)} over the ${what} ${JSON.stringify(box)}`).toBe(false);
      }
    });
  }
});

test.describe('design view: loading', () => {
  test('while the guide loads the page shows the design view’s frame (header, steps, stage and settings), not a blank page', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpVerified(page.request, baseURL!, { ...newPerson('Sasha Skeleton'), password: 'correct horse battery' });
    const guide = await guideOfSteps(page.request, baseURL!, 'Load slowly', ['Open **Invoices**']);
    // The guide's answer is held until the frame has been seen, then let through unchanged.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**/api/guides/${guide.id}`, async (route) => {
      if (route.request().method() === 'GET') await released;
      await route.continue();
    });
    await page.goto(`/share/load-slowly-${guide.id}/design`, { waitUntil: 'commit' });
    const skeleton = page.getByTestId('design-skeleton');
    await expect(skeleton).toBeVisible();
    await expect(skeleton).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'Loading the guide' })).toBeAttached();
    for (const part of ['header', 'rail', 'stage', 'panel']) {
      const box = (await skeleton.getByTestId(`skeleton-${part}`).boundingBox())!;
      expect(box.width * box.height, part).toBeGreaterThan(2_000);
    }
    release();
    await expect(page.getByRole('heading', { name: 'Load slowly', level: 1 })).toBeVisible();
    await expect(skeleton).toHaveCount(0);
  });
});

test.describe('guide cards', () => {
  test('a duplicated guide’s card shows “(copy)” even when its title is as long as a title may be', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpVerified(page.request, baseURL!, { ...newPerson('Cora Copy'), password: 'correct horse battery' });
    const title = `Reconcile the quarterly invoices ${'and the refunds '.repeat(12)}`.trim().slice(0, 200);
    const original = (await (await page.request.post('/api/guides', { data: { title }, headers: { origin: baseURL! } })).json()) as GuideDto;
    const copied = await page.request.post(`/api/guides/${original.id}/duplicate`, { headers: { origin: baseURL! } });
    expect(copied.status()).toBe(201);
    const copy = (await copied.json()) as GuideDto;
    expect(copy.title).toMatch(/ \(copy\)$/);

    await page.goto('/dashboard');
    const card = page.getByRole('article', { name: copy.title });
    await expect(card).toBeVisible();
    // Where the words “(copy)” are drawn: inside the card's title, not clipped away by its two-line clamp.
    const seen = await card.getByRole('heading').evaluate((heading) => {
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent!.indexOf('(copy)');
        if (at < 0) continue;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + '(copy)'.length);
        const mark = range.getBoundingClientRect();
        const box = heading.getBoundingClientRect();
        return { inside: mark.width > 0 && mark.top >= box.top - 1 && mark.bottom <= box.bottom + 1 && mark.right <= box.right + 1, mark: mark.toJSON() as unknown, box: box.toJSON() as unknown };
      }
      return { inside: false, mark: null, box: null };
    });
    expect(seen.inside, JSON.stringify(seen)).toBe(true);
  });
});

test.describe('design view: boxes and crops by hand', () => {
  test('after “Add a box” the focus is on the new box, so the arrow keys move it at once', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpVerified(page.request, baseURL!, { ...newPerson('Bea Box'), password: 'correct horse battery' });
    const guide = await guideOfSteps(page.request, baseURL!, 'Hide a name', ['Open **Invoices**']);
    await page.goto(`/share/hide-a-name-${guide.id}/design`);
    await expect(page.getByRole('img', { name: 'Screenshot of step 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Add a box' }).click();
    const box = page.getByRole('button', { name: /^Box 1: 320×80 pixels at 480, 360/ });
    await expect(box).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('list', { name: 'Boxes on step 1' })).toContainText('Box 1: 320×80 pixels at 493, 360');
  });

  test('the screenshot is cropped by dragging over it in the crop dialog (the numbers follow), as well as by typing them', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpVerified(page.request, baseURL!, { ...newPerson('Cal Crop'), password: 'correct horse battery' });
    const guide = await guideOfSteps(page.request, baseURL!, 'Crop a step', ['Open **Invoices**']);
    await page.goto(`/share/crop-a-step-${guide.id}/design`);
    await expect(page.getByRole('img', { name: 'Screenshot of step 1' })).toBeVisible();
    await page.getByRole('button', { name: 'Crop the screenshot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Crop the screenshot of step 1' });
    const picture = dialog.getByRole('img', { name: /Drag over the screenshot/ });
    await expect(picture).toBeVisible();
    // The dialog slides and grows into place as it opens (dialog.css, `dialog-in`): aim once it stands still.
    await dialog.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)));
    const area = (await picture.boundingBox())!;
    await page.mouse.move(area.x + area.width * 0.25, area.y + area.height * 0.25);
    await page.mouse.down();
    await page.mouse.move(area.x + area.width * 0.5, area.y + area.height * 0.5, { steps: 4 });
    await page.mouse.move(area.x + area.width * 0.75, area.y + area.height * 0.75, { steps: 4 });
    await page.mouse.up();
    const number = async (label: string) => Number(await dialog.getByLabel(label).inputValue());
    // The picture is drawn smaller than its 1280 × 800 pixels: a drag lands within a few of them.
    expect(Math.abs((await number('From the left')) - 320)).toBeLessThanOrEqual(4);
    expect(Math.abs((await number('From the top')) - 200)).toBeLessThanOrEqual(4);
    expect(Math.abs((await number('Width')) - 640)).toBeLessThanOrEqual(4);
    expect(Math.abs((await number('Height')) - 400)).toBeLessThanOrEqual(4);
    // Typed numbers still rule: the width is set exactly.
    await dialog.getByLabel('Width').fill('600');
    await dialog.getByRole('button', { name: 'Crop', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect
      .poll(async () => {
        const saved = (await (await page.request.get(`/api/guides/${guide.id}`)).json()) as GuideDto;
        return saved.slides[0]!.width;
      })
      .toBe(600);
  });
});
