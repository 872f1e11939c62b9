/**
 * Captures the seed guides: serves `tests/fixtures/sample-apps` on an ephemeral localhost port,
 * drives Debian Chromium through a scripted flow per app and writes
 * `infra/local/seed/guides/{app}/manifest.json`, `step-NN.png` and `logo.svg`.
 *
 *   npx tsx infra/local/seed/capture.ts            all apps
 *   npx tsx infra/local/seed/capture.ts ledgerly   one app
 *   SEED_DEBUG=1 npx tsx infra/local/seed/capture.ts   with per-step timings
 *
 * Every step is recorded BEFORE its action, like the extension does: a viewport screenshot, the
 * target's bounding box, the click point (centre of the box, image pixels; device scale factor 1),
 * tag, computed ARIA role and accessible name (Chromium's accessibility tree), page title and path.
 * Sensitive fields (password, email, telephone, card, one-time-code, `data-redact`) are covered
 * with a solid fill before the PNG is written, as the capture extension does.
 */
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Locator, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumMissingMessage } from '../chromium';
import sharp from 'sharp';
import { SEED_GUIDE_SLUGS, SEED_GUIDES_DIR, SeedManifest, type SeedGuideSlug, type SeedStep } from './guides/index.ts';

const APPS_DIR = fileURLToPath(new URL('../../../tests/fixtures/sample-apps/', import.meta.url));
const VIEWPORT = { width: 1280, height: 800 } as const;
/** the solid fill drawn over sensitive content */
const REDACT_FILL = { r: 71, g: 85, b: 105, alpha: 1 };
/** what counts as sensitive; the same rules as the capture extension */
const SENSITIVE_SELECTOR = [
  'input[type="password"]',
  'input[type="email"]',
  'input[type="tel"]',
  '[autocomplete~="email"]',
  '[autocomplete^="tel"]',
  '[autocomplete^="cc-"]',
  '[autocomplete="one-time-code"]',
  '[data-redact]',
].join(',');

type Action =
  | { kind: 'click' }
  | { kind: 'fill'; value: string }
  | { kind: 'select'; label: string }
  | { kind: 'check' };

interface StepDef {
  target: (page: Page) => Locator;
  action: Action;
  text: string;
  narration: string;
}

interface FlowDef {
  app: SeedGuideSlug;
  title: string;
  description: string;
  brand: { name: string; color: string };
  /** first page, relative to the app's folder */
  start: string;
  steps: StepDef[];
  /** waits until the last action has visibly taken effect */
  done: (page: Page) => Locator;
}

const click: Action = { kind: 'click' };
const fill = (value: string): Action => ({ kind: 'fill', value });
const select = (label: string): Action => ({ kind: 'select', label });
const check: Action = { kind: 'check' };

