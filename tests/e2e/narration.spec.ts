import { expect, test, type APIRequestContext, type FrameLocator, type Locator, type Page } from '@playwright/test';
import type { GuideDto } from '#shared/guides';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { signUpVerified, newPerson } from '../support/browser-accounts';
import { numberedScreen, startTrial, uploadScreenshot } from '../support/browser-guides';
import { axeViolations } from '../support/a11y';

const PASSWORD = 'correct horse battery';

async function signUp(page: Page, baseURL: string, name: string) {
  const person = newPerson(name);
  await signUpVerified(page.request, baseURL, { name: person.name, email: person.email, password: PASSWORD });
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** A published guide of two steps whose narration the author wrote, made through the API as the SPA does. */
async function narratedGuide(request: APIRequestContext, baseURL: string, title: string): Promise<GuideDto> {
  const headers = { origin: baseURL };
  const created = await request.post('/api/guides', { data: { title }, headers });
  expect(created.status()).toBe(201);
  const guide = (await created.json()) as GuideDto;
  const narrations = ['Open the settings page to see your team.', 'Click invite and type the address of your teammate.'];
  for (const [index, narration] of narrations.entries()) {
    const screenshotKey = await uploadScreenshot(request, baseURL, guide.id, await numberedScreen(index + 1));
    const slide = await request.post(`/api/guides/${guide.id}/slides`, {
      data: { screenshotKey, text: index === 0 ? 'Open **Settings**' : 'Click **Invite**', narration, click: { x: 600, y: 300 } },
      headers,
    });
    expect(slide.status()).toBe(201);
  }
  expect((await request.patch(`/api/guides/${guide.id}`, { data: { status: 'published' }, headers })).status()).toBe(200);
  return (await (await request.get(`/api/guides/${guide.id}`)).json()) as GuideDto;
}

/** Plays the page's or frame's player and checks that the voiceover plays and the caption follows the spoken word. */
async function expectVoiceoverPlays(player: Locator) {
  await player.getByRole('button', { name: 'Play', exact: true }).click();
  const audio = player.locator('audio');
  await expect.poll(async () => audio.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.3);
  const spoken = player.locator('.player__caption [data-spoken="current"]');
  const first = await spoken.textContent({ timeout: 5_000 });
  expect(first?.trim()).toBeTruthy();
  await expect.poll(async () => (await spoken.textContent())?.trim(), { timeout: 10_000 }).not.toBe(first?.trim());
  await player.getByRole('button', { name: 'Mute' }).click();
  await expect(player.getByRole('button', { name: 'Mute' })).toHaveAttribute('aria-pressed', 'true');
  expect(await audio.evaluate((el: HTMLAudioElement) => el.muted)).toBe(true);
  // The voiceover's end moves the player to the next step by itself.
  await expect(player.getByRole('status')).toHaveText(/^Step 2 of 2/, { timeout: 15_000 });
}

async function waitForApp(page: Page | FrameLocator) {
  await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
}

test.describe('narration', () => {
  test('a free user is offered Pro for a voiceover; with Pro they pick a voice, hear its sample, generate the voiceover and viewers hear it with captions, in the player and the embed', async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    await signUp(page, baseURL!, 'Nora Narrator');
    const guide = await narratedGuide(page.request, baseURL!, 'Invite a teammate');
    const designUrl = `/share/invite-a-teammate-${guide.id}/design`;
    const voiceover = page.getByRole('region', { name: 'Voiceover' });

    await test.step('on the free plan, Generate voiceover opens the upgrade prompt and changes nothing', async () => {
      await page.goto(designUrl);
      await voiceover.getByRole('button', { name: /Generate voiceover/ }).click();
      await startTrial(page);
      const after = (await (await page.request.get(`/api/guides/${guide.id}`)).json()) as GuideDto;
      expect(after.slides.map((s) => s.audioUrl)).toEqual([null, null]);
    });

    await test.step('the voice picker lists the voices and plays a sample to anyone', async () => {
      await page.goto(designUrl);
      const picker = voiceover.getByRole('combobox', { name: 'Voice' });
      await expect(picker.locator('option')).not.toHaveCount(0);
      // the local voices say what they are
      await expect(voiceover.getByText(/These are offline stand-in voices \(.+\) .* in production, guides are voiced by Amazon Polly’s neural voices\./)).toBeVisible();
      expect((await picker.locator('option').allTextContents()).every((label) => label.endsWith('(offline stand-in)'))).toBe(true);
      const options = await picker.locator('option').allTextContents();
      await picker.selectOption({ label: options.at(-1)! });
      await voiceover.getByRole('button', { name: 'Play sample' }).click();
      const sample = voiceover.locator('audio[data-voice-sample]');
      await expect.poll(async () => sample.evaluate((el: HTMLAudioElement) => el.currentTime), { timeout: 10_000 }).toBeGreaterThan(0.2);
      await voiceover.getByRole('slider', { name: 'Speed' }).fill('1.25');
      await expect(voiceover.getByText('1.25×')).toBeVisible();
    });

    await test.step('Generate voiceover shows progress, then every step has audio', async () => {
      await voiceover.getByRole('button', { name: /Generate voiceover/ }).click();
      await expect(voiceover.getByText(/Voiceover ready: 2 of 2 steps narrated/)).toBeVisible({ timeout: 30_000 });
      const after = (await (await page.request.get(`/api/guides/${guide.id}`)).json()) as GuideDto;
      expect(after.speechRate).toBe(1.25);
      for (const slide of after.slides) {
        expect(slide.audioUrl).toMatch(/\.mp3$/);
        expect(slide.audioDurationMs).toBeGreaterThan(500);
        expect(slide.words.length).toBeGreaterThan(3);
      }
      await expectNoAxeViolations(page);
    });

    await test.step('editing a narration marks its audio out of date until the voiceover is regenerated', async () => {
      await page.getByRole('textbox', { name: 'Narration' }).fill('Open the settings page of your workspace.');
      await page.getByRole('textbox', { name: 'Narration' }).blur();
      await expect(page.getByText('Narration changed: audio out of date')).toBeVisible({ timeout: 10_000 });
      await expect(voiceover.getByRole('button', { name: 'Regenerate voiceover (1 step changed)' })).toBeVisible();
      await voiceover.getByRole('button', { name: 'Regenerate voiceover (1 step changed)' }).click();
      await expect(voiceover.getByText(/Voiceover ready/)).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Narration changed: audio out of date')).toBeHidden();
    });

    await test.step('the voiceover is in the draft until the author publishes the changes', async () => {
      const publishing = page.getByRole('group', { name: 'Publishing' });
      await expect(publishing.getByTestId('publish-state')).toHaveText('Unpublished changes');
      await publishing.getByRole('button', { name: 'Publish changes' }).click();
      await expect(publishing.getByTestId('publish-state')).toHaveText('Published · v2');
    });

    await test.step('the share page plays the voiceover, its caption follows the spoken word, mute works and the end advances', async () => {
      await page.goto(`/share/invite-a-teammate-${guide.id}`);
      await waitForApp(page);
      await expectVoiceoverPlays(page.getByRole('region', { name: /^Guide player/ }));
    });

    await test.step('the embed does the same', async () => {
      await page.goto(`/share/invite-a-teammate-${guide.id}/embed`);
      await waitForApp(page);
      await expectVoiceoverPlays(page.getByRole('region', { name: /^Guide player/ }));
    });
  });

  test('a slide made from an uploaded image gets an editable sentence marked "needs text"', async ({ page, baseURL }) => {
    await signUp(page, baseURL!, 'Una Upload');
    const headers = { origin: baseURL! };
    const guide = (await (await page.request.post('/api/guides', { data: { title: 'Export a report' }, headers })).json()) as GuideDto;
    const screenshotKey = await uploadScreenshot(page.request, baseURL!, guide.id, await numberedScreen(1));
    expect((await page.request.post(`/api/guides/${guide.id}/slides`, { data: { screenshotKey }, headers })).status()).toBe(201);

    await page.goto(`/share/export-a-report-${guide.id}/design`);
    await expect(page.getByText('Needs text', { exact: true })).toBeVisible();
    const text = page.getByRole('textbox', { name: 'Step 1 text' });
    await expect(text).not.toHaveValue('');
    await text.fill('Click **Export**');
    await text.blur();
    await expect(page.getByText('Needs text', { exact: true })).toBeHidden({ timeout: 10_000 });
    await expect(page.getByText('Edited', { exact: true })).toBeVisible();
  });
});
