import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { GuideDto } from '../../shared/guides';
import type { CapturedStep } from '../fixtures/drift-app/flow';
import { postUpload } from './images';

const BAR_COLOURS = ['#4338ca', '#0f766e', '#b45309', '#7c3aed', '#be123c'];

/**
 * A guide of screenshot steps with these texts (and narrations), made through the API as capture would: each step
 * a 1280×800 page with its own header colour and a button where the author clicked.
 */
export async function guideOfSteps(
  request: APIRequestContext,
  baseURL: string,
  title: string,
  steps: ReadonlyArray<string | { text: string; narration?: string }>,
): Promise<GuideDto> {
  const headers = { origin: baseURL };
  const guide = (await (await request.post('/api/guides', { data: { title }, headers })).json()) as GuideDto;
  for (const [step, words] of steps.entries()) {
    const { text, narration } = typeof words === 'string' ? { text: words, narration: undefined } : words;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#f8fafc"/>
      <rect width="1280" height="64" fill="${BAR_COLOURS[step % BAR_COLOURS.length]}"/><rect x="${300 + step * 120}" y="300" width="220" height="56" rx="10" fill="#0f766e"/></svg>`;
    const image = await sharp(Buffer.from(svg)).png().toBuffer();
    const key = await uploadScreenshot(request, baseURL, guide.id, image);
    const added = await request.post(`/api/guides/${guide.id}/slides`, { data: { screenshotKey: key, text, ...(narration ? { narration } : {}), click: { x: 410 + step * 120, y: 328 } }, headers });
    expect(added.status()).toBe(201);
  }
  return (await (await request.get(`/api/guides/${guide.id}`)).json()) as GuideDto;
}

/** "Publish changes" in the design view: what viewers see becomes the draft as it is now. */
export async function publishChanges(page: Page): Promise<void> {
  const publishing = page.getByRole('group', { name: 'Publishing' });
  await expect(publishing.getByTestId('publish-state')).toHaveText('Unpublished changes');
  await publishing.getByRole('button', { name: 'Publish changes' }).click();
  await expect(publishing.getByTestId('publish-state')).toHaveText(/^Published · v\d+$/);
}

/** Publishes a guide's draft through the API, carrying the revision it read (If-Match). */
export async function publishThroughApi(request: APIRequestContext, baseURL: string, guideId: string): Promise<GuideDto> {
  const { revision } = (await (await request.get(`/api/guides/${guideId}`)).json()) as GuideDto;
  const published = await request.post(`/api/guides/${guideId}/publish`, { headers: { origin: baseURL, 'if-match': `"${revision}"` } });
  expect(published.status(), await published.text()).toBe(200);
  return (await published.json()) as GuideDto;
}

/** Starts the Pro trial from the upgrade prompt a locked feature opened (the Stripe double confirms it). */
export async function startTrial(page: Page): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Get started with Stepcast' });
  await expect(modal).toBeVisible();
  await modal.getByRole('button', { name: 'Start 7-day free trial' }).click();
  await page.getByRole('button', { name: 'Start trial' }).click();
  await expect(page.getByText('Welcome aboard!', { exact: true })).toBeVisible({ timeout: 15_000 });
}

/**
 * Starts the Pro trial through the API in `request`'s context (whose cookies are its browser
 * context's): checkout on the Stripe double, "Start trial" on its hosted page, then the app's
 * confirmation of the session it returns to.
 */
export async function becomePro(request: APIRequestContext, baseURL: string): Promise<void> {
  const checkout = await request.post('/api/stripe/subscription/checkout-session', { headers: { origin: baseURL } });
  expect(checkout.status()).toBe(200);
  const { url } = (await checkout.json()) as { url: string };
  const completed = await request.post(`${url}/complete`, { maxRedirects: 0 });
  expect(completed.status()).toBe(303);
  const sessionId = new URL(completed.headers()['location']!).searchParams.get('stripe_session_id');
  expect((await request.get(`/api/stripe/subscription/confirm?sessionId=${sessionId}`)).status()).toBe(200);
}

/** A plain 1280×800 screen with its number written on it. */
export async function numberedScreen(step: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#f1f5f9"/>
    <text x="420" y="200" font-size="48" fill="#0f172a" font-family="sans-serif">Screen ${step}</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Uploads a PNG through the guide's presigned POST, as the SPA does; answers the key a slide claims. */
export async function uploadScreenshot(request: APIRequestContext, baseURL: string, guideId: string, png: Buffer): Promise<string> {
  const upload = (await (await request.post(`/api/guides/${guideId}/uploads`, { data: { contentType: 'image/png', contentLength: png.length }, headers: { origin: baseURL } })).json()) as {
    url: string;
    fields: Record<string, string>;
    key: string;
  };
  expect(await postUpload(upload, png, 'image/png')).toBe(204);
  return upload.key;
}

/** A guide made of the demo app's captured flow, each step as the extension records it. */
export async function guideFromFlow(request: APIRequestContext, baseURL: string, steps: readonly CapturedStep[]): Promise<{ id: string; title: string }> {
  const headers = { origin: baseURL };
  const guide = (await (await request.post('/api/guides', { data: { title: 'Add a contact' }, headers })).json()) as { id: string; title: string };
  for (const step of steps) {
    const screenshotKey = await uploadScreenshot(request, baseURL, guide.id, step.png);
    const { text, narration, click, capture } = step;
    expect((await request.post(`/api/guides/${guide.id}/slides`, { data: { screenshotKey, text, narration, click, capture }, headers })).status()).toBe(201);
  }
  return guide;
}