const FLOWS: FlowDef[] = [
  {
    app: 'acme-crm',
    title: 'Add a new contact in Acme CRM',
    description: 'Create a contact record with email, phone and company, and subscribe them to the newsletter.',
    brand: { name: 'Acme CRM', color: '#4f46e5' },
    start: 'index.html',
    steps: [
      { target: (p) => p.getByRole('link', { name: 'New contact' }), action: click, text: 'Click **New contact**', narration: 'On the Contacts page, click New contact to open a blank contact form.' },
      { target: (p) => p.getByRole('textbox', { name: 'Full name', exact: true }), action: fill('Jordan Ellis'), text: 'Type in **Full name**', narration: "Type the person's first and last name into the Full name field." },
      { target: (p) => p.getByRole('textbox', { name: 'Email', exact: true }), action: fill('jordan.ellis@kestrel-analytics.example'), text: 'Type in **Email**', narration: 'Enter their work email address.' },
      { target: (p) => p.getByLabel('Phone', { exact: true }), action: fill('+1 (415) 555-0182'), text: 'Type in **Phone**', narration: 'Add a phone number so you can log calls from the dialer.' },
      { target: (p) => p.getByLabel('Company', { exact: true }), action: select('Kestrel Analytics'), text: 'Select **Kestrel Analytics** in **Company**', narration: 'Choose Kestrel Analytics from the Company list to link the contact to that account.' },
      { target: (p) => p.getByRole('checkbox', { name: 'Subscribe to newsletter' }), action: check, text: 'Check **Subscribe to newsletter**', narration: 'Tick Subscribe to newsletter so they receive the monthly digest.' },
      { target: (p) => p.getByRole('button', { name: 'Save contact' }), action: click, text: 'Click **Save contact**', narration: 'Click Save contact, and the new contact record opens.' },
    ],
    done: (p) => p.getByRole('heading', { name: 'Jordan Ellis' }),
  },
  {
    app: 'ledgerly',
    title: 'Create and send an invoice in Ledgerly',
    description: 'Bill a customer for a project: pick the customer, add a line item, set the due date and send the invoice.',
    brand: { name: 'Ledgerly', color: '#0f9f6e' },
    start: 'index.html',
    steps: [
      { target: (p) => p.getByRole('link', { name: 'New invoice' }), action: click, text: 'Click **New invoice**', narration: 'From the Invoices overview, click New invoice.' },
      { target: (p) => p.getByLabel('Customer', { exact: true }), action: select('Brightwave Studio'), text: 'Select **Brightwave Studio** in **Customer**', narration: 'Pick Brightwave Studio as the customer; their billing address fills in automatically.' },
      { target: (p) => p.getByRole('textbox', { name: 'Item description' }).first(), action: fill('Website redesign, phase 2'), text: 'Type in **Item description**', narration: 'Describe the work you are billing for in the first line item.' },
      { target: (p) => p.getByRole('textbox', { name: 'Rate' }).first(), action: fill('4800'), text: 'Type in **Rate**', narration: 'Enter the rate, and the amount and total update as you type.' },
      { target: (p) => p.getByLabel('Due date', { exact: true }), action: fill('07/03/2025'), text: 'Type in **Due date**', narration: 'Set the date by which the customer should pay.' },
      { target: (p) => p.getByRole('button', { name: 'Send invoice' }), action: click, text: 'Click **Send invoice**', narration: 'Click Send invoice to review the email that goes to the customer.' },
      { target: (p) => p.getByRole('dialog').getByRole('button', { name: 'Send now' }), action: click, text: 'Click **Send now**', narration: 'Click Send now, and Ledgerly emails the invoice and marks it as sent.' },
    ],
    done: (p) => p.getByText('was sent to Brightwave Studio'),
  },
  {
    app: 'tasknest',
    title: 'Create a task and start it in TaskNest',
    description: 'Add a task to a project board, assign it to a teammate and move it to In progress.',
    brand: { name: 'TaskNest', color: '#f0642a' },
    start: 'index.html',
    steps: [
      { target: (p) => p.getByRole('button', { name: 'New task' }), action: click, text: 'Click **New task**', narration: 'On the project board, click New task.' },
      { target: (p) => p.getByLabel('Task title', { exact: true }), action: fill('Update onboarding checklist copy'), text: 'Type in **Task title**', narration: 'Give the task a short, clear title.' },
      { target: (p) => p.getByLabel('Assignee', { exact: true }), action: select('Maya Patel'), text: 'Select **Maya Patel** in **Assignee**', narration: 'Assign the task to Maya Patel.' },
      { target: (p) => p.getByRole('button', { name: 'Create task' }), action: click, text: 'Click **Create task**', narration: 'Click Create task, and the card appears at the top of the To do column.' },
      { target: (p) => p.getByRole('button', { name: 'Update onboarding checklist copy' }), action: click, text: 'Click **Update onboarding checklist copy**', narration: 'Open the new task card to see its details.' },
      { target: (p) => p.getByRole('button', { name: 'Move to In progress' }), action: click, text: 'Click **Move to In progress**', narration: 'Click Move to In progress to start the work and move the card across the board.' },
    ],
    done: (p) => p.getByRole('status').getByText('Moved to In progress'),
  },
  {
    app: 'shipfast',
    title: 'Add and publish a product in Shipfast',
    description: 'Create a product with a title, price and stock level, and publish it to your sales channels.',
    brand: { name: 'Shipfast', color: '#2563eb' },
    start: 'index.html',
    steps: [
      { target: (p) => p.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }), action: click, text: 'Open **Products**', narration: 'In the sidebar, open Products.' },
      { target: (p) => p.getByRole('link', { name: 'Add product' }), action: click, text: 'Click **Add product**', narration: 'Click Add product to start a new listing.' },
      { target: (p) => p.getByLabel('Title', { exact: true }), action: fill('Speckled Stoneware Mug'), text: 'Type in **Title**', narration: 'Type the product name shoppers will see in your store.' },
      { target: (p) => p.getByLabel('Price', { exact: true }), action: fill('36.00'), text: 'Type in **Price**', narration: 'Enter the selling price.' },
      { target: (p) => p.getByLabel('Quantity in stock', { exact: true }), action: fill('48'), text: 'Type in **Quantity in stock**', narration: 'Enter how many units you have on hand so inventory is tracked.' },
      { target: (p) => p.getByRole('button', { name: 'Publish' }), action: click, text: 'Click **Publish**', narration: 'Click Publish, and the product goes live on your online store and point of sale.' },
    ],
    done: (p) => p.getByText('is live on Online store'),
  },
  {
    app: 'helpdesk',
    title: 'Reply to a ticket and mark it solved in Replyline',
    description: 'Pick up a customer ticket from the unassigned queue, answer it and close it as solved in one go.',
    brand: { name: 'Replyline', color: '#e5484d' },
    start: 'index.html',
    steps: [
      { target: (p) => p.getByRole('link', { name: 'Can’t export my invoices to CSV' }), action: click, text: 'Open **Can’t export my invoices to CSV**', narration: 'In the Unassigned view, open the ticket about CSV exports.' },
      { target: (p) => p.getByRole('button', { name: 'Assign to me' }), action: click, text: 'Click **Assign to me**', narration: 'Click Assign to me so your teammates know you are handling it.' },
      { target: (p) => p.getByRole('textbox', { name: 'Reply' }), action: fill('Thanks for flagging this, Hana! The export bug is fixed and CSV downloads work again. Could you give it another try?'), text: 'Type in **Reply**', narration: 'Write your answer to the customer in the reply box.' },
      { target: (p) => p.getByLabel('Status', { exact: true }), action: select('Solved'), text: 'Select **Solved** in **Status**', narration: 'Set the status to Solved.' },
      { target: (p) => p.getByRole('button', { name: 'Send reply' }), action: click, text: 'Click **Send reply**', narration: 'Click Send reply, and the customer gets your answer while the ticket closes as solved.' },
    ],
    done: (p) => p.getByText('Ticket #2841 is now Solved'),
  },
  {
    app: 'signup-demo',
    title: 'Sign up for Brightkey and review your settings',
    description: 'Create a Brightkey account, then open your account settings and save your profile.',
    brand: { name: 'Brightkey', color: '#7c3aed' },
    start: 'index.html',
    steps: [
      { target: (p) => p.getByLabel('Full name', { exact: true }), action: fill('Alex Morgan'), text: 'Type in **Full name**', narration: 'On the sign-up page, type your full name.' },
      { target: (p) => p.getByLabel('Work email', { exact: true }), action: fill('alex.morgan@halden-roos.example'), text: 'Type in **Work email**', narration: 'Enter the email address you use at work.' },
      { target: (p) => p.getByLabel('Password', { exact: true }), action: fill('Lantern-Harbor-Quartz-58'), text: 'Type in **Password**', narration: 'Choose a password with at least twelve characters.' },
      { target: (p) => p.getByLabel('Country', { exact: true }), action: select('Germany'), text: 'Select **Germany** in **Country**', narration: 'Select Germany as your country.' },
      { target: (p) => p.getByRole('button', { name: 'Create account' }), action: click, text: 'Click **Create account**', narration: 'Click Create account to start your free trial.' },
      { target: (p) => p.getByRole('status').getByRole('link', { name: 'Account settings' }), action: click, text: 'Open **Account settings**', narration: 'Follow the Account settings link in the confirmation message.' },
      { target: (p) => p.getByRole('button', { name: 'Save changes' }), action: click, text: 'Click **Save changes**', narration: 'Check your profile, then click Save changes.' },
    ],
    done: (p) => p.getByText('Changes saved'),
  },
];

