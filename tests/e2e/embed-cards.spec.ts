import { expect, test } from '@playwright/test';
import type { GuideDto } from '#shared/guides';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { newPerson, signUpVerified } from '../support/browser-accounts';
import { becomePro, guideOfSteps, publishThroughApi } from '../support/browser-guides';

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe('the small embed’s intro card', () => {
  test('at 360×260 the intro card and the caption never overlap, and Space starts the guide on the card as on any step', async ({ page, baseURL }) => {
    const person = newPerson('Ezra Embed');
    await signUpVerified(page.request, baseURL!, { ...person, password: 'correct horse battery' });
    await becomePro(page.request, baseURL!);
    const made = await guideOfSteps(page.request, baseURL!, 'Pay a bill', [
      { text: 'Open **Bills**', narration: 'Open the bills page from the menu on the left of the screen.' },
      { text: 'Click **Pay**', narration: 'Click pay.' },
    ]);
    const patched = await page.request.patch(`/api/guides/${made.id}`, {
      data: { introCard: { title: 'Pay a bill in two steps', subtitle: 'From the bills page to a paid bill' } },
      headers: { origin: baseURL! },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    const guide: GuideDto = await publishThroughApi(page.request, baseURL!, made.id);

    await page.setViewportSize({ width: 360, height: 260 });
    await page.goto(`/share/pay-a-bill-${guide.id}/embed`);
    await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
    const player = page.getByRole('region', { name: /^Guide player/ });
    const card = player.getByTestId('player-intro');
    await expect(card).toBeVisible();
    const caption = player.locator('.player__caption');
    if (await caption.isVisible()) {
      const captionBox = (await caption.boundingBox())!;
      for (const part of [card.getByRole('heading'), card.getByText('From the bills page to a paid bill'), card.getByRole('button')]) {
        const box = (await part.boundingBox())!;
        expect(overlaps(captionBox, box), `caption ${JSON.stringify(captionBox)} over ${JSON.stringify(box)}`).toBe(false);
      }
    }

    // Space, with nothing focused, as on a step: the guide plays, the card gives way to step 1.
    await page.locator('body').focus();
    await page.keyboard.press('Space');
    await expect(player.getByRole('button', { name: 'Pause', exact: true })).toBeVisible();
    await expect(card).toBeHidden({ timeout: 10_000 });
    await expect(player.getByRole('status')).toHaveText(/^Step 1 of 2/);
  });
});
