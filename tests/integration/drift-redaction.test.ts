import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDACTION_FILL } from '#shared/redaction';
import { replay } from '../../functions/domain/drift/replay';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

/**
 * A drift check's fresh screenshot is covered as capture covers a screenshot (shared/redaction.ts:
 * e-mail, password, card-number fields, `data-redact`, in frames too) and where the author
 * applied redaction boxes to the step, before anything stores it.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const at = (left: number, top: number, width: number, height: number) => `position:absolute;left:${left}px;top:${top}px;width:${width}px;height:${height}px;margin:0;border:0;padding:0`;

// Each sensitive thing with its box in CSS pixels (the viewport is 1280×800 at ratio 1).
const SENSITIVE = {
  email: { x: 20, y: 60, width: 300, height: 30 },
  account: { x: 20, y: 120, width: 300, height: 40 },
  card: { x: 20, y: 180, width: 300, height: 30 },
  sameOriginFrame: { x: 30, y: 250, width: 200, height: 30 },
  otherOriginFrame: { x: 360, y: 250, width: 200, height: 30 },
  /** drawn by the author on the step's 1280×800 screenshot */
  authorBox: { x: 600, y: 500, width: 100, height: 50 },
};

let browser: Browser;
let app: http.Server;
let other: http.Server;
let appOrigin: string;
let otherOrigin: string;

async function serve(handler: (path: string) => string): Promise<[http.Server, string]> {
  const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(handler(req.url ?? '/')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return [server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`];
}

beforeAll(async () => {
  [other, otherOrigin] = await serve(() => `<!doctype html><body style="margin:0"><input type="password" value="hunter2hunter2" style="${at(10, 10, 200, 30)}"></body>`);
  [app, appOrigin] = await serve(
    () => `<!doctype html><html><body style="margin:0;background:#fff;font:20px sans-serif">
<input id="email" type="email" value="jane@acme.com" style="${at(20, 60, 300, 30)}">
<div data-redact style="${at(20, 120, 300, 40)};background:#fde68a">Account 12345678</div>
<input autocomplete="cc-number" value="4242 4242 4242 4242" style="${at(20, 180, 300, 30)}">
<iframe title="same origin" srcdoc="<body style='margin:0'><input type=password value=hunter2 style='${at(10, 10, 200, 30)}'></body>" style="${at(20, 240, 300, 80)}"></iframe>
<iframe title="other origin" src="${otherOrigin}/frame" style="${at(350, 240, 300, 80)}"></iframe>
<div style="${at(600, 500, 100, 50)};background:#dc2626;color:#fff">Secret</div>
<button type="button" data-testid="go" style="${at(400, 60, 160, 40)}">Continue</button>
</body></html>`,
  );
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([app, other].map((s) => new Promise<void>((resolve) => (s ? s.close(() => resolve()) : resolve()))));
});

/** Every pixel of a box of the PNG (shrunk by 2 px on each side, off the edge's anti-aliasing): how many are not the redaction fill. */
async function unfilled(png: Uint8Array, box: { x: number; y: number; width: number; height: number }): Promise<number> {
  const { data, info } = await sharp(png)
    .extract({ left: box.x + 2, top: box.y + 2, width: box.width - 4, height: box.height - 4 })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let off = 0;
  for (let i = 0; i < data.length; i += info.channels) if (data[i] !== REDACTION_FILL.r || data[i + 1] !== REDACTION_FILL.g || data[i + 2] !== REDACTION_FILL.b) off++;
  return off;
}

describe('a drift check’s fresh screenshot', () => {
  it('covers e-mail, card-number, password and data-redact content (in frames of any origin) and the author’s boxes, and nothing else', async () => {
    const { authorBox } = SENSITIVE;
    const [finding] = await replay(
      [
        {
          slideId: 's',
          capture: { action: 'click', element: { tag: 'button', role: 'button', name: 'Continue', testId: 'go' }, page: { url: `${appOrigin}/`, viewportWidth: 1280 } },
          screenshot: null,
          click: null,
          redactedBoxes: [{ ...authorBox, imageWidth: 1280, imageHeight: 800 }],
        },
      ],
      { browser, egress: { allowedHosts: [new URL(appOrigin).host, new URL(otherOrigin).host] } },
    );
    expect(finding!.status).toBe('found');
    const png = finding!.fresh!.png;
    expect(await sharp(png).metadata()).toMatchObject({ width: 1280, height: 800 });
    for (const [name, box] of Object.entries(SENSITIVE)) expect([name, await unfilled(png, box)]).toEqual([name, 0]);
    // The button the step clicks is shown as it is.
    expect(await unfilled(png, { x: 400, y: 60, width: 160, height: 40 })).toBeGreaterThan(0);
  });
});