// ---------------------------------------------------------------------------------------------
// static server

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

async function serveStatic(root: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://localhost');
        let file = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
        if (file !== root && !file.startsWith(root + path.sep)) {
          res.writeHead(403).end();
          return;
        }
        const info = await stat(file).catch(() => null);
        if (info?.isDirectory()) file = path.join(file, 'index.html');
        const body = await readFile(file);
        res.writeHead(200, {
          'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
          'cache-control': 'no-store',
        });
        res.end(body);
      } catch {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---------------------------------------------------------------------------------------------
// capture

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Rectangles of visible sensitive content, clipped to the viewport, in image pixels. */
async function sensitiveRects(page: Page): Promise<Rect[]> {
  const rects = await page.evaluate((selector) => {
    const out: Array<{ x: number; y: number; width: number; height: number }> = [];
    for (const el of Array.from(document.querySelectorAll(selector))) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (r.width === 0 || r.height === 0 || style.visibility === 'hidden' || style.display === 'none') continue;
      out.push({ x: r.left, y: r.top, width: r.width, height: r.height });
    }
    return out;
  }, SENSITIVE_SELECTOR);
  const clipped: Rect[] = [];
  for (const r of rects) {
    const x0 = Math.max(0, Math.floor(r.x));
    const y0 = Math.max(0, Math.floor(r.y));
    const x1 = Math.min(VIEWPORT.width, Math.ceil(r.x + r.width));
    const y1 = Math.min(VIEWPORT.height, Math.ceil(r.y + r.height));
    if (x1 > x0 && y1 > y0) clipped.push({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });
  }
  return clipped;
}

