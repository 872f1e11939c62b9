import { expect, test, type Locator, type Page } from '@playwright/test';
import type { FolderDto, GuideDto, GuideListDto } from '#shared/guides';
import { signUpVerified, newPerson as newFreshPerson } from '../support/browser-accounts';
import { pngImage } from '../support/images';
import { axeViolations } from '../support/a11y';

const PASSWORD = 'correct horse battery';

const newPerson = (name: string) => ({ ...newFreshPerson(name), password: PASSWORD });

/** The card's "…" menu, opened with the mouse: the panel must take the real pointer, not a card above it. */
async function openCardMenu(page: Page, title: string): Promise<Locator> {
  await page.getByRole('button', { name: `Actions for ${title}` }).click();
  const menu = page.getByRole('menu', { name: `Actions for ${title}` });
  await expect(menu).toBeVisible();
  // Every item is what the pointer meets at its centre: no card (the next one, a hovered one) lies over it.
  const covered = await menu.evaluate((panel) =>
    Array.from(panel.querySelectorAll<HTMLElement>('[role="menuitem"]')).flatMap((item) => {
      const box = item.getBoundingClientRect();
      const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
      return hit && item.contains(hit) ? [] : [`${item.textContent}: under ${hit?.className || hit?.tagName || 'nothing'}`];
    }),
  );
  expect(covered).toEqual([]);
  return menu;
}

