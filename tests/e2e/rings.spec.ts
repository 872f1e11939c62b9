import { expect, test } from '@playwright/test';
import type { GuideDto } from '#shared/guides';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { newPerson, signUpVerified } from '../support/browser-accounts';
import { uploadScreenshot } from '../support/browser-guides';
import { CLICKS, markedScreen, ringOffsets } from '../support/ring-pixels';

test.describe('the highlight ring', () => {
  test('sits on the click on the share page once zoomed, read back from its pixels within 2 px', async ({ page, baseURL }) => {
    const person = newPerson('Rina Ring');
    await signUpVerified(page.request, baseURL!, { name: person.name, email: person.email, password: 'correct horse battery' });
    const headers = { origin: baseURL! };
    const guide = (await (await page.request.post('/api/guides', { data: { title: 'Ring share' }, headers })).json()) as GuideDto;
    for (const [i, click] of CLICKS.entries()) {
      const screenshotKey = await uploadScreenshot(page.request, baseURL!, guide.id, await markedScreen(click));
      const slide = await page.request.post(`/api/guides/${guide.id}/slides`, { data: { screenshotKey, text: `Step **${i + 1}**`, click }, headers });
      expect(slide.status()).toBe(201);
    }
    expect((await page.request.patch(`/api/guides/${guide.id}`, { data: { status: 'published' }, headers })).status()).toBe(200);

    await page.setViewportSize({ width: 1280, height: 900 });
    for (const [i] of CLICKS.entries()) {
      await page.goto(`/share/ring-share-${guide.id}?step=${i + 1}`);
      await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
      const player = page.getByRole('region', { name: /^Guide player/ });
      await expect(player.locator('.player__ring--visible')).toBeAttached();
      // the zoom's transition over: the picture holds still
      await player.locator('.player__canvas').evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
      const rings = await ringOffsets(await player.locator('.player__stage').screenshot({ animations: 'disabled' }));
      expect(rings, `step ${i + 1}`).toHaveLength(1);
      expect(rings[0]!.offset, `step ${i + 1}: ring at ${rings[0]!.x.toFixed(1)},${rings[0]!.y.toFixed(1)}`).toBeLessThanOrEqual(2);
    }
  });
});
