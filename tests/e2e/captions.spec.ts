import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { GuideDto } from '#shared/guides';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { newPerson, signUpVerified } from '../support/browser-accounts';
import { becomePro, numberedScreen, uploadScreenshot } from '../support/browser-guides';

const FIDELITY = 'Click Save & Send — then wait 🎉 for <b>Sent</b>.';
// Thirty numbered sentences: the first cue reads like no other, so a cue that changed reads differently
// whenever it is looked at (one sentence said thirty times came back as the first cue's words 78% of the time).
const LONG = Array.from({ length: 30 }, (_, i) => `Open the billing settings, part ${i + 1} of 30, and choose the plan your team needs before the trial ends.`).join(' ');

/** A published guide of two steps: one narration with symbols and tags, one of 3,000 characters. */
async function captionedGuide(request: APIRequestContext, baseURL: string): Promise<GuideDto> {
  const headers = { origin: baseURL };
  const created = await request.post('/api/guides', { data: { title: 'Send an invoice' }, headers });
  expect(created.status()).toBe(201);
  const guide = (await created.json()) as GuideDto;
  for (const [index, narration] of [FIDELITY, LONG].entries()) {
    const screenshotKey = await uploadScreenshot(request, baseURL, guide.id, await numberedScreen(index + 1));
    const slide = await request.post(`/api/guides/${guide.id}/slides`, {
      data: { screenshotKey, text: `Step **${index + 1}**`, narration, click: { x: 600, y: 300 } },
      headers,
    });
    expect(slide.status()).toBe(201);
  }
  expect((await request.patch(`/api/guides/${guide.id}`, { data: { status: 'published' }, headers })).status()).toBe(200);
  return (await (await request.get(`/api/guides/${guide.id}`)).json()) as GuideDto;
}


async function open(page: Page, url: string): Promise<Locator> {
  await page.goto(url);
  await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
  return page.getByRole('region', { name: /^Guide player/ });
}

/** The caption sits inside the player's picture, on two lines at most (read in one go: playing, the cue changes fast). */
async function expectCaptionInsideStage(player: Locator) {
  await expect(player.locator('.player__caption')).toBeVisible();
  const { lines, caption, stage } = await player.locator('.player__stage').evaluate((el) => {
    const shown = el.querySelector<HTMLElement>('.player__caption')!;
    const box = (rect: DOMRect) => ({ top: rect.top, bottom: rect.bottom, height: rect.height });
    return { lines: Number(shown.dataset['lines']), caption: box(shown.getBoundingClientRect()), stage: box(el.getBoundingClientRect()) };
  });
  expect(lines).toBeLessThanOrEqual(2);
  expect(caption.top).toBeGreaterThanOrEqual(stage.top);
  expect(caption.bottom).toBeLessThanOrEqual(stage.bottom + 0.5);
  expect(caption.height).toBeLessThan(stage.height / 2);
}

test.describe('captions', () => {
  test('the player and the embed show the author’s caption text as written, and a 3,000-character narration as two-line cues inside the picture', async ({ page, baseURL }) => {
    const person = newPerson('Cora Captions');
    await signUpVerified(page.request, baseURL!, { name: person.name, email: person.email, password: 'correct horse battery' });
    await becomePro(page.request, baseURL!);
    const guide = await captionedGuide(page.request, baseURL!);
    const share = `/share/send-an-invoice-${guide.id}`;

    for (const [url, viewport] of [
      [share, { width: 1280, height: 800 }],
      [`${share}/embed`, { width: 360, height: 260 }],
    ] as const) {
      await page.setViewportSize(viewport);
      const player = await open(page, url);
      await expect(player.locator('.player__caption')).toHaveText(FIDELITY);
      await expect(player.locator('.player__caption b')).toHaveCount(0);
      await expectCaptionInsideStage(player);

      await page.keyboard.press('End');
      await expect(player.getByRole('status')).toHaveText(/^Step 2 of 2/);
      await expectCaptionInsideStage(player);
      const first = await player.locator('.player__caption').textContent();
      expect(LONG.startsWith(first!.trim())).toBe(true);
      // playing moves through the cues, each of them inside the picture
      await player.getByRole('button', { name: 'Play', exact: true }).click();
      await expect.poll(async () => player.locator('.player__caption').textContent(), { timeout: 10_000 }).not.toBe(first);
      await expectCaptionInsideStage(player);
    }
  });
});
