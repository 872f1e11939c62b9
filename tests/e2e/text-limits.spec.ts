import { expect, test, type Locator, type Page } from '@playwright/test';
import type { GuideDto } from '#shared/guides';
import { signUpVerified, newPerson } from '../support/browser-accounts';
import { guideOfSteps } from '../support/browser-guides';
import { axeViolations } from '../support/a11y';

/**
 * Limits said aloud (issue 27): a limited field shows its limit before it bites, and when a
 * paste is cut it says so, visibly and to screen readers, instead of keeping the first 2,000
 * characters without a word.
 */
async function paste(page: Page, field: Locator, text: string): Promise<void> {
  await page.evaluate((value) => navigator.clipboard.writeText(value), text);
  await field.focus();
  await page.keyboard.press('Control+v');
}

async function savedGuide(page: Page, id: string): Promise<GuideDto> {
  return (await (await page.request.get(`/api/guides/${id}`)).json()) as GuideDto;
}

test.describe('design view: limits said aloud', () => {
  test('pasting 10,000 characters into a step, a label and a card field: each says it was cut, and to how many characters', async ({ page, baseURL, context }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
    await signUpVerified(page.request, baseURL!, { ...newPerson('Lena Limits'), password: 'correct horse battery' });
    const guide = await guideOfSteps(page.request, baseURL!, 'File a claim', ['Open **Claims**', 'Click **New claim**']);
    await page.goto(`/share/file-a-claim-${guide.id}/design`);
    const text = page.getByLabel('Step 1 text');
    await expect(text).toHaveValue('Open **Claims**');

    await test.step('the step text names its limit before it bites', async () => {
      await expect(text).toHaveAccessibleDescription(/Up to 2,000 characters\./);
      await expect(page.getByText('15 / 2,000', { exact: true })).toBeVisible();
    });

    await test.step('a paste of 10,000 characters keeps 2,000 and says so, in a live region', async () => {
      await text.fill('');
      await paste(page, text, 'x'.repeat(10_000));
      await expect(text).toHaveValue('x'.repeat(2_000));
      const said = page.getByRole('status').filter({ hasText: 'Pasted text was cut to 2,000 characters.' });
      await expect(said).toBeVisible();
      await expect(page.getByText('2,000 / 2,000', { exact: true })).toBeVisible();
      await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: /^Step 1 of 2/ }).focus();
      await expect.poll(async () => (await savedGuide(page, guide.id)).slides[0]!.text?.length).toBe(2_000);
      expect(await axeViolations(page)).toEqual([]);
    });

    await test.step('an annotation label shows its 80 characters and says when a paste was cut', async () => {
      await page.getByRole('group', { name: 'Annotation tool' }).getByRole('button', { name: 'Label' }).click();
      const screenshot = page.getByRole('img', { name: 'Screenshot of step 1' });
      const box = (await screenshot.boundingBox())!;
      await page.mouse.click(box.x + box.width * 0.2, box.y + box.height * 0.2);
      const label = page.getByRole('textbox', { name: /^Label text/ });
      await expect(label).toBeFocused();
      await expect(label).toHaveAccessibleDescription('Up to 80 characters.');
      await expect(page.getByText('0 / 80', { exact: true })).toBeVisible();
      const long = 'Click the Save button at the bottom right of the expense form, then wait for it to finish';
      await paste(page, label, long);
      await expect(label).toHaveValue(long.slice(0, 80));
      await expect(page.getByRole('status').filter({ hasText: 'Pasted text was cut to 80 characters.' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await label.press('Enter');
    });

    await test.step('a card field says its limit and the cut too', async () => {
      const title = page.getByLabel('Intro title');
      await expect(title).toHaveAccessibleDescription(/Up to \d+ characters\./);
      await title.fill('');
      await paste(page, title, 'A'.repeat(1_000));
      const max = (await title.inputValue()).length;
      expect(max).toBeLessThan(1_000);
      await expect(page.getByRole('status').filter({ hasText: `Pasted text was cut to ${max} characters.` })).toBeVisible();
    });
  });
});
