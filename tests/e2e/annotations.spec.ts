import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { GuideDto } from '#shared/guides';
import { SERVER_FRAME_ATTRIBUTE } from '#shared/share/frame';
import { sharePath } from '#shared/share/link';
import { newPerson, signUpVerified } from '../support/browser-accounts';
import { publishChanges, startTrial } from '../support/browser-guides';
import { axeViolations } from '../support/a11y';

const PASSWORD = 'correct horse battery';

/** A published guide of one screenshot step, made through the API as capture would. */
async function publishedGuide(request: APIRequestContext, baseURL: string, title: string): Promise<GuideDto> {
  const headers = { origin: baseURL };
  const guide = (await (await request.post('/api/guides', { data: { title }, headers })).json()) as GuideDto;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#f8fafc"/>
    <rect width="1280" height="64" fill="#4338ca"/><rect x="900" y="300" width="220" height="56" rx="10" fill="#0f766e"/></svg>`;
  const image = await sharp(Buffer.from(svg)).png().toBuffer();
  const upload = await request.post(`/api/guides/${guide.id}/uploads`, { data: { contentType: 'image/png', contentLength: image.length }, headers });
  const { url, fields, key } = (await upload.json()) as { url: string; fields: Record<string, string>; key: string };
  await request.post(url, { multipart: { ...fields, file: { name: 'step.png', mimeType: 'image/png', buffer: image } } });
  const added = await request.post(`/api/guides/${guide.id}/slides`, { data: { screenshotKey: key, text: 'Click **Save**', click: { x: 1010, y: 328 } }, headers });
  expect(added.status()).toBe(201);
  expect((await request.patch(`/api/guides/${guide.id}`, { data: { status: 'published' }, headers })).status()).toBe(200);
  return (await (await request.get(`/api/guides/${guide.id}`)).json()) as GuideDto;
}

async function savedKinds(page: Page, id: string): Promise<string[]> {
  const guide = (await (await page.request.get(`/api/guides/${id}`)).json()) as GuideDto;
  return guide.slides[0]!.annotations.map((a) => a.kind);
}

/** A point of the element, as fractions of its box. */
async function at(locator: Locator, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width * x, y: box.y + box.height * y };
}

/** The player's drawing of the annotations, found by its accessible name. */
const annotationsOf = (scope: Page | ReturnType<Page['frameLocator']>) =>
  scope.getByRole('region', { name: /^Guide player/ }).getByRole('img', { name: 'Annotations: Arrow; Label “Click Save”' });

test.describe('annotations', () => {
  test('annotate and check the player: the author draws an arrow and a label, undoes and redoes, and the share page and the embed show them', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await signUpVerified(page.request, baseURL!, { ...newPerson('Ana Annotate'), password: PASSWORD });
    const guide = await publishedGuide(page.request, baseURL!, 'Save a report');
    await page.goto(`${sharePath(guide)}/design`);
    const screenshot = page.getByRole('img', { name: 'Screenshot of step 1' });
    await expect(screenshot).toBeVisible();
    const tools = page.getByRole('group', { name: 'Annotation tool' });
    const list = page.getByRole('region', { name: /^Annotations/ });

    await test.step('choose Arrow and drag on the screenshot: an arrow in rose is drawn and saved', async () => {
      await tools.getByRole('button', { name: 'Arrow' }).click();
      await expect(tools.getByRole('button', { name: 'Arrow' })).toHaveAttribute('aria-pressed', 'true');
      const from = await at(screenshot, 0.2, 0.7);
      const to = await at(screenshot, 0.6, 0.45);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 8 });
      await page.mouse.up();
      await expect(list.getByRole('button', { name: 'Arrow, rose' })).toBeVisible();
      await expect.poll(() => savedKinds(page, guide.id)).toEqual(['arrow']);
    });

    await test.step('choose Indigo and Label, click and type: the label is drawn where it was clicked', async () => {
      await page.getByRole('group', { name: 'Annotation colour' }).getByRole('button', { name: 'Indigo' }).click();
      await tools.getByRole('button', { name: 'Label' }).click();
      const point = await at(screenshot, 0.15, 0.2);
      await page.mouse.click(point.x, point.y);
      const input = page.getByRole('textbox', { name: /^Label text/ });
      await expect(input).toBeFocused();
      await input.fill('Click Save');
      await input.press('Enter');
      await expect(list.getByRole('button', { name: 'Label “Click Save”, indigo' })).toBeVisible();
      // the colour chosen for the label's pen left the arrow drawn before as it was
      await expect(list.getByRole('button', { name: 'Arrow, rose' })).toBeVisible();
      await expect(page.locator('.annotation-layer [data-kind="label"] text')).toHaveText('Click Save');
      await expect.poll(() => savedKinds(page, guide.id)).toEqual(['arrow', 'label']);
    });

    await test.step('the design view has no accessibility violations with annotations on it', async () => {
      expect(await axeViolations(page)).toEqual([]);
    });

    await test.step('Ctrl+Z takes the label away, Ctrl+Shift+Z puts it back', async () => {
      await page.keyboard.press('Control+z');
      await expect(list.getByRole('button', { name: /^Label/ })).toHaveCount(0);
      await expect.poll(() => savedKinds(page, guide.id)).toEqual(['arrow']);
      await page.keyboard.press('Control+Shift+Z');
      await expect(list.getByRole('button', { name: 'Label “Click Save”, indigo' })).toBeVisible();
      await expect.poll(() => savedKinds(page, guide.id)).toEqual(['arrow', 'label']);
    });

    await test.step('from the keyboard: a badge added with Enter, then deleted with the Delete key', async () => {
      await tools.getByRole('button', { name: 'Badge' }).focus();
      await page.keyboard.press('Enter');
      await expect(tools.getByRole('button', { name: 'Badge' })).toHaveAttribute('aria-pressed', 'true');
      const layer = page.getByRole('group', { name: /^Annotations of step 1/ });
      await layer.focus();
      await page.keyboard.press('Enter');
      await expect(list.getByRole('button', { name: 'Badge 1, indigo' })).toBeVisible();
      await expect.poll(() => savedKinds(page, guide.id)).toEqual(['arrow', 'label', 'badge']);
      await page.keyboard.press('Delete');
      await expect(list.getByRole('button', { name: /^Badge/ })).toHaveCount(0);
      await expect.poll(() => savedKinds(page, guide.id)).toEqual(['arrow', 'label']);
    });

    await test.step('choose the arrow in the list and recolour it: one save', async () => {
      await list.getByRole('button', { name: 'Arrow, rose' }).click();
      await expect(tools.getByRole('button', { name: 'Select' })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('group', { name: 'Annotation colour' }).getByRole('button', { name: 'Emerald' }).click();
      await expect(list.getByRole('button', { name: 'Arrow, emerald' })).toBeVisible();
      await expect
        .poll(async () => ((await (await page.request.get(`/api/guides/${guide.id}`)).json()) as GuideDto).slides[0]!.annotations.map((a) => a.colour))
        .toEqual(['emerald', 'indigo']);
    });

    await test.step('the author publishes the changes', async () => {
      await publishChanges(page);
    });

    await test.step('the share page draws them over the screenshot, in its first frame and in the app', async () => {
      const html = await (await page.request.get(sharePath(guide))).text();
      expect(html).toContain('data-kind="arrow"');
      expect(html).toContain('>Click Save</text>');
      await page.goto(sharePath(guide));
      await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
      const drawing = annotationsOf(page);
      await expect(drawing).toBeVisible();
      await expect(drawing.locator('[data-kind="arrow"] line')).toHaveCount(2);
      // The drawing lies over the screenshot, box for box (measured at one instant: both zoom together).
      const boxes = await drawing.evaluate((svg) => {
        const image = svg.closest('.player__canvas')!.querySelector('img')!.getBoundingClientRect();
        const own = svg.getBoundingClientRect();
        return [image.x, image.y, image.width, image.height].map((value, i) => Math.abs(value - [own.x, own.y, own.width, own.height][i]!));
      });
      expect(Math.max(...boxes)).toBeLessThan(1);
    });

    await test.step('the embed draws them too (embedding is Pro: the author starts a trial)', async () => {
      await page.goto('/dashboard?subscribe=true');
      await startTrial(page);
      await page.goto(`${sharePath(guide)}/embed`);
      await expect(page.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
      await expect(annotationsOf(page)).toBeVisible();
      await expect(annotationsOf(page).locator('[data-kind="label"] text')).toHaveText('Click Save');
    });
  });
});