async function isSensitive(target: Locator): Promise<boolean> {
  return target.evaluate((el, selector) => el.matches(selector), SENSITIVE_SELECTOR);
}

/** Computed role and accessible name, straight from Chromium's accessibility tree. */
async function accessibleInfo(page: Page, target: Locator): Promise<{ role: string; name: string }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await target.evaluate((el) => el.setAttribute('data-seed-target', ''));
    const { result } = await cdp.send('Runtime.evaluate', {
      expression: 'document.querySelector("[data-seed-target]")',
    });
    await target.evaluate((el) => el.removeAttribute('data-seed-target'));
    if (!result.objectId) throw new Error('target element not found through CDP');
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
      objectId: result.objectId,
      fetchRelatives: false,
    });
    const node = nodes.find((n) => !n.ignored) ?? nodes[0];
    const role = String(node?.role?.value ?? '');
    const name = String(node?.name?.value ?? '').trim();
    return { role, name };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

async function encodePng(screenshot: Buffer, redact: Rect[]): Promise<Buffer> {
  const overlays = redact.map((r) => ({
    input: { create: { width: r.width, height: r.height, channels: 4 as const, background: REDACT_FILL } },
    left: r.x,
    top: r.y,
  }));
  return sharp(screenshot)
    .composite(overlays)
    .png({ compressionLevel: 9, palette: true, quality: 90, dither: 0.5, effort: 10 })
    .toBuffer();
}

async function logoSvg(page: Page): Promise<string | null> {
  const svg = await page.evaluate(() => {
    const el = document.querySelector('svg[data-brand-logo]');
    if (!el) return null;
    const clone = el.cloneNode(true) as Element;
    clone.removeAttribute('data-brand-logo');
    clone.removeAttribute('aria-hidden');
    clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
    return clone.outerHTML;
  });
  return svg ? `${svg}\n` : null;
}

async function perform(target: Locator, action: Action): Promise<void> {
  switch (action.kind) {
    case 'click':
      await target.click();
      return;
    case 'fill':
      await target.click();
      await target.fill(action.value);
      return;
    case 'select':
      await target.selectOption({ label: action.label });
      return;
    case 'check':
      await target.check();
      return;
  }
}

