import type { Browser, BrowserContext, ElementHandle, Page } from 'playwright-core';
import pixelmatch from 'pixelmatch';
import sharp from 'sharp';
import * as z from 'zod';
import type { CaptureMeta } from '#shared/capture';
import { MOVE_TOLERANCE_PX, type StepStatus } from '#shared/drift';
import { REDACTION_FILL } from '#shared/redaction';
import type { AppliedBoxes } from '#shared/redaction-boxes';
import { describeCandidate, LOCATOR_STRATEGIES, locatorCandidates, type LocatorCandidate, type LocatorStrategy } from '#shared/locator';
import { defineConfig } from '../../core/config';
import { FINDER_SCRIPT } from './finder-script.generated';
import { parseAllowedHosts, REFUSED_HEADER, startEgressProxy, type EgressPolicy, type EgressProxy, type Refusal } from './egress';
import type { StorageState } from './site-session';

/**
 * Replays a guide's steps in headless Chromium (playwright-core driving the Chromium that browser.ts
 * picks: the machine's locally, the one the worker ships in AWS) and reports, per step, how its
 * element is found now, a screenshot of the page just before the step's action, and how much of
 * it differs from the guide's screenshot. Each step's action is then performed (a click, sample
 * text typed into a field, an option chosen) so that the flow goes on as the author's did; a step
 * on another page than the current one loads its page first.
 */
export const replayConfig = defineConfig({
  /**
   * Hosts (`host` or `host:port`, comma-separated) checks may reach although their address is
   * private or loopback: a developer's own apps on this machine or network. Every other private,
   * loopback, link-local or reserved address is refused, in AWS and locally (egress.ts).
   */
  DRIFT_ALLOWED_HOSTS: z.string().max(2_000).default('').transform(parseAllowedHosts),
  /**
   * How long a replay lets a page settle after it loads and after each step's action, before it
   * looks for the next element: time for a page's scripts to render what they fetch. Pages that
   * render on the server (the drift demo app, the tests' pages) need none.
   */
  DRIFT_SETTLE_MS: z.coerce.number().int().min(0).max(10_000).default(300),
});

/** The drift demo app's own origin (README: `startDriftApp({ port: 4321 })`), which local checks may always reach. */
export const DEMO_APP_HOST = '127.0.0.1:4321';

/** Where checks may connect: the allowed hosts, and locally the demo app; nothing else that is not public. */
export function egressPolicy(): EgressPolicy {
  const inLambda = Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);
  return { allowedHosts: [...replayConfig().DRIFT_ALLOWED_HOSTS, ...(inLambda ? [] : [DEMO_APP_HOST])] };
}

const STEP_TIMEOUT_MS = 8_000;
const LARGEST_VIEWPORT = { width: 2_560, height: 1_600 };

export interface ReplayStep {
  slideId: string;
  capture: CaptureMeta | null;
  /** the guide's screenshot of the step */
  screenshot: { bytes: Uint8Array; width: number; height: number } | null;
  /** where the author clicked, in the screenshot's pixels */
  click: { x: number; y: number } | null;
  /** the author applied a redaction box over the element: it is found by structure only (shared/locator.ts) */
  covered?: boolean | undefined;
  /** the redaction boxes the author applied to the step's screenshot, drawn over its fresh one too */
  redactedBoxes?: AppliedBoxes | undefined;
}

export interface ReplayFinding {
  slideId: string;
  status: StepStatus;
  strategy: LocatorStrategy | null;
  expected: LocatorStrategy | null;
  score: number | null;
  fresh: { png: Uint8Array; width: number; height: number } | null;
  /** the element's centre in the fresh screenshot */
  click: { x: number; y: number } | null;
  note: string | null;
}

export interface ReplayOptions {
  browser: Browser;
  storageState?: StorageState | undefined;
  onStep?: (index: number, finding: ReplayFinding) => Promise<void>;
  /** where the browser may connect; egressPolicy() (from the environment) unless a test gives its own */
  egress?: EgressPolicy | undefined;
  /** told of each connection the egress proxy refuses */
  onRefusal?: ((refusal: Refusal) => void) | undefined;
  /** how long a page settles after it loads and after each action; DRIFT_SETTLE_MS unless a test gives its own */
  settleMs?: number | undefined;
}

export { launchBrowser } from './browser';

interface Located {
  handle: ElementHandle<Node>;
  strategy: LocatorStrategy;
  box: { x: number; y: number; width: number; height: number };
}

