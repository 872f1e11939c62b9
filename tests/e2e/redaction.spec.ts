import { expect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import type { GuideDto } from '#shared/guides';
import { sharePath } from '#shared/share/link';
import { newPerson, signUpVerified } from '../support/browser-accounts';
import { axeViolations } from '../support/a11y';
import { uploadScreenshot } from '../support/browser-guides';

const WIDTH = 1280;
const HEIGHT = 800;
/** The contact field capture saw an email typed into (a plain text field: the extension did not cover it). */
const FIELD = { x: 400, y: 300, width: 480, height: 64 };
/** A second box the author draws by hand, over the account name in the header. */
const HEADER = { x: 880, y: 12, width: 320, height: 40 };

/** A screenshot with an email in a form field; the field's stripes make any cover change every part of it. */
async function screenshotWithEmail(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
    <defs><pattern id="p" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="3" height="6" fill="#0f172a"/><rect x="3" width="3" height="6" fill="#f8fafc"/></pattern></defs>
    <rect width="${WIDTH}" height="${HEIGHT}" fill="#f1f5f9"/>
    <rect width="${WIDTH}" height="64" fill="#4338ca"/>
    <rect x="${HEADER.x}" y="${HEADER.y}" width="${HEADER.width}" height="${HEADER.height}" fill="url(#p)"/>
    <rect x="${FIELD.x}" y="${FIELD.y}" width="${FIELD.width}" height="${FIELD.height}" fill="url(#p)"/>
    <text x="${FIELD.x + 16}" y="${FIELD.y + 42}" font-family="DejaVu Sans" font-size="28" fill="#dc2626">jane.doe@acme.example</text>
    <rect x="300" y="520" width="220" height="56" rx="10" fill="#0f766e"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function addStep(request: APIRequestContext, baseURL: string, guideId: string, image: Buffer, data: Record<string, unknown>) {
  const key = await uploadScreenshot(request, baseURL, guideId, image);
  const added = await request.post(`/api/guides/${guideId}/slides`, { data: { screenshotKey: key, ...data }, headers: { origin: baseURL } });
  expect(added.status()).toBe(201);
}

async function rawPixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width };
}

/** The share of a region's pixels that differ between two images of the same size. */
function changedShare(a: { data: Buffer; width: number }, b: { data: Buffer; width: number }, box: typeof FIELD): number {
  let changed = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const i = (y * a.width + x) * 3;
      if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) changed++;
    }
  }
  return changed / (box.width * box.height);
}

