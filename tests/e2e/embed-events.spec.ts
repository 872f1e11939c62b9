import { expect, test } from '@playwright/test';
import { SERVER_FRAME_ATTRIBUTE } from '../../shared/share/frame';
import { EmbedEvent } from '../../shared/embed-events';
import { serveHostPage } from '../support/host-page';

// The seeded demo guide (infra/local/seed): published, public, seven captured steps.
const ACME_PATH = '/share/add-a-new-contact-in-acme-crm-DYrbOQi8CofM';
const ACME_ID = 'DYrbOQi8CofM';

/**
 * A help-center page on another origin that frames the embed and keeps every Stepcast event it
 * receives from that frame, as docs/embed-events.md tells host pages to listen.
 */
async function startHostPage(embedUrl: string, stepcastOrigin: string): Promise<{ url: string; close: () => Promise<void> }> {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Help center</title></head>
<body>
<h1>How to add a contact</h1>
<iframe id="guide" src="${embedUrl}" title="Guide" style="display:block;width:720px;height:520px;border:0"></iframe>
<p id="done" hidden>Well done: you know how to add a contact.</p>
<script>
  window.stepcastEvents = [];
  window.addEventListener('message', (event) => {
    if (event.origin !== ${JSON.stringify(stepcastOrigin)}) return;
    const data = event.data;
    if (!data || typeof data.type !== 'string' || !data.type.startsWith('stepcast:') || data.type === 'stepcast:resize') return;
    window.stepcastEvents.push(data);
    if (data.type === 'stepcast:complete') document.getElementById('done').hidden = false;
  });
</script>
</body></html>`;
  return serveHostPage(html);
}

test('a host page hears the embed: ready, each step, complete and the call to action', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const host = await startHostPage(`${baseURL}${ACME_PATH}/embed?step=5`, origin);
  try {
    await page.goto(host.url);
    const frame = page.frameLocator('#guide');
    await expect(frame.locator('#root')).not.toHaveAttribute(SERVER_FRAME_ATTRIBUTE);
    const events = () => page.evaluate(() => (window as unknown as { stepcastEvents: unknown[] }).stepcastEvents);

    await expect.poll(events).toHaveLength(1);
    await frame.getByRole('button', { name: 'Next step' }).click();
    await frame.getByRole('button', { name: 'Next step' }).click();
    await expect(page.getByText('Well done: you know how to add a contact.')).toBeVisible();
    await frame.getByRole('button', { name: 'Previous step' }).click();

    const popup = page.waitForEvent('popup');
    await frame.getByRole('link', { name: /Made with Stepcast/ }).click();
    await (await popup).close();

    await expect.poll(events).toHaveLength(6);
    // Every event is in the documented, versioned shape.
    const received = (await events()).map((event) => EmbedEvent.parse(event));
    expect(received).toEqual([
      { type: 'stepcast:ready', version: 1, guideId: ACME_ID, steps: 7, step: 5, language: 'en' },
      { type: 'stepcast:step', version: 1, guideId: ACME_ID, steps: 7, step: 6 },
      { type: 'stepcast:step', version: 1, guideId: ACME_ID, steps: 7, step: 7 },
      { type: 'stepcast:complete', version: 1, guideId: ACME_ID, steps: 7 },
      { type: 'stepcast:step', version: 1, guideId: ACME_ID, steps: 7, step: 6 },
      { type: 'stepcast:cta', version: 1, guideId: ACME_ID, steps: 7, step: 6, url: `${origin}${ACME_PATH}?step=6` },
    ]);
  } finally {
    await host.close();
  }
});
