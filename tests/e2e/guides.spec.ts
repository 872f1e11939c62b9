import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signUpVerified, newPerson } from '../support/browser-accounts';
import sharp from 'sharp';
import type { FolderDto, GuideDto } from '#shared/guides';
import { axeViolations } from '../support/a11y';

const PASSWORD = 'correct horse battery';

async function signUp(page: Page, baseURL: string, name: string) {
  const person = newPerson(name);
  await signUpVerified(page.request, baseURL, { ...person, password: PASSWORD });
  return person;
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** A screenshot-like PNG (1280 × 800) that says which step it is. */
async function screenshotPng(step: number): Promise<Buffer> {
  const colour = ['#4338ca', '#0f766e', '#b45309'][step - 1] ?? '#334155';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800">
    <rect width="1280" height="800" fill="#f8fafc"/>
    <rect width="1280" height="64" fill="${colour}"/>
    <rect x="380" y="110" width="860" height="300" rx="12" fill="#fff" stroke="#cbd5e1"/>
    <text x="420" y="200" font-size="48" fill="#0f172a" font-family="sans-serif">Screen ${step}</text>
    <rect x="${420 + step * 80}" y="300" width="220" height="56" rx="10" fill="${colour}"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function getGuide(request: APIRequestContext, id: string): Promise<GuideDto> {
  const response = await request.get(`/api/guides/${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as GuideDto;
}

test.describe('guides, folders and screenshots', () => {
  test('a new user creates a folder, makes a guide from three screenshots, reorders it, files it, finds it and deletes it', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const title = 'Invite a teammate';
    await signUp(page, baseURL!, 'Gina Guides');

    await test.step('recents starts empty and says what to do next', async () => {
      await page.goto('/dashboard/recents');
      await expect(page.getByRole('heading', { level: 1, name: 'Recents' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Create your first guide' })).toBeVisible();
      await expect(page.getByRole('link', { name: /Get the extension/ })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    let folder: FolderDto;
    await test.step('a folder is created from the sidebar', async () => {
      await page.getByRole('button', { name: 'New folder' }).click();
      const dialog = page.getByRole('dialog', { name: 'New folder' });
      await dialog.getByLabel('Folder name').fill('Onboarding');
      await dialog.getByRole('button', { name: 'Create folder' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('navigation').getByRole('link', { name: 'Onboarding' })).toBeVisible();
      const folders = (await (await page.request.get('/api/folders')).json()) as FolderDto[];
      folder = folders.find((item) => item.name === 'Onboarding')!;
      expect(folder).toBeDefined();
    });

    let guideId = '';
    await test.step('a guide is made from three screenshots, each a step in order, and the design view opens', async () => {
      await page.getByRole('button', { name: 'New guide from screenshots' }).first().click();
      await expect(page).toHaveURL(/\?new=screenshots$/);
      const dialog = page.getByRole('dialog', { name: 'New guide from screenshots' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Choose images').setInputFiles([
        { name: 'step-1.png', mimeType: 'image/png', buffer: await screenshotPng(1) },
        { name: 'step-2.png', mimeType: 'image/png', buffer: await screenshotPng(2) },
        { name: 'step-3.png', mimeType: 'image/png', buffer: await screenshotPng(3) },
        { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') },
      ]);
      await expect(dialog.getByText('notes.txt is not a PNG, JPEG or WebP image.')).toBeVisible();
      await expect(dialog.getByRole('list', { name: 'Screenshots to upload' }).getByRole('listitem')).toHaveCount(3);
      await dialog.getByRole('button', { name: 'Create guide' }).click();

      await expect(page).toHaveURL(/\/share\/invite-a-teammate-[A-Za-z0-9]{12}\/design$/, { timeout: 30_000 });
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      guideId = new URL(page.url()).pathname.split('/')[2]!.slice(-12);

      const guide = await getGuide(page.request, guideId);
      expect(guide.slides).toHaveLength(3);
      expect(guide.slides.map((slide) => [slide.width, slide.height])).toEqual([
        [1280, 800],
        [1280, 800],
        [1280, 800],
      ]);
      expect(guide.slides.map((slide) => slide.screenshotKey!.split('.').at(-1))).toEqual(['png', 'png', 'png']);
      const rail = page.getByRole('list', { name: 'Steps' });
      await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);
      await expectNoAxeViolations(page);
    });

    await test.step('the third step is moved first with the keyboard, and the order is saved', async () => {
      const [first, second, third] = (await getGuide(page.request, guideId)).slides.map((slide) => slide.id);
      const rail = page.getByRole('list', { name: 'Steps' });
      await rail.getByRole('button', { name: /^Step 3 of 3/ }).click();
      await page.keyboard.press('Alt+ArrowUp');
      await expect(rail.getByRole('button', { name: /^Step 2 of 3/ })).toHaveAttribute('data-slide-id', third!);
      await expect(rail.getByRole('button', { name: /^Step 2 of 3/ })).toBeFocused();
      await page.keyboard.press('Alt+ArrowUp');
      await expect(rail.getByRole('button', { name: /^Step 1 of 3/ })).toHaveAttribute('data-slide-id', third!);
      await expect(rail.getByRole('button', { name: /^Step 1 of 3/ })).toBeFocused();
      await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

      await expect.poll(async () => (await getGuide(page.request, guideId)).slides.map((slide) => slide.id)).toEqual([third, first, second]);
      await page.reload();
      await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: /^Step 1 of 3/ })).toHaveAttribute('data-slide-id', third!);
    });

    await test.step('a step dragged below the last one becomes the last', async () => {
      const [third, first, second] = (await getGuide(page.request, guideId)).slides.map((slide) => slide.id);
      const items = page.getByRole('list', { name: 'Steps' }).getByRole('listitem');
      const last = items.nth(2);
      const box = (await last.boundingBox())!;
      await items.nth(0).dragTo(last, { targetPosition: { x: box.width / 2, y: box.height - 4 } });
      await expect.poll(async () => (await getGuide(page.request, guideId)).slides.map((slide) => slide.id)).toEqual([first, second, third]);
      await expect(page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: /^Step 3 of 3/ })).toHaveAttribute('data-slide-id', third!);
    });

    await test.step('the guide is moved to the folder by dropping its card on it', async () => {
      await page.getByRole('link', { name: 'Recents' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Recents' })).toBeVisible();
      const card = page.getByRole('article', { name: title });
      await expect(card).toContainText('3 steps');
      await card.dragTo(page.getByRole('navigation').getByRole('link', { name: 'Onboarding' }));
      await expect(page.getByText('Moved to Onboarding')).toBeVisible();
      await expect.poll(async () => (await getGuide(page.request, guideId)).folderId).toBe(folder.id);
      await expect(card.getByText('Onboarding')).toBeVisible();
    });

    await test.step('it is in the folder, and found in recents by its title', async () => {
      await page.getByRole('navigation').getByRole('link', { name: 'Onboarding' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Onboarding' })).toBeVisible();
      await expect(page.getByRole('article', { name: title })).toBeVisible();
      await expectNoAxeViolations(page);

      await page.getByRole('link', { name: 'Recents' }).click();
      await page.getByLabel('Search guides by title').fill('teammate');
      await expect(page).toHaveURL(/\/dashboard\/recents\?q=teammate$/);
      await expect(page.getByRole('list', { name: 'Guides matching teammate' }).getByRole('article', { name: title })).toBeVisible();
      await page.getByLabel('Search guides by title').fill('no such guide');
      await expect(page.getByRole('heading', { name: 'No guides match “no such guide”' })).toBeVisible();
      await page.getByRole('button', { name: 'Clear search' }).click();
      await expect(page).toHaveURL(/\/dashboard\/recents$/);
      await expect(page.getByRole('article', { name: title })).toBeVisible();
      await expectNoAxeViolations(page);
    });

    await test.step('it is deleted from its card, after a confirmation', async () => {
      await page.getByRole('button', { name: `Actions for ${title}` }).click();
      await page.getByRole('menuitem', { name: 'Delete…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this guide?' });
      await expect(dialog).toContainText('3 steps');
      await dialog.getByRole('button', { name: 'Delete guide' }).click();
      await expect(page.getByRole('article', { name: title })).toHaveCount(0);
      await expect(page.getByText('Guide deleted')).toBeVisible();
      await expect.poll(async () => (await page.request.get(`/api/guides/${guideId}`)).status()).toBe(404);
      await expect(page.getByRole('heading', { name: 'Create your first guide' })).toBeVisible();
    });
  });

  test('the Move action files a guide without a pointer, and a deleted step comes back with Undo', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    // The page's clock runs as usual, and is moved on at the end: nothing the app timed may delete the step later.
    await page.clock.install();
    await signUp(page, baseURL!, 'Kim Keyboard');
    const folder = (await (await page.request.post('/api/folders', { data: { name: 'Billing' }, headers: { origin: baseURL! } })).json()) as FolderDto;
    const created = await page.request.post('/api/guides', { data: { title: 'Pay an invoice' }, headers: { origin: baseURL! } });
    const guide = (await created.json()) as GuideDto;
    for (const text of ['Open invoices', 'Click Pay']) {
      await page.request.post(`/api/guides/${guide.id}/slides`, { data: { text }, headers: { origin: baseURL! } });
    }

    await page.goto('/dashboard/recents');
    const menuButton = page.getByRole('button', { name: 'Actions for Pay an invoice' });
    await menuButton.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Open in editor' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Move to folder…' })).toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move guide' });
    await dialog.getByRole('radio', { name: 'Billing' }).check();
    await dialog.getByRole('button', { name: 'Move' }).click();
    await expect(dialog).toBeHidden();
    await expect(menuButton).toBeFocused();
    await expect.poll(async () => (await getGuide(page.request, guide.id)).folderId).toBe(folder.id);

    await page.getByRole('link', { name: 'Pay an invoice' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Pay an invoice' })).toBeVisible();
    const rail = page.getByRole('list', { name: 'Steps' });
    await rail.getByRole('button', { name: /^Step 2 of 2/ }).click();
    await page.keyboard.press('Delete');
    await expect(rail.getByRole('button', { name: /^Step 1 of 1/ })).toHaveCount(1);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(rail.getByRole('button', { name: /^Step \d of 2/ })).toHaveCount(2);
    await expect.poll(async () => (await getGuide(page.request, guide.id)).slides.length).toBe(2);
    await page.clock.runFor(60_000);
    expect((await getGuide(page.request, guide.id)).slides).toHaveLength(2);
  });
});
