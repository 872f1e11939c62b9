import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { GuideDto } from '#shared/guides';
import { signUpVerified, newPerson as newFreshPerson } from '../support/browser-accounts';
import { guideOfSteps } from '../support/browser-guides';
import { axeViolations } from '../support/a11y';

const THREE_STEPS = ['Open **Invoices**', 'Click **Pay**', 'Click **Confirm**'];

const PASSWORD = 'correct horse battery';

const newPerson = (name: string) => ({ ...newFreshPerson(name), password: PASSWORD });

async function savedGuide(page: Page, id: string): Promise<GuideDto> {
  return (await (await page.request.get(`/api/guides/${id}`)).json()) as GuideDto;
}

test.describe('design view: undo and redo', () => {
  test('an author deletes a step and edits a text, then undoes both with the keyboard and the buttons; the step comes back with its screenshot', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    await signUpVerified(page.request, baseURL!, newPerson('Uma Undo'));
    const guide = await guideOfSteps(page.request, baseURL!, 'Pay an invoice', THREE_STEPS);
    const [first, second, third] = guide.slides;
    await page.goto(`/share/pay-an-invoice-${guide.id}/design`);
    const rail = page.getByRole('list', { name: 'Steps' });
    await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);
    const undo = page.getByRole('button', { name: 'Undo', exact: true });
    const redo = page.getByRole('button', { name: 'Redo', exact: true });
    await expect(undo).toHaveAttribute('aria-disabled', 'true');

    await test.step('delete step 2 from the rail: it is gone here and on the server', async () => {
      await rail.getByRole('button', { name: /^Step 2 of 3/ }).click();
      await page.keyboard.press('Delete');
      await expect(rail.getByRole('button', { name: /^Step \d of 2/ })).toHaveCount(2);
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides.map((s) => s.id)).toEqual([first!.id, third!.id]);
      // The slide leaves the table first, then its screenshot leaves storage, before the DELETE answers.
      await expect.poll(async () => (await page.request.get(second!.screenshotUrl!)).status()).toBe(404);
    });

    await test.step('edit step 1’s text; it saves', async () => {
      await rail.getByRole('button', { name: /^Step 1 of 2/ }).click();
      await page.getByLabel('Step 1 text').fill('Open the **Invoices** page');
      await rail.getByRole('button', { name: /^Step 1 of 2/ }).focus();
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides[0]!.text).toBe('Open the **Invoices** page');
    });

    await test.step('Ctrl+Z puts the text back, a second Ctrl+Z brings step 2 back whole', async () => {
      await page.keyboard.press('Control+z');
      await expect(page.getByLabel('Step 1 text')).toHaveValue('Open **Invoices**');
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides[0]!.text).toBe('Open **Invoices**');
      await page.keyboard.press('Control+z');
      await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides.map((s) => s.id)).toEqual([first!.id, second!.id, third!.id]);
      const image = page.getByRole('img', { name: 'Screenshot of step 2' });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1280);
      expect((await page.request.get(second!.screenshotUrl!)).status()).toBe(200);
      await expect(page.getByLabel('Step 2 text')).toHaveValue('Click **Pay**');
    });

    await test.step('Ctrl+Shift+Z deletes it again; the Undo button brings it back once more', async () => {
      await rail.getByRole('button', { name: /^Step 1 of 3/ }).focus();
      await page.keyboard.press('Control+Shift+Z');
      await expect(rail.getByRole('button', { name: /^Step \d of 2/ })).toHaveCount(2);
      // The text edit undone before is still there to redo.
      await expect(redo).toHaveAttribute('aria-disabled', 'false');
      await undo.click();
      await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides.map((s) => s.id)).toEqual([first!.id, second!.id, third!.id]);
      expect(await axeViolations(page)).toEqual([]);
    });

    await test.step('a step added from an image is taken away by Ctrl+Z and comes back with Ctrl+Shift+Z', async () => {
      await page.getByRole('button', { name: 'Add steps', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add steps from images' });
      const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#7c3aed' } }).png().toBuffer();
      await dialog.getByLabel('Choose images').setInputFiles([{ name: 'step-4.png', mimeType: 'image/png', buffer: png }]);
      await dialog.getByRole('button', { name: 'Add step' }).click();
      await expect(dialog).toBeHidden({ timeout: 15_000 });
      await expect(rail.getByRole('button', { name: /^Step \d of 4/ })).toHaveCount(4);
      await rail.getByRole('button', { name: /^Step 1 of 4/ }).focus();
      await page.keyboard.press('Control+z');
      await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides.length).toBe(3);
      await page.keyboard.press('Control+Shift+Z');
      await expect(rail.getByRole('button', { name: /^Step \d of 4/ })).toHaveCount(4);
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides.map((s) => s.width)).toEqual([1280, 1280, 1280, 640]);
    });
  });

  test('the save status says when edits wait offline and sends them once back online; `?` lists the shortcuts', async ({ page, baseURL, context }) => {
    test.setTimeout(60_000);
    await signUpVerified(page.request, baseURL!, newPerson('Otto Offline'));
    const guide = await guideOfSteps(page.request, baseURL!, 'Refund an order', THREE_STEPS);
    await page.goto(`/share/refund-an-order-${guide.id}/design`);
    const rail = page.getByRole('list', { name: 'Steps' });
    await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);
    const status = page.getByRole('status').filter({ hasText: /Saved|Saving|Offline|Changes save/ });

    await test.step('`?` opens the shortcuts sheet; Escape closes it', async () => {
      await rail.getByRole('button', { name: /^Step 1 of 3/ }).focus();
      await page.keyboard.press('?');
      const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
      await expect(sheet).toBeVisible();
      await expect(sheet.getByRole('row', { name: /Undo the last change/ })).toBeVisible();
      await expect(sheet.getByRole('row', { name: /Move the step up or down/ })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
    });

    await test.step('offline, an edit is kept and the status says so', async () => {
      await context.setOffline(true);
      await page.getByLabel('Step 1 text').fill('Open the **Orders** page');
      await rail.getByRole('button', { name: /^Step 1 of 3/ }).focus();
      await expect(status).toHaveText('Offline — changes kept');
      expect((await savedGuide(page, guide.id)).slides[0]!.text).toBe('Open **Invoices**');
    });

    await test.step('back online, it is saved', async () => {
      await context.setOffline(false);
      await expect(status).toHaveText('Saved');
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides[0]!.text).toBe('Open the **Orders** page');
    });
  });

  test('two tabs on one guide: an edit of another field made from an older copy saves and overwrites nothing, and the tab then shows the other tab’s text', async ({
    page,
    baseURL,
    context,
  }) => {
    test.setTimeout(60_000);
    await signUpVerified(page.request, baseURL!, newPerson('Theo Tabs'));
    const guide = await guideOfSteps(page.request, baseURL!, 'Approve an expense', THREE_STEPS);
    const designPath = `/share/approve-an-expense-${guide.id}/design`;
    const other = await context.newPage();
    await page.goto(designPath);
    await other.goto(designPath);
    const otherText = other.getByLabel('Step 1 text', { exact: true });
    await expect(otherText).toHaveValue('Open **Invoices**');

    await test.step('the first tab saves a new text', async () => {
      await page.getByLabel('Step 1 text').fill('Open **Expenses**');
      await page.getByLabel('Narration').focus();
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides[0]!.text).toBe('Open **Expenses**');
    });

    await test.step('the second tab saves the narration of the same step: another field, saved, and the text is not overwritten', async () => {
      await other.getByLabel('Narration').fill('Open the expenses list.');
      await otherText.focus();
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides[0]!.narration).toBe('Open the expenses list.');
      expect((await savedGuide(page, guide.id)).slides[0]!.text).toBe('Open **Expenses**');
      await expect(other.getByRole('alert')).toHaveCount(0);
      // Its own save read the guide again: the unedited text field now shows the first tab's words.
      await expect(otherText).toHaveValue('Open **Expenses**');
      expect(await axeViolations(other)).toEqual([]);
    });
  });

  test('the click point is dragged with the mouse or moved with the arrow keys (and undone), and the zoom slider previews the zoomed frame live', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await signUpVerified(page.request, baseURL!, newPerson('Dora Drag'));
    const guide = await guideOfSteps(page.request, baseURL!, 'Send an invoice', THREE_STEPS);
    await page.goto(`/share/send-an-invoice-${guide.id}/design`);
    const ring = page.getByRole('button', { name: /^Click point/ });
    await expect(ring).toHaveAccessibleName(/32\.03% from the left and 41% from the top/);
    const image = page.getByRole('img', { name: 'Screenshot of step 1' });

    await test.step('drag the ring to three quarters across, a quarter down: saved once, where it was dropped', async () => {
      const ringBox = (await ring.boundingBox())!;
      const imageBox = (await image.boundingBox())!;
      await page.mouse.move(ringBox.x + ringBox.width / 2, ringBox.y + ringBox.height / 2);
      await page.mouse.down();
      for (let i = 1; i <= 5; i++) {
        await page.mouse.move(imageBox.x + imageBox.width * (0.32 + (0.43 * i) / 5), imageBox.y + imageBox.height * (0.41 - (0.16 * i) / 5));
      }
      await page.mouse.up();
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides[0]!.click).toEqual({ x: 960, y: 200 });
      await expect(ring).toHaveAccessibleName(/75% from the left and 25% from the top/);
    });

    await test.step('Ctrl+Z puts it back; the arrow keys move it a percent at a time', async () => {
      await page.keyboard.press('Control+z');
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides[0]!.click).toEqual({ x: 410, y: 328 });
      await ring.focus();
      for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Shift+ArrowDown');
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides[0]!.click).toEqual({ x: Math.round(1280 * 0.3503), y: Math.round(800 * 0.46) });
    });

    await test.step('moving the step’s zoom slider shows the zoomed frame at once, as the player will', async () => {
      const canvas = page.locator('.stage__canvas');
      await expect(canvas).toHaveCSS('transform', 'none');
      await page.getByRole('checkbox', { name: /Use the guide’s zoom/ }).uncheck();
      const slider = page.getByRole('slider', { name: 'Zoom for this step' });
      await slider.focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('button', { name: 'Preview zoom' })).toHaveAttribute('aria-pressed', 'true');
      await expect(canvas).toHaveCSS('transform', 'matrix(2, 0, 0, 2, 0, 0)');
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides[0]!.zoomLevel).toBe(2);
      await ring.focus();
      await expect(page.getByRole('button', { name: 'Preview zoom' })).toHaveAttribute('aria-pressed', 'false');
      await expect(canvas).toHaveCSS('transform', 'none');
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  test('a step is duplicated right after itself, and the copy goes with Ctrl+Z and comes back with Ctrl+Shift+Z', async ({ page, baseURL }) => {
    test.setTimeout(60_000);
    await signUpVerified(page.request, baseURL!, newPerson('Dan Duplicate'));
    const guide = await guideOfSteps(page.request, baseURL!, 'Copy a step', THREE_STEPS);
    const [first] = guide.slides;
    await page.goto(`/share/copy-a-step-${guide.id}/design`);
    const rail = page.getByRole('list', { name: 'Steps' });
    await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);

    await page.getByRole('button', { name: 'Duplicate this step' }).click();
    await expect(rail.getByRole('button', { name: /^Step \d of 4/ })).toHaveCount(4);
    await expect(rail.getByRole('button', { name: /^Step 2 of 4/ })).toHaveAttribute('aria-current', 'step');
    await expect(page.getByLabel('Step 2 text')).toHaveValue('Open **Invoices**');
    let saved = await savedGuide(page, guide.id);
    expect(saved.slides.map((s) => s.text)).toEqual(['Open **Invoices**', 'Open **Invoices**', 'Click **Pay**', 'Click **Confirm**']);
    expect(saved.slides[1]!.screenshotKey).toBe(first!.screenshotKey);
    const copyId = saved.slides[1]!.id;

    await rail.getByRole('button', { name: /^Step 2 of 4/ }).focus();
    await page.keyboard.press('Control+z');
    await expect(rail.getByRole('button', { name: /^Step \d of 3/ })).toHaveCount(3);
    await expect.poll(async () => (await savedGuide(page, guide.id)).slides.length).toBe(3);
    await page.keyboard.press('Control+Shift+Z');
    await expect(rail.getByRole('button', { name: /^Step \d of 4/ })).toHaveCount(4);
    saved = await savedGuide(page, guide.id);
    expect(saved.slides.map((s) => s.id)[1]).toBe(copyId);
  });
});