test.describe('design view: redaction', () => {
  test("redact an email and check the share page's image", async ({ page, baseURL, browser }) => {
    test.setTimeout(120_000);
    await signUpVerified(page.request, baseURL!, { ...newPerson('Rita Redact'), password: 'correct horse battery' });
    const headers = { origin: baseURL! };
    const created = (await (await page.request.post('/api/guides', { data: { title: 'Update the contact email' }, headers })).json()) as GuideDto;
    const plain = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#e2e8f0' } }).png().toBuffer();
    await addStep(page.request, baseURL!, created.id, plain, { text: 'Open **Settings**', click: { x: 640, y: 40 } });
    const original = await screenshotWithEmail();
    await addStep(page.request, baseURL!, created.id, original, {
      text: 'Type the contact email',
      click: { x: 640, y: 332 },
      capture: { action: 'type', element: { tag: 'input', type: 'text', label: 'Contact' }, box: FIELD },
    });
    expect((await page.request.patch(`/api/guides/${created.id}`, { data: { status: 'published' }, headers })).status()).toBe(200);
    const guide = (await (await page.request.get(`/api/guides/${created.id}`)).json()) as GuideDto;
    const before = guide.slides[1]!;
    expect(before.redactionSuggestions).toEqual([FIELD]);
    expect((await page.request.get(before.screenshotUrl!)).status()).toBe(200);

    await page.goto(`${sharePath(guide)}/design`);
    await page.getByRole('list', { name: 'Steps' }).getByRole('button', { name: /^Step 2 of 2/ }).click();
    const panel = page.getByRole('region', { name: 'Redact step 2' });
    const stageImage = page.getByRole('img', { name: 'Screenshot of step 2' });
    await expect.poll(() => stageImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(WIDTH);

    await test.step('accept the suggested box over the typed email', async () => {
      await expect(panel.getByText(`Suggested: typed field (${FIELD.width}×${FIELD.height} pixels at ${FIELD.x}, ${FIELD.y})`)).toBeVisible();
      await panel.getByRole('button', { name: 'Accept suggestion' }).click();
      const boxes = panel.getByRole('list', { name: 'Boxes on step 2' }).getByRole('listitem');
      await expect(boxes).toHaveCount(1);
      await expect(boxes.first()).toContainText(`Box 1: ${FIELD.width}×${FIELD.height} pixels at ${FIELD.x}, ${FIELD.y} (suggested)`);
      await expect(panel.getByRole('button', { name: 'Accept suggestion' })).toHaveCount(0);
    });

    await test.step('draw a second box with the mouse over the header, make it solid; undo and redo the style', async () => {
      await panel.getByRole('button', { name: 'Draw boxes' }).click();
      await expect(panel.getByRole('button', { name: 'Draw boxes' })).toHaveAttribute('aria-pressed', 'true');
      // The panel sits under the stage: the author scrolls back up to the whole screenshot (the
      // design view's sticky header would cover its top edge) to draw on it.
      await stageImage.evaluate((image) => image.scrollIntoView({ block: 'center' }));
      const shown = (await stageImage.boundingBox())!;
      const at = (x: number, y: number) => [shown.x + (x / WIDTH) * shown.width, shown.y + (y / HEIGHT) * shown.height] as const;
      await page.mouse.move(...at(HEADER.x + 2, HEADER.y + 2));
      await page.mouse.down();
      await page.mouse.move(...at(HEADER.x + HEADER.width / 2, HEADER.y + HEADER.height / 2), { steps: 4 });
      await page.mouse.move(...at(HEADER.x + HEADER.width - 2, HEADER.y + HEADER.height - 2), { steps: 4 });
      await page.mouse.up();
      const boxes = panel.getByRole('list', { name: 'Boxes on step 2' }).getByRole('listitem');
      await expect(boxes).toHaveCount(2);
      await panel.getByLabel('Style of box 2').selectOption('solid');
      await expect(page.getByRole('button', { name: /^Box 2: .*, solid:/ })).toBeVisible();
      await panel.getByRole('button', { name: 'Draw boxes' }).click();
      await page.getByRole('button', { name: 'Undo', exact: true }).click();
      await expect(panel.getByLabel('Style of box 2')).toHaveValue('blur');
      await page.getByRole('button', { name: 'Redo', exact: true }).click();
      await expect(panel.getByLabel('Style of box 2')).toHaveValue('solid');
    });

    await test.step('a box can be added, moved and removed with the keyboard alone', async () => {
      await panel.getByRole('button', { name: 'Add a box' }).click();
      const third = page.getByRole('button', { name: /^Box 3: / });
      await third.focus();
      const label = await third.getAttribute('aria-label');
      await page.keyboard.press('ArrowRight');
      await expect(third).not.toHaveAttribute('aria-label', label!);
      await panel.getByRole('button', { name: 'Remove box 3' }).click();
      await expect(panel.getByRole('list', { name: 'Boxes on step 2' }).getByRole('listitem')).toHaveCount(2);
    });

    await test.step('the editor with its redaction boxes passes axe', async () => {
      expect(await axeViolations(page, (b) => b.include('.design__stage'))).toEqual([]);
    });

    await test.step('apply: the confirm says the original is deleted for good', async () => {
      await panel.getByRole('button', { name: 'Apply redaction' }).click();
      const confirm = page.getByRole('dialog', { name: 'Apply the redaction?' });
      await expect(confirm).toContainText('the original picture is deleted for good. This cannot be undone');
      await confirm.getByRole('button', { name: 'Apply and delete the original' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByText('Redaction applied', { exact: true })).toBeVisible();
      await expect(panel.getByText('No boxes on this step.')).toBeVisible();
      await expect.poll(async () => ((await (await page.request.get(`/api/guides/${guide.id}`)).json()) as GuideDto).slides[1]!.screenshotKey).not.toBe(before.screenshotKey);
      await expect.poll(() => stageImage.getAttribute('src')).not.toBe(before.screenshotUrl);
    });

    await test.step("the share page's image of the step has the email covered, and the old screenshot URL answers 404", async () => {
      const visitor = await browser.newContext();
      const share = await visitor.newPage();
      await share.goto(sharePath(guide));
      await share.getByRole('button', { name: 'Next step' }).click();
      const image = share.getByRole('img', { name: 'Screenshot of step 2: Type the contact email' });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(WIDTH);
      const src = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(src).not.toContain(before.screenshotKey!.split('/').pop()!);
      const served = await visitor.request.get(src);
      expect(served.status()).toBe(200);
      const [was, now] = await Promise.all([rawPixels(original), rawPixels(await served.body())]);
      expect(changedShare(was, now, FIELD)).toBeGreaterThan(0.9);
      expect(changedShare(was, now, HEADER)).toBeGreaterThan(0.9);
      // Away from the boxes the picture is as it was.
      expect(changedShare(was, now, { x: 300, y: 520, width: 220, height: 56 })).toBe(0);
      expect((await visitor.request.get(new URL(before.screenshotUrl!, baseURL).href)).status()).toBe(404);
      await visitor.close();
    });

    await test.step('undoing everything in the editor brings back neither the boxes nor the unredacted picture', async () => {
      const undo = page.getByRole('button', { name: 'Undo', exact: true });
      for (let i = 0; i < 10 && (await undo.getAttribute('aria-disabled')) !== 'true'; i++) {
        await undo.click();
        await expect(page.getByRole('status').filter({ hasText: /^Undone/ })).toBeAttached();
      }
      await expect(undo).toHaveAttribute('aria-disabled', 'true');
      await expect(panel.getByText('No boxes on this step.')).toBeVisible();
      const after = ((await (await page.request.get(`/api/guides/${guide.id}`)).json()) as GuideDto).slides[1]!;
      expect(after.screenshotKey).not.toBe(before.screenshotKey);
      expect((await page.request.get(before.screenshotUrl!)).status()).toBe(404);
    });
  });
});
