import { signUpVerified } from './browser-accounts';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { DEV_EXTENSION_ID } from '../../shared/extension';
import { buildExtension } from '../../extension/build';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';

/**
 * Driving the capture extension in Debian Chromium, for the capture journey and its benchmark:
 * a sample app on its own port, the extension built for the stack under test and loaded
 * unpacked into a persistent profile, a fresh account, and the popup in a window of its own
 * (a popup opened as a tab would become the tab in front, which is what gets captured).
 */
const SAMPLE_APPS = path.resolve(import.meta.dirname, '../fixtures/sample-apps');
const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.svg': 'image/svg+xml' };

export const VIEWPORT = { width: 1280, height: 800 } as const;

export interface SampleApp {
  origin: string;
  url(file: string): string;
  close(): Promise<void>;
}

/** Serves one sample app folder on an ephemeral localhost port (another origin than the app). */
export async function serveSampleApp(app = 'signup-demo'): Promise<SampleApp> {
  const root = path.join(SAMPLE_APPS, app);
  const server = http.createServer((req, res) => {
    void (async () => {
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
      let file = path.normalize(path.join(root, pathname));
      if (!file.startsWith(root)) return void res.writeHead(403).end();
      if ((await stat(file).catch(() => null))?.isDirectory()) file = path.join(file, 'index.html');
      const body = await readFile(file).catch(() => null);
      if (!body) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' }).end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { origin, url: (file) => `${origin}/${file}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const builds = new Map<string, Promise<string>>();

/** The extension built for this app origin into a temporary folder (once per process). */
export function extensionFor(appOrigin: string): Promise<string> {
  let built = builds.get(appOrigin);
  if (!built) {
    const outDir = mkdtempSync(path.join(os.tmpdir(), 'stepcast-extension-'));
    built = buildExtension({ appOrigin, outDir, zip: false }).then(() => outDir);
    builds.set(appOrigin, built);
  }
  return built;
}

export interface ExtensionBrowser {
  context: BrowserContext;
  userDataDir: string;
  /** the extension's service worker (a new one after it restarts) */
  worker(): Promise<Worker>;
  close(options?: { keepProfile?: boolean }): Promise<void>;
}

/** Chromium with only the capture extension, headless, in a persistent profile. */
export async function launchWithExtension(appOrigin: string, options: { userDataDir?: string } = {}): Promise<ExtensionBrowser> {
  const extensionDir = await extensionFor(appOrigin);
  const userDataDir = options.userDataDir ?? mkdtempSync(path.join(os.tmpdir(), 'stepcast-profile-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    viewport: VIEWPORT,
    args: [...CHROMIUM_ARGS, `--disable-extensions-except=${extensionDir}`, `--load-extension=${extensionDir}`],
  });
  const prefix = `chrome-extension://${DEV_EXTENSION_ID}/`;
  const worker = async () => context.serviceWorkers().find((w) => w.url().startsWith(prefix)) ?? (await context.waitForEvent('serviceworker', { predicate: (w) => w.url().startsWith(prefix) }));
  await worker();
  return {
    context,
    userDataDir,
    worker,
    close: async ({ keepProfile = false } = {}) => {
      await context.close();
      if (!keepProfile) rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

let accounts = 0;
/** A fresh account signed up through the API from inside the browser: its cookie is the browser's. */
export async function signUpInBrowser(context: BrowserContext, appOrigin: string, name = 'Alex Author'): Promise<{ email: string }> {
  accounts++;
  const email = `capture-${Date.now().toString(36)}-${accounts}-${Math.random().toString(36).slice(2, 6)}@example.test`;
  await signUpVerified(context.request, appOrigin, { name, email, password: 'correct horse battery staple' });
  return { email };
}

/** The popup in a small window of its own, over the page being captured. */
export async function openPopup(browser: ExtensionBrowser): Promise<Page> {
  const opened = browser.context.waitForEvent('page', { predicate: (p) => p.url().endsWith('/popup.html') });
  const worker = await browser.worker();
  await worker.evaluate(() => chrome.windows.create({ url: 'popup.html', type: 'popup', width: 360, height: 640 }));
  const popup = await opened;
  await popup.setViewportSize({ width: 360, height: 640 });
  return popup;
}

export interface RecordingState {
  captureId: string;
  stepCount: number;
  paused: boolean;
}

export async function recordingState(browser: ExtensionBrowser): Promise<RecordingState | null> {
  const worker = await browser.worker();
  const stored = await worker.evaluate(() => chrome.storage.session.get('recording'));
  return (stored.recording as RecordingState | undefined) ?? null;
}

/** Waits until the extension has stored `count` steps. */
export async function waitForSteps(browser: ExtensionBrowser, count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen: number | undefined;
  while (Date.now() < deadline) {
    seen = (await recordingState(browser))?.stepCount;
    if (seen !== undefined && seen >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the extension recorded ${seen ?? 'no'} steps, expected ${count}`);
}

/** The guide id in the design page the extension opens when the upload is complete. */
export function guideIdOfDesignUrl(url: string): string | undefined {
  return /\/share\/(?:[^/]*-)?([A-Za-z0-9]{12})\/design$/.exec(new URL(url).pathname)?.[1];
}

export function isDesignPage(page: Page): boolean {
  return guideIdOfDesignUrl(page.url()) !== undefined;
}
