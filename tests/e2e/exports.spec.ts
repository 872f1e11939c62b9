import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import ffprobe from '@ffprobe-installer/ffprobe';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { signUpVerified } from '../support/browser-accounts';
import { axeViolations } from '../support/a11y';
import { startTrial } from '../support/browser-guides';

const PASSWORD = 'correct horse battery';

async function signUp(page: Page, baseURL: string, name: string) {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  await signUpVerified(page.request, baseURL, { name, email: `exporter-${id}@example.com`, password: PASSWORD });
}

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** A three-step guide made through the API, as the capture extension would upload it. */
async function createGuide(request: APIRequestContext, baseURL: string, title: string): Promise<string> {
  const headers = { origin: baseURL };
  const created = await request.post('/api/guides', { data: { title }, headers });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  for (const step of [1, 2, 3]) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800">
      <rect width="1280" height="800" fill="#f8fafc"/><rect width="1280" height="64" fill="#4338ca"/>
      <rect x="${300 + step * 100}" y="300" width="220" height="56" rx="10" fill="#0f766e"/></svg>`;
    const image = await sharp(Buffer.from(svg)).png().toBuffer();
    const upload = await request.post(`/api/guides/${id}/uploads`, { data: { contentType: 'image/png', contentLength: image.length }, headers });
    const { url, fields, key } = (await upload.json()) as { url: string; fields: Record<string, string>; key: string };
    const stored = await request.post(url, { multipart: { ...fields, file: { name: `step-${step}.png`, mimeType: 'image/png', buffer: image } } });
    expect(stored.status()).toBeLessThan(300);
    const slide = await request.post(`/api/guides/${id}/slides`, {
      data: { screenshotKey: key, text: `Click **Button ${step}**`, narration: `Now press button ${step}.`, click: { x: 410 + step * 100, y: 328 } },
      headers,
    });
    expect(slide.status()).toBe(201);
  }
  return id;
}

test.describe('exports', () => {
  test('an author on the free plan is offered the trial by the Export menu, then exports a guide as an MP4 video from the design view, watches its progress and downloads it', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await signUp(page, baseURL!, 'Erin Exporter');
    const id = await createGuide(page.request, baseURL!, 'Invite a teammate');
    await page.goto(`/share/invite-a-teammate-${id}/design`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invite a teammate' })).toBeVisible();

    await test.step('on the free plan every format is locked and offers the trial, which comes back to the design view', async () => {
      await page.getByRole('button', { name: 'Export' }).click();
      const video = page.getByRole('menuitem', { name: /Video \(MP4\)/ });
      await expect(video).toContainText('A Pro feature: start a trial');
      await video.click();
      await expect(page.getByRole('dialog', { name: 'Export guide' })).toHaveCount(0);
      await startTrial(page);
      expect(new URL(page.url()).pathname).toBe(`/share/invite-a-teammate-${id}/design`);
    });

    await test.step('the Export menu opens the export dialog with the video chosen', async () => {
      await page.getByRole('button', { name: 'Export' }).click();
      await page.getByRole('menuitem', { name: /Video \(MP4\)/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Export guide' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('radio', { name: 'Video (MP4)' })).toBeChecked();
      await dialog.getByLabel('Resolution').selectOption('720p');
      await expectNoAxeViolations(page);
    });

    const dialog = page.getByRole('dialog', { name: 'Export guide' });
    await test.step('starting it shows its progress while it renders', async () => {
      await dialog.getByRole('button', { name: 'Start export' }).click();
      const progress = dialog.getByRole('progressbar', { name: /Video \(MP4\)/ });
      await expect(progress).toBeVisible();
      await expect(dialog.getByText(/Queued|Rendering/)).toBeVisible();
    });

    await test.step('once done it shows its size and downloads as a file named after the title', async () => {
      const download = dialog.getByRole('link', { name: /Download Video \(MP4\)/ });
      await expect(download).toBeVisible({ timeout: 60_000 });
      await expect(dialog.getByText(/\d+(\.\d+)? (KB|MB)/)).toBeVisible();
      await expect(dialog.getByRole('progressbar')).toHaveCount(0);
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe('invite-a-teammate.mp4');
      const saved = await file.path();
      expect(statSync(saved).size).toBeGreaterThan(10_000);
      const probe = JSON.parse(
        execFileSync(ffprobe.path, ['-v', 'error', '-show_entries', 'stream=codec_type,width,height', '-of', 'json', saved], { encoding: 'utf8' }),
      ) as { streams: Array<{ codec_type: string; width?: number; height?: number }> };
      expect(probe.streams.find((s) => s.codec_type === 'video')).toMatchObject({ width: 1280, height: 720 });
      expect(probe.streams.some((s) => s.codec_type === 'audio')).toBe(true);
      await expectNoAxeViolations(page);
    });
  });
});
