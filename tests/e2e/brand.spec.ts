import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { passingShade } from '../../shared/brand-contrast';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { embedPath, sharePath } from '../../shared/share/link';
import { pngImage } from '../support/images';
import { newPerson, signUpVerified } from '../support/browser-accounts';
import { becomePro } from '../support/browser-guides';
import { axeViolations } from '../support/a11y';

const PASSWORD = 'correct horse battery';

async function expectNoAxeViolations(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

/** A published public guide of two steps, made through the API. */
async function publishGuide(request: APIRequestContext, baseURL: string, title: string): Promise<{ id: string; title: string }> {
  const headers = { origin: baseURL };
  const { id } = (await (await request.post('/api/guides', { data: { title }, headers })).json()) as { id: string };
  for (const i of [0, 1]) {
    const image = await pngImage(1280, 800, { r: 40 + i * 60, g: 90, b: 200 });
    const upload = (await (await request.post(`/api/guides/${id}/uploads`, { data: { contentType: 'image/png', contentLength: image.length }, headers })).json()) as {
      url: string;
      fields: Record<string, string>;
      key: string;
    };
    expect((await request.post(upload.url, { multipart: { ...upload.fields, file: { name: `step-${i + 1}.png`, mimeType: 'image/png', buffer: image } } })).status()).toBeLessThan(300);
    expect((await request.post(`/api/guides/${id}/slides`, { data: { screenshotKey: upload.key, text: `Step ${i + 1}`, click: { x: 300, y: 200 } }, headers })).status()).toBe(201);
  }
  expect((await request.patch(`/api/guides/${id}`, { data: { status: 'published' }, headers })).status()).toBe(200);
  return { id, title };
}

test.describe('brand', () => {
  test('an owner sets the brand in the organisation settings (locked on the free plan), and viewers see it on the share page and the embed', async ({ page, baseURL }) => {
    await signUpVerified(page.request, baseURL!, { ...newPerson('Bea Brand'), password: PASSWORD });
    await page.goto('/dashboard/organization');
    const section = page.getByRole('region', { name: 'Brand' });
    await expect(section.getByText(/Brand is a Pro feature/)).toBeVisible();
    await expect(section.getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();
    await expectNoAxeViolations(page);

    await becomePro(page.request, baseURL!);
    await page.reload();
    const primary = section.getByRole('textbox', { name: 'Primary colour', exact: true });
    await expect(primary).toHaveValue('#4338ca');
    // the limits are said before a file is chosen
    await expect(section.getByText('PNG, JPEG or WebP, up to 1 MB and 2048×2048 pixels.')).toBeVisible();

    // A light yellow carries white text at far below 4.5:1: said as it is typed, with a shade that passes.
    await primary.fill('#facc15');
    const shade = passingShade('#facc15', '#ffffff')!;
    await expect(section.getByText(/below the 4.5:1 WCAG AA needs/)).toBeVisible();
    await section.getByRole('button', { name: `Use ${shade}` }).click();
    await expect(primary).toHaveValue(shade);
    await expect(section.getByText(/passes WCAG AA/).first()).toBeVisible();

    // an SVG is refused before anything is sent
    const logoInput = section.getByLabel('Logo', { exact: true });
    await logoInput.setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') });
    await expect(section.getByRole('alert')).toContainText('SVG is not accepted');
    await logoInput.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: await pngImage(200, 80, { r: 249, g: 115, b: 22 }) });
    await expect(section.getByRole('img', { name: 'Current logo' })).toBeVisible();

    await section.getByRole('textbox', { name: 'Accent colour', exact: true }).fill('#b91c1c');
    await section.getByRole('combobox', { name: 'Font' }).selectOption('serif');
    await section.getByRole('checkbox', { name: 'Show “Made with Stepcast”' }).uncheck();
    await section.getByRole('button', { name: 'Save brand' }).click();
    await expect(page.getByText('Brand saved. Shared guides show it within a minute.')).toBeVisible();
    await expectNoAxeViolations(page);

    const guide = await publishGuide(page.request, baseURL!, 'Branded journey');
    await page.goto(sharePath(guide));
    const root = page.locator('article.shared-guide');
    await expect(root).toBeVisible();
    // Read once the app has replaced the edge's frame: an element the replacement detaches has no computed style.
    await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
    const style = await root.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { primary: computed.getPropertyValue('--brand-primary'), accent: computed.getPropertyValue('--brand-accent'), font: computed.fontFamily };
    });
    expect(style).toMatchObject({ primary: shade, accent: '#b91c1c' });
    expect(style.font).toMatch(/^Charter/);
    await expect(page.getByRole('img', { name: 'Bea Brand' }).or(page.locator('img.brand-logo'))).toBeVisible();
    await expect(page.getByRole('link', { name: /Made with/ })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await page.goto(embedPath(guide));
    const embed = page.locator('.guide-embed');
    await expect(embed).toBeVisible();
    await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
    expect(await embed.evaluate((element) => getComputedStyle(element).getPropertyValue('--brand-primary'))).toBe(shade);
    await expect(page.getByRole('link', { name: /Made with/ })).toHaveCount(0);
    // The logo in the embed's bar, in the organisation's name, small enough for the bar.
    const logo = embed.getByRole('img', { name: 'Bea Brand' });
    await expect(logo).toBeVisible();
    expect((await logo.boundingBox())!.height).toBeLessThanOrEqual(24);
    await expectNoAxeViolations(page);
  });
});
