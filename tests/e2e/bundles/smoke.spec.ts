import { expect, test } from '@playwright/test';
import type { GuideDto } from '#shared/guides';
import { SERVER_FRAME_ATTRIBUTE } from '../../../shared/share/frame';
import { newPerson, signUpVerified } from '../../support/browser-accounts';
import { guideOfSteps, startTrial } from '../../support/browser-guides';

/**
 * The smoke journey of what ships: the local stack runs every function from the bundles `cdk
 * synth` made (tests/e2e/bundles.config.ts starts it with --bundles), each in its own process, so
 * an author's first hour here passes through the very bundles a deploy uploads: sign-in (auth,
 * argon2), capture uploads (guides, sharp), a voiceover (narration, billing and the Stripe webhook
 * for the trial, the voiceover worker through SQS), an MP4 export (exports, the export worker's
 * ffmpeg, sharp and fonts) and the share page (the Lambda@Edge bundle and the share function).
 */
const PASSWORD = 'correct horse battery';

test('an author signs in, uploads a capture, narrates it, exports it as video and shares it, all through the synthesised bundles', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const person = newPerson('Sam Smoke');

  await test.step('sign up (the mail verifies the address), sign out, and sign in through the form', async () => {
    await signUpVerified(page.request, baseURL!, { ...person, password: PASSWORD });
    expect((await page.request.post('/api/auth/sign-out', { headers: { origin: baseURL! } })).status()).toBeLessThan(300);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    // A cold process per function, as Lambda's first request: the first sign-in waits for auth's to start.
    await expect(page).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  });

  const guide = await test.step('upload a two-step capture: screenshots by presigned POST, then its slides', async () =>
    guideOfSteps(page.request, baseURL!, 'Invite a teammate', [
      { text: 'Open **Settings**', narration: 'Open the settings page to see your team.' },
      { text: 'Click **Invite**', narration: 'Click invite and type the address of your teammate.' },
    ]),
  );
  expect(guide.slides.map((slide) => slide.screenshotUrl)).toHaveLength(2);
  const designUrl = `/share/invite-a-teammate-${guide.id}/design`;

  await test.step('generate the voiceover (Pro, through a trial): every step gets audio', async () => {
    await page.goto(designUrl);
    const voiceover = page.getByRole('region', { name: 'Voiceover' });
    await voiceover.getByRole('button', { name: /Generate voiceover/ }).click();
    await startTrial(page);
    await page.goto(designUrl);
    await voiceover.getByRole('button', { name: /Generate voiceover/ }).click();
    await expect(voiceover.getByText(/Voiceover ready: 2 of 2 steps narrated/)).toBeVisible({ timeout: 60_000 });
    const narrated = (await (await page.request.get(`/api/guides/${guide.id}`)).json()) as GuideDto;
    for (const slide of narrated.slides) expect(slide.audioUrl).toMatch(/\.mp3$/);
  });

  await test.step('export it as an MP4 video and download it', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: /Video \(MP4\)/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Export guide' });
    await dialog.getByLabel('Resolution').selectOption('720p');
    await dialog.getByRole('button', { name: 'Start export' }).click();
    const download = dialog.getByRole('link', { name: /Download Video \(MP4\)/ });
    await expect(download).toBeVisible({ timeout: 120_000 });
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('invite-a-teammate.mp4');
    await page.keyboard.press('Escape');
  });

  await test.step('publish it: the share page arrives with its first step rendered by the edge bundle, and plays', async () => {
    const published = await page.request.patch(`/api/guides/${guide.id}`, { data: { status: 'published' }, headers: { origin: baseURL! } });
    expect(published.status()).toBe(200);
    const shareUrl = `/share/invite-a-teammate-${guide.id}`;
    const html = await (await page.request.get(shareUrl)).text();
    expect(html).toContain('<title>Invite a teammate');
    expect(html).toContain(SERVER_FRAME_ATTRIBUTE);
    await page.goto(shareUrl);
    await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
    await expect(page.getByRole('region', { name: /^Guide player/ }).getByRole('status')).toHaveText(/^Step 1 of 2/);
  });
});