/**
 * The first candidate that finds a visible element; among several matches, the one nearest the
 * click. It is Guide me's own finder (extension/src/content/guide-me/locate.ts, bundled into
 * finder-script.generated.ts), run in the page: a check finds what a viewer's walk would find.
 * A page that navigates meanwhile, or hides what it found, finds nothing.
 */
async function locate(page: Page, candidates: LocatorCandidate[], near: { x: number; y: number } | null): Promise<Located | undefined> {
  try {
    const result = await page.evaluateHandle(
      `(() => { ${FINDER_SCRIPT}; const found = stepcastFinder.locate(${JSON.stringify(candidates)}, ${JSON.stringify(near)}); return found ? [found.element, found.strategy] : null; })()`,
    );
    const element: ElementHandle<Node> | null = (await result.getProperty('0')).asElement();
    if (!element) return undefined;
    // What the page answered is parsed like any outside data (a page's script can reach the finder's globals).
    const strategy = z.enum(LOCATOR_STRATEGIES).safeParse(await (await result.getProperty('1')).jsonValue()).data;
    const box = await element.boundingBox();
    return box && strategy && candidates.some((c) => c.strategy === strategy) ? { handle: element, strategy, box } : undefined;
  } catch {
    return undefined;
  }
}

type Box = { x: number; y: number; width: number; height: number };

/** What capture would cover on the page now, in CSS pixels of the viewport: every frame's sensitive content (capture's own rule, run in each frame). */
async function sensitiveBoxes(page: Page): Promise<Box[]> {
  const boxes: Box[] = [];
  for (const frame of page.frames()) {
    try {
      // A child frame's boxes are in its own viewport: moved by where its element sits in the page.
      const offset = frame === page.mainFrame() ? { x: 0, y: 0 } : await (await frame.frameElement()).boundingBox();
      if (!offset) continue;
      const found: unknown = await frame.evaluate(`(() => { ${FINDER_SCRIPT}; return stepcastFinder.sensitiveRects(document); })()`);
      for (const r of z.array(z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })).catch([]).parse(found)) {
        boxes.push({ x: r.x + offset.x, y: r.y + offset.y, width: r.width, height: r.height });
      }
    } catch {
      // A frame that went away meanwhile covers nothing more.
    }
  }
  return boxes;
}

/**
 * The page as it is now, covered before anything keeps it: what capture covers (sensitive fields,
 * `data-redact`; shared/redaction.ts through describe.ts, in every frame) with capture's solid
 * fill, and the redaction boxes the author applied to the step's screenshot, scaled to this one.
 */
async function redactedScreenshot(page: Page, step: ReplayStep, size: { width: number; height: number }, ratio: number): Promise<{ png: Buffer; width: number; height: number }> {
  const covered = await sensitiveBoxes(page);
  const shot = await page.screenshot({ type: 'png' });
  const width = Math.round(size.width * ratio);
  const height = Math.round(size.height * ratio);
  const boxes: Box[] = [
    ...covered.map((b) => ({ x: b.x * ratio, y: b.y * ratio, width: b.width * ratio, height: b.height * ratio })),
    ...(step.redactedBoxes ?? []).map((b) => ({ x: (b.x * width) / b.imageWidth, y: (b.y * height) / b.imageHeight, width: (b.width * width) / b.imageWidth, height: (b.height * height) / b.imageHeight })),
  ];
  const meta = await sharp(shot).metadata();
  const image = { width: meta.width ?? width, height: meta.height ?? height };
  const fills = boxes.flatMap((b) => {
    // Rounded outwards, cut to the picture: no sliver of a letter stays.
    const left = Math.max(0, Math.floor(b.x));
    const top = Math.max(0, Math.floor(b.y));
    const right = Math.min(image.width, Math.ceil(b.x + b.width));
    const bottom = Math.min(image.height, Math.ceil(b.y + b.height));
    if (right - left < 1 || bottom - top < 1) return [];
    return [{ input: { create: { width: right - left, height: bottom - top, channels: 3 as const, background: REDACTION_FILL } }, left, top }];
  });
  const png = fills.length > 0 ? await sharp(shot).composite(fills).png().toBuffer() : shot;
  return { png, width, height };
}

/** Outside the element's box by more than the tolerance. */
function movedFrom(box: Located['box'], click: { x: number; y: number }): boolean {
  const dx = Math.max(box.x - click.x, 0, click.x - (box.x + box.width));
  const dy = Math.max(box.y - click.y, 0, click.y - (box.y + box.height));
  return Math.hypot(dx, dy) > MOVE_TOLERANCE_PX;
}

