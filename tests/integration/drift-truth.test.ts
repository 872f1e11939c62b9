import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CaptureElement } from '#shared/capture';
import type { StepStatus } from '#shared/drift';
import { locatorCandidates, type LocatorCandidate, type LocatorStrategy } from '#shared/locator';
import { parseContentMessage } from '../../extension/src/background/protocol';
import { replay } from '../../functions/domain/drift/replay';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

/**
 * Drift checks tell the truth, and Guide me agrees: each case captures an element of a page as
 * the extension does (describe.ts in Chromium, through the extension's message protocol, into
 * the capture contract), changes the page, and checks the drift report (a real replay) and
 * what Guide me's overlay finder finds on the changed page (the extension's own bundle) against
 * what the change must produce.
 */
vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contacts</title><style>body{margin:0;font:16px/1.4 sans-serif} main{padding:24px} label{display:block;margin-top:16px} .spacer{height:260px} li{padding:16px 0} .fancy{background:#7c3aed;color:#fff;border-radius:12px;padding:10px 18px;font-weight:700}</style></head><body><main>${body}</main></body></html>`;

const form = ({ name = '<label for="name">Name</label><input id="name" name="name">', email = '<label for="email">Email</label><input id="email" name="email" type="email">', save = '<button type="submit" data-testid="save-contact">Save contact</button>', between = '' } = {}) =>
  page(`<h1>New contact</h1><form>${name}${between}${email}<div>${save}</div></form>`);

const rows = (order: string[]) => page(`<h1>Team</h1><ul>${order.map((who) => `<li>${who} <button type="button" data-testid="edit-${who.toLowerCase()}">Edit</button></li>`).join('')}</ul>`);

interface Case {
  name: string;
  before: string;
  after: string;
  /** the element capture saw, in `before` */
  target: string;
  report: [StepStatus, LocatorStrategy | null];
}

const CASES: Case[] = [
  { name: 'nothing changed', before: form(), after: form(), target: '[data-testid=save-contact]', report: ['found', 'role'] },
  { name: 'restyled in place', before: form(), after: form({ save: '<button type="submit" class="fancy" data-testid="save-contact">Save contact</button>' }), target: '[data-testid=save-contact]', report: ['found', 'role'] },
  { name: 'wrapped in new markup, same place', before: form(), after: form({ save: '<span><span><button type="submit" data-testid="save-contact">Save contact</button></span></span>' }), target: '[data-testid=save-contact]', report: ['found', 'role'] },
  { name: 'renamed, test id kept', before: form(), after: form({ save: '<button type="submit" data-testid="save-contact">Store contact</button>' }), target: '[data-testid=save-contact]', report: ['moved', 'testId'] },
  { name: 'renamed, id kept', before: form({ save: '<button type="submit" id="save">Save contact</button>' }), after: form({ save: '<button type="submit" id="save">Store contact</button>' }), target: '#save', report: ['moved', 'id'] },
  { name: 'moved down the page', before: form(), after: form({ between: '<div class="spacer"></div>' , save: '<div class="spacer"></div><button type="submit" data-testid="save-contact">Save contact</button>' }), target: '[data-testid=save-contact]', report: ['moved', 'role'] },
  { name: 'removed', before: form(), after: form({ save: '' }), target: '[data-testid=save-contact]', report: ['missing', null] },
  { name: 'hidden', before: form(), after: form({ save: '<button type="submit" data-testid="save-contact" hidden>Save contact</button>' }), target: '[data-testid=save-contact]', report: ['missing', null] },
  { name: 're-ordered rows: the same row’s button, not the one now in its place', before: rows(['Alice', 'Bob']), after: rows(['Bob', 'Alice']), target: '[data-testid=edit-bob]', report: ['moved', 'role'] },
  { name: 'its row removed: another row’s button is not it', before: rows(['Alice', 'Bob']), after: rows(['Alice']), target: '[data-testid=edit-bob]', report: ['missing', null] },
  { name: 'field label changed, id kept', before: form(), after: form({ name: '<label for="name">Full name</label><input id="name" name="name">' }), target: '#name', report: ['moved', 'id'] },
  // Ids a framework generates per render (React's useId) are not kept by capture: the field's name finds it.
  { name: 'field label changed, only its name kept', before: form({ name: '<label for=":r1:">Name</label><input id=":r1:" name="name">' }), after: form({ name: '<label for=":r7:">Full name</label><input id=":r7:" name="name">' }), target: '[name=name]', report: ['moved', 'name'] },
  { name: 'sensitive field moved', before: form(), after: form({ between: '<div class="spacer"></div>' }), target: '#email', report: ['moved', 'role'] },
  { name: 'sensitive field unchanged', before: form(), after: form(), target: '#email', report: ['found', 'role'] },
  { name: 'sensitive field relabelled, id kept', before: form(), after: form({ email: '<label for="email">Work email</label><input id="email" name="email" type="email">' }), target: '#email', report: ['moved', 'id'] },
  { name: 'sensitive field removed', before: form(), after: form({ email: '' }), target: '#email', report: ['missing', null] },
  { name: 'link renamed without a stable attribute: its place in the page', before: page('<h1>Home</h1><nav><a href="/a">Reports</a></nav>'), after: page('<h1>Home</h1><nav><a href="/a">Insights</a></nav>'), target: 'a', report: ['moved', 'css'] },
];

let browser: Browser;
let author: Page;
let viewer: Page;
let describeScript: string;
let locateScript: string;
let server: http.Server;
let origin: string;
const served = new Map<string, string>();

beforeAll(async () => {
  const bundle = async (entry: string, globalName: string) =>
    (await build({ entryPoints: [path.resolve(import.meta.dirname, '../../extension/src/content', entry)], bundle: true, write: false, format: 'iife', globalName, target: 'chrome120' })).outputFiles[0]!.text;
  [describeScript, locateScript] = await Promise.all([bundle('describe.ts', 'stepcastDescribe'), bundle('guide-me/locate.ts', 'stepcastLocate')]);
  server = http.createServer((req, res) => {
    const html = served.get(req.url ?? '');
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  author = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  viewer = await browser.newPage({ viewport: { width: 1280, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

/** The element as the extension captures it: described in the page, sent through the worker's protocol, kept by the contract. */
async function capture(html: string, target: string): Promise<{ element: CaptureElement; click: { x: number; y: number } }> {
  await author.setContent(html);
  await author.addScriptTag({ content: describeScript });
  const { element, box } = await author.evaluate((selector) => {
    const el = document.querySelector(selector)!;
    const r = el.getBoundingClientRect();
    return { element: (window as unknown as { stepcastDescribe: { describeElement(e: Element): unknown } }).stepcastDescribe.describeElement(el), box: { x: r.x, y: r.y, width: r.width, height: r.height } };
  }, target);
  const message = parseContentMessage({ type: 'step', pressId: null, action: 'click', target: { element, box }, point: null, viewportWidth: 1280, page: { title: 'Contacts', url: 'http://app.test/' } });
  if (message?.type !== 'step') throw new Error('the protocol refused the step');
  return { element: CaptureElement.parse(message.target.element), click: { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) } };
}

/** What Guide me's overlay finds on the page now: the strategy and the element's centre. */
async function guideMe(url: string, candidates: LocatorCandidate[], near: { x: number; y: number }) {
  await viewer.goto(url);
  await viewer.addScriptTag({ content: locateScript });
  return viewer.evaluate(
    ({ candidates, near }) => {
      const found = (window as unknown as { stepcastLocate: { locate(c: unknown, n: unknown): { element: Element; strategy: string } | null } }).stepcastLocate.locate(candidates, near);
      if (!found) return null;
      const r = found.element.getBoundingClientRect();
      return { strategy: found.strategy, centre: { x: Math.round(r.x + r.width / 2), y: Math.round(r.y + r.height / 2) } };
    },
    { candidates, near },
  );
}

describe('a drift check reports each page change as it is, and Guide me finds what the check found', () => {
  it.each(CASES.map((c, i) => [c.name, c, i] as const))('%s', async (_name, c, index) => {
    const { element, click } = await capture(c.before, c.target);
    const url = `${origin}/c/${index}`;
    served.set(`/c/${index}`, c.after);
    const [finding] = await replay([{ slideId: 's', capture: { action: 'click', element, page: { url, viewportWidth: 1280 } }, screenshot: null, click }], {
      browser,
      egress: { allowedHosts: [new URL(origin).host] },
      // The pages are served whole, with no script: nothing renders after they load.
      settleMs: 0,
    });
    expect([finding!.status, finding!.strategy]).toEqual(c.report);

    const walked = await guideMe(url, locatorCandidates(element), click);
    if (c.report[0] === 'missing') expect(walked).toBeNull();
    else expect(walked).toEqual({ strategy: finding!.strategy, centre: finding!.click });
  });

  it('captures a sensitive field with a locator (role and label, id, field name, CSS path), never its value', async () => {
    const { element } = await capture(form().replace('type="email">', 'type="email" value="jane@acme.com">'), '#email');
    expect(locatorCandidates(element)).toEqual([
      { strategy: 'role', role: 'textbox', name: 'Email' },
      { strategy: 'id', value: 'email' },
      { strategy: 'name', value: 'email' },
      { strategy: 'css', value: '#email' },
    ]);
    expect(JSON.stringify(element)).not.toContain('jane');
  });
});