async function captureFlow(page: Page, origin: string, flow: FlowDef): Promise<{ bytes: number }> {
  const outDir = path.join(SEED_GUIDES_DIR, flow.app);
  await mkdir(outDir, { recursive: true });
  for (const name of await readdir(outDir)) {
    if (/^step-\d+\.png$/.test(name) || name === 'manifest.json' || name === 'logo.svg') {
      await rm(path.join(outDir, name));
    }
  }

  await page.goto(`${origin}/${flow.app}/${flow.start}`, { waitUntil: 'load' });
  const steps: SeedStep[] = [];
  let logo: string | null = null;
  let bytes = 0;

  for (const [i, def] of flow.steps.entries()) {
    const label = `${flow.app} step ${i + 1}`;
    const stepStarted = Date.now();
    const target = def.target(page);
    await target.waitFor({ state: 'visible' });
    await target.scrollIntoViewIfNeeded();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    logo ??= await logoSvg(page);

    // Everything is recorded before the action.
    const redact = await sensitiveRects(page);
    const shot = await page.screenshot({ type: 'png', animations: 'disabled', caret: 'hide' });
    const raw = await target.boundingBox();
    if (!raw) throw new Error(`${label}: target has no bounding box`);
    // the box in image pixels, clipped to the viewport
    const x0 = Math.max(0, Math.round(raw.x));
    const y0 = Math.max(0, Math.round(raw.y));
    const box = {
      x: x0,
      y: y0,
      width: Math.max(1, Math.min(VIEWPORT.width, Math.round(raw.x + raw.width)) - x0),
      height: Math.max(1, Math.min(VIEWPORT.height, Math.round(raw.y + raw.height)) - y0),
    };
    const clickPoint = { x: Math.round(raw.x + raw.width / 2), y: Math.round(raw.y + raw.height / 2) };
    if (
      clickPoint.x < box.x || clickPoint.x > box.x + box.width ||
      clickPoint.y < box.y || clickPoint.y > box.y + box.height ||
      clickPoint.x >= VIEWPORT.width || clickPoint.y >= VIEWPORT.height
    ) {
      throw new Error(`${label}: click point ${JSON.stringify(clickPoint)} is outside ${JSON.stringify(box)} or the viewport`);
    }
    const tag = await target.evaluate((el) => el.tagName.toLowerCase());
    const { role, name } = await accessibleInfo(page, target);
    if (!/^[a-z]+$/.test(role) || !name) {
      throw new Error(`${label}: expected an ARIA role and an accessible name, got role=${role} name=${name}`);
    }
    const title = await page.title();
    const urlPath = new URL(page.url()).pathname;
    const appPrefix = `/${flow.app}`;
    const pagePath = urlPath.startsWith(`${appPrefix}/`) ? urlPath.slice(appPrefix.length) : urlPath;

    if (def.action.kind === 'fill' && (await isSensitive(target))) {
      const value = def.action.value.toLowerCase();
      if (def.text.toLowerCase().includes(value) || def.narration.toLowerCase().includes(value)) {
        throw new Error(`${label}: the step text must not contain the typed value of a sensitive field`);
      }
    }

    const png = await encodePng(shot, redact);
    const meta = await sharp(png).metadata();
    if (meta.width !== VIEWPORT.width || meta.height !== VIEWPORT.height) {
      throw new Error(`${label}: screenshot is ${meta.width}x${meta.height}`);
    }
    const image = `step-${String(i + 1).padStart(2, '0')}.png`;
    await writeFile(path.join(outDir, image), png);
    bytes += png.length;

    steps.push({
      image,
      width: VIEWPORT.width,
      height: VIEWPORT.height,
      click: clickPoint,
      box,
      element: { tag, role, name },
      page: { title, path: pagePath },
      text: def.text,
      narration: def.narration,
    });

    await perform(target, def.action);
    await page.waitForLoadState('load');
    if (process.env.SEED_DEBUG) console.log(`  ${label} ${def.text} ${Date.now() - stepStarted} ms`);
  }
  await flow.done(page).first().waitFor({ state: 'visible' });

  if (logo) await writeFile(path.join(outDir, 'logo.svg'), logo);
  const manifest = SeedManifest.parse({
    title: flow.title,
    slug: flow.app,
    description: flow.description,
    brand: { ...flow.brand, ...(logo ? { logo: 'logo.svg' } : {}) },
    steps,
  });
  await writeFile(path.join(outDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return { bytes };
}

async function main(): Promise<void> {
  const missing = chromiumMissingMessage();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
  const only = process.argv.slice(2);
  const unknown = only.filter((a) => !(SEED_GUIDE_SLUGS as readonly string[]).includes(a));
  if (unknown.length > 0) throw new Error(`unknown app(s): ${unknown.join(', ')}; known: ${SEED_GUIDE_SLUGS.join(', ')}`);
  const flows = FLOWS.filter((f) => only.length === 0 || only.includes(f.app));

  const server = await serveStatic(path.resolve(APPS_DIR));
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  try {
    let total = 0;
    for (const flow of flows) {
      const started = Date.now();
      const context = await browser.newContext({
        viewport: VIEWPORT,
        deviceScaleFactor: 1,
        locale: 'en-US',
        timezoneId: 'UTC',
        colorScheme: 'light',
      });
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      try {
        const { bytes } = await captureFlow(page, server.origin, flow);
        if (errors.length > 0) throw new Error(`${flow.app}: page errors: ${errors.join('; ')}`);
        total += bytes;
        console.log(
          `${flow.app.padEnd(12)} ${String(flow.steps.length)} steps  ${(bytes / 1024).toFixed(0).padStart(5)} KB  ${Date.now() - started} ms`,
        );
      } finally {
        await context.close();
      }
    }
    console.log(`total        ${(total / 1024).toFixed(0)} KB of PNG in ${path.relative(process.cwd(), SEED_GUIDES_DIR) || '.'}`);
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