/** Share of pixels that differ between two screenshots, the fresh one scaled to the guide's size. */
export async function pixelDifference(original: Uint8Array, fresh: Uint8Array): Promise<number> {
  const a = await sharp(original).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = a.info;
  const b = await sharp(fresh).resize(width, height, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  const differing = pixelmatch(a.data, b, undefined, width, height, { threshold: 0.1 });
  return Math.round((differing / (width * height)) * 10_000) / 10_000;
}

const SAMPLE_VALUES: Record<string, string> = { email: 'name@example.com', number: '1', tel: '5550100', url: 'https://example.com', date: '2026-01-01', time: '09:00' };

/** Does what the author did at this step, so that the flow goes on; failures are only noted. */
async function act(page: Page, found: Located, capture: CaptureMeta, settleMs: number): Promise<void> {
  const locator = found.handle;
  if (capture.action === 'type') {
    const type = (capture.element?.type ?? 'text').toLowerCase();
    await locator.fill(SAMPLE_VALUES[type] ?? 'Sample text', { timeout: STEP_TIMEOUT_MS });
  } else if (capture.action === 'select') {
    const option = capture.option?.trim();
    if (option) await locator.selectOption({ label: option }, { timeout: STEP_TIMEOUT_MS });
  } else if (capture.action === 'click' || capture.action === 'submit') {
    await locator.click({ timeout: STEP_TIMEOUT_MS });
  }
  await page.waitForLoadState('load', { timeout: STEP_TIMEOUT_MS }).catch(() => undefined);
  if (settleMs > 0) await page.waitForTimeout(settleMs);
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
};

/** Connections refused because of where they went (names with no address are not counted: they fail anyway). */
const privateRefusals = (proxy: EgressProxy) => proxy.refusals.filter((r) => r.kind === 'private').length;

/** What a step on a page the check may not reach says. */
export const REFUSED_NOTE = 'The page is on a private or local network address, which checks may not reach: it was not loaded.';

/**
 * Loads a step's page; null when it loaded, else what the step should say. A navigation the
 * egress proxy refused (at the first request or anywhere in its redirect chain) says so.
 */
async function open(page: Page, url: string, proxy: EgressProxy, settleMs: number): Promise<string | null> {
  const refusedBefore = privateRefusals(proxy);
  try {
    const response = await page.goto(url, { waitUntil: 'load', timeout: STEP_TIMEOUT_MS * 2 });
    if (response?.headers()[REFUSED_HEADER] === 'refused') return REFUSED_NOTE;
    if (response && response.status() >= 400) return `The page answered ${response.status()}.`;
    if (settleMs > 0) await page.waitForTimeout(settleMs);
    return null;
  } catch (error) {
    // A refused HTTPS (CONNECT) request fails the navigation as a tunnel error.
    if (privateRefusals(proxy) > refusedBefore && /ERR_TUNNEL_CONNECTION_FAILED|ERR_PROXY|ERR_EMPTY_RESPONSE|ERR_CONNECTION/i.test(String(error))) return REFUSED_NOTE;
    return 'The page could not be loaded.';
  }
}

/**
 * The page size a step was seen at, in CSS pixels: the viewport capture recorded, in the
 * screenshot's shape; without it, the screenshot's own size (a screen of pixel ratio 1).
 */
function layoutOf(step: ReplayStep): { width: number; height: number; ratio: number } | null {
  const shot = step.screenshot;
  if (!shot) return null;
  const cssWidth = step.capture?.page?.viewportWidth;
  const ratio = cssWidth && cssWidth > 0 ? shot.width / cssWidth : 1;
  return {
    width: Math.min(Math.round(shot.width / ratio), LARGEST_VIEWPORT.width),
    height: Math.min(Math.round(shot.height / ratio), LARGEST_VIEWPORT.height),
    ratio,
  };
}

export async function replay(steps: readonly ReplayStep[], options: ReplayOptions): Promise<ReplayFinding[]> {
  const first = steps.map(layoutOf).find((layout) => layout !== null);
  const viewport = first ? { width: first.width, height: first.height } : { width: 1280, height: 800 };
  // The author's screen's pixel ratio: fresh screenshots come out the size of the guide's.
  const ratio = first?.ratio ?? 1;
  const settleMs = options.settleMs ?? replayConfig().DRIFT_SETTLE_MS;
  const proxy = await startEgressProxy(options.egress ?? egressPolicy(), options.onRefusal);
  let context: BrowserContext | undefined;
  try {
    context = await options.browser.newContext({
      viewport,
      deviceScaleFactor: ratio,
      ...(options.storageState ? { storageState: options.storageState } : {}),
      // The check is a visitor like any other; the app decides what it may see.
      serviceWorkers: 'block',
      // Every connection of this context, loopback included, goes through the egress proxy (egress.ts).
      proxy: { server: proxy.url, bypass: '<-loopback>' },
    });
    const newPage = async () => {
      const fresh = await context!.newPage();
      fresh.setDefaultTimeout(STEP_TIMEOUT_MS);
      return fresh;
    };
    let page = await newPage();
    const findings: ReplayFinding[] = [];
    let pageNote: string | null = null;
    for (const [index, step] of steps.entries()) {
      const candidates = locatorCandidates(step.capture?.element, { covered: step.covered });
      const expected = candidates[0]?.strategy ?? null;
      const url = step.capture?.page?.url ?? null;
      const finding: ReplayFinding = { slideId: step.slideId, status: 'missing', strategy: null, expected, score: null, fresh: null, click: null, note: null };
      let refusedBefore = privateRefusals(proxy);
      if (url && /^https?:/.test(url) && (page.url() === 'about:blank' || step.capture?.action === 'navigate' || pathOf(page.url()) !== pathOf(url))) {
        // A page left behind by a refused or failed load may still be navigating: the step starts
        // on a new one, and counts refusals from then on (the old page's last ones were its own).
        if (pageNote) {
          await page.close().catch(() => undefined);
          page = await newPage();
          refusedBefore = privateRefusals(proxy);
        }
        pageNote = await open(page, url, proxy, settleMs);
      } else if (!url && page.url() === 'about:blank') {
        pageNote = 'Capture recorded no page for this step.';
      }
      if (pageNote) {
        finding.note = pageNote;
        if (pageNote === REFUSED_NOTE) finding.status = 'refused';
      } else {
        const layout = layoutOf(step);
        const current = page.viewportSize() ?? viewport;
        if (layout && (layout.width !== current.width || layout.height !== current.height)) await page.setViewportSize({ width: layout.width, height: layout.height });
        const size = page.viewportSize() ?? viewport;
        // The guide's click is in its screenshot's pixels; the page is laid out in CSS pixels.
        const scale = step.screenshot ? size.width / step.screenshot.width : 1 / ratio;
        const near = step.click ? { x: step.click.x * scale, y: step.click.y * scale } : null;
        const found = step.capture?.action === 'navigate' ? undefined : candidates.length > 0 ? await locate(page, candidates, near) : undefined;
        const fresh = await redactedScreenshot(page, step, size, ratio);
        finding.fresh = fresh;
        if (step.screenshot) finding.score = await pixelDifference(step.screenshot.bytes, fresh.png).catch(() => null);
        if (step.capture?.action === 'navigate' || candidates.length === 0) {
          // A page visit (or a step with nothing to find): the page loading is the whole check.
          finding.status = 'found';
          finding.note = candidates.length === 0 && step.capture?.action !== 'navigate' ? 'Capture recorded nothing to find this step’s element by: only the page is compared.' : null;
        } else if (found) {
          finding.strategy = found.strategy;
          finding.click = { x: Math.round((found.box.x + found.box.width / 2) * ratio), y: Math.round((found.box.y + found.box.height / 2) * ratio) };
          const weaker = found.strategy !== expected;
          const displaced = near ? movedFrom(found.box, near) : false;
          finding.status = weaker || displaced ? 'moved' : 'found';
          if (weaker) finding.note = `Not found by its ${describeCandidate(candidates[0]!)}; found by its ${describeCandidate(candidates.find((c) => c.strategy === found.strategy)!)}.`;
          else if (displaced) finding.note = 'Found somewhere else on the page.';
          try {
            await act(page, found, step.capture!, settleMs);
          } catch {
            finding.note = `${finding.note ? `${finding.note} ` : ''}The step’s action could not be repeated.`;
          }
        } else {
          finding.note = `Not found on the page (${candidates.map(describeCandidate).join(', ')}).`;
        }
      }
      const refused = privateRefusals(proxy) - refusedBefore;
      if (refused > 0 && finding.note !== REFUSED_NOTE) {
        const said = `The page asked for ${refused === 1 ? 'an address' : `${refused} addresses`} checks may not reach (a private or local network): refused.`;
        finding.note = finding.note ? `${finding.note} ${said}` : said;
      }
      findings.push(finding);
      await options.onStep?.(index, finding);
    }
    return findings;
  } finally {
    await context?.close().catch(() => undefined);
    await proxy.close();
  }
}