/** Clicks at the item's centre with the mouse and checks first that nothing else covers that point. */
async function clickItem(page: Page, menu: Locator, name: string | RegExp): Promise<void> {
  const item = menu.getByRole('menuitem', { name });
  const box = (await item.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const onTop = await page.evaluate(
    ({ x, y }) => {
      const hit = document.elementFromPoint(x, y);
      return hit?.closest('[role="menuitem"]')?.textContent ?? hit?.outerHTML.slice(0, 120) ?? 'nothing';
    },
    { x, y },
  );
  expect(onTop).toMatch(name);
  await page.mouse.click(x, y);
}

async function listGuides(page: Page, query = ''): Promise<GuideDto[]> {
  const response = await page.request.get(`/api/guides${query}`);
  return ((await response.json()) as GuideListDto).items as GuideDto[];
}

test.describe('the guide card menu', () => {
  // A narrow window lays the cards out one under the other: the first card's menu opens over the second.
  test.use({ viewport: { width: 420, height: 1400 } });

  test('opens above every card and each item works with the mouse on recents, in a folder and in a search', async ({ page, baseURL, context }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await signUpVerified(page.request, baseURL!, newPerson('Mia Menu'));
    const headers = { origin: baseURL! };
    const folder = (await (await page.request.post('/api/folders', { data: { name: 'Support' }, headers })).json()) as FolderDto;
    for (const title of ['Refund an order', 'Reset a password']) {
      const guide = (await (await page.request.post('/api/guides', { data: { title }, headers })).json()) as GuideDto;
      // With a screenshot: the card shows it as its thumbnail, as a real guide's does.
      const image = await pngImage(1280, 800);
      const upload = await page.request.post(`/api/guides/${guide.id}/uploads`, { data: { contentType: 'image/png', contentLength: image.length }, headers });
      const { url, fields, key } = (await upload.json()) as { url: string; fields: Record<string, string>; key: string };
      await page.request.post(url, { multipart: { ...fields, file: { name: 'step.png', mimeType: 'image/png', buffer: image } } });
      const slide = await page.request.post(`/api/guides/${guide.id}/slides`, { data: { screenshotKey: key, text: `${title}: step one` }, headers });
      expect(slide.status()).toBe(201);
    }

    await test.step('recents: the first card’s menu lies over the card below it; Move files the guide', async () => {
      await page.goto('/dashboard/recents');
      const cards = page.getByRole('list', { name: 'Guides' }).getByRole('article');
      await expect(cards).toHaveCount(2);
      const first = (await cards.first().getByRole('heading').textContent())!;
      const menu = await openCardMenu(page, first);
      // The panel reaches past its own card onto the next one: that is where it was hidden before.
      const panel = (await menu.boundingBox())!;
      const below = (await cards.nth(1).boundingBox())!;
      expect(below.y).toBeGreaterThan(panel.y);
      expect(panel.y + panel.height).toBeGreaterThan(below.y);
      expect(await axeViolations(page)).toEqual([]);
      await clickItem(page, menu, /Move to folder/);
      const dialog = page.getByRole('dialog', { name: 'Move guide' });
      await dialog.getByRole('radio', { name: 'Support' }).check();
      await dialog.getByRole('button', { name: 'Move' }).click();
      await expect(dialog).toBeHidden();
      await expect.poll(async () => (await listGuides(page, `?folderId=${folder.id}`)).map((g) => g.title)).toEqual([first]);
    });

    await test.step('recents: Duplicate makes a copy', async () => {
      const first = (await page.getByRole('list', { name: 'Guides' }).getByRole('article').first().getByRole('heading').textContent())!;
      await clickItem(page, await openCardMenu(page, first), 'Duplicate');
      await expect(page.getByText('Guide duplicated')).toBeVisible();
      await expect.poll(async () => (await listGuides(page)).length).toBe(3);
    });

    await test.step('in a folder: Copy share link copies the link, Embed asks for Pro on the free plan', async () => {
      await page.goto(`/dashboard/folder/${folder.id}`);
      const cards = page.getByRole('list', { name: 'Guides' }).getByRole('article');
      await expect(cards.first()).toBeVisible();
      const first = (await cards.first().getByRole('heading').textContent())!;
      await clickItem(page, await openCardMenu(page, first), 'Copy share link');
      await expect(page.getByText('Share link copied')).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/share\/[A-Za-z0-9-]+$/);
      await clickItem(page, await openCardMenu(page, first), /Embed/);
      await expect(page).toHaveURL(/subscribe=true/);
    });

    await test.step('in a search: Rename and Delete open their dialogs, Export offers the trial on the free plan; Delete deletes', async () => {
      await page.goto('/dashboard/recents?q=Reset');
      const cards = page.getByRole('list', { name: 'Guides matching Reset' }).getByRole('article');
      await expect(cards.first()).toBeVisible();
      const first = (await cards.first().getByRole('heading').textContent())!;

      await clickItem(page, await openCardMenu(page, first), /Rename/);
      const rename = page.getByRole('dialog', { name: 'Rename guide' });
      await expect(rename).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(rename).toBeHidden();

      const menu = await openCardMenu(page, first);
      await expect(menu.getByRole('menuitem', { name: /Export/ })).toContainText('A Pro feature: start a trial');
      await clickItem(page, menu, /Export/);
      const offer = page.getByRole('dialog', { name: 'Get started with Stepcast' });
      await expect(offer).toBeVisible();
      await expect(page.getByRole('dialog', { name: 'Export guide' })).toHaveCount(0);
      await page.keyboard.press('Escape');
      await expect(offer).toBeHidden();

      const before = (await listGuides(page)).length;
      await clickItem(page, await openCardMenu(page, first), /Delete/);
      const confirm = page.getByRole('dialog', { name: 'Delete this guide?' });
      await confirm.getByRole('button', { name: 'Delete guide' }).click();
      await expect(page.getByText('Guide deleted')).toBeVisible();
      await expect.poll(async () => (await listGuides(page)).length).toBe(before - 1);
    });

    await test.step('the keyboard opens the menu, moves through it and Escape returns to the button', async () => {
      await page.goto('/dashboard/recents');
      const first = (await page.getByRole('list', { name: 'Guides' }).getByRole('article').first().getByRole('heading').textContent())!;
      const trigger = page.getByRole('button', { name: `Actions for ${first}` });
      await trigger.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('menuitem', { name: 'Open in editor' })).toBeFocused();
      await page.keyboard.press('End');
      await expect(page.getByRole('menuitem', { name: /Delete/ })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toHaveCount(0);
      await expect(trigger).toBeFocused();
    });
  });
});
