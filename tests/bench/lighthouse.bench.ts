import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { GALLERY_ITEMS } from '../../shared/gallery';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';

/**
 * Lighthouse (mobile preset: a mid-range phone, simulated slow 4G and a 4x slower CPU) on the
 * public site, driving Debian's Chromium, and the JavaScript the landing page loads before
 * anyone interacts with it. Targets: performance ≥ 95; accessibility, best practices
 * and SEO 100; landing JavaScript ≤ 120 KB gzip.
 *
 * Run it against a stack that has the seeded gallery guides (the local stack seeds them), or the
 * gallery detail's embed answers 404 and best practices counts the console error.
 */

const PAGES = ['/', '/pricing', '/gallery/', `/gallery/${GALLERY_ITEMS[0]!.slug}`, '/compare/scribe-alternative'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
export const LANDING_JS_BUDGET_BYTES = 120_000;

/** Starts Chromium with a DevTools port for Lighthouse, and says which port it chose. */
async function startChromium(): Promise<{ port: number; process: ChildProcess }> {
  const child = spawn(CHROMIUM_PATH, ['--headless=new', ...CHROMIUM_ARGS, '--remote-debugging-port=0', 'about:blank'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${output}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`Chromium exited (${code}): ${output}`)));
  });
  return { port, process: child };
}

/** Lighthouse's own trace recording fails now and then (NO_NAVSTART): such a run is made again, once. */
const RETRIED_RUNTIME_ERRORS = new Set(['NO_NAVSTART', 'NO_FCP']);

async function audit(url: string, port: number, attempt = 1): Promise<Record<(typeof CATEGORIES)[number], number>> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError && attempt === 1 && RETRIED_RUNTIME_ERRORS.has(lhr.runtimeError.code)) {
    console.log(`    ${url}: Lighthouse could not record the load (${lhr.runtimeError.code}); once more`);
    return audit(url, port, attempt + 1);
  }
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]));
  const failing = Object.values(lhr.audits)
    .filter((item) => item.score !== null && item.score < 1 && item.scoreDisplayMode === 'binary')
    .map((item) => item.id);
  if (failing.length > 0) console.log(`    ${url}: failing audits ${failing.join(', ')}`);
  if ((lhr.categories.performance?.score ?? 0) * 100 < TARGETS.performance) {
    // What the score is made of, so a miss says where the time went.
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];
    console.log(`    ${url}: ${metrics.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'} (${Math.round((lhr.audits[id]?.score ?? 0) * 100)})`).join(', ')}`);
    // The main thread's longest tasks (simulated), by the script they are charged to.
    const tasks = (lhr.audits['long-tasks']?.details as { items?: Array<{ url?: string; duration?: number; startTime?: number }> } | undefined)?.items ?? [];
    for (const task of tasks.slice(0, 5)) console.log(`      long task ${Math.round(task.duration ?? 0)} ms at ${Math.round(task.startTime ?? 0)} ms: ${task.url ?? '?'}`);
  }
  return scores as Record<(typeof CATEGORIES)[number], number>;
}

/**
 * The landing page's own scripts (not those of the guide framed on it), gzip-compressed as
 * CloudFront would serve them, loaded before any interaction: until the network is idle.
 */
async function landingScriptBytes(baseUrl: string): Promise<{ gzip: number; files: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script' && response.frame() === page.mainFrame()) bodies.push(response.body());
    });
    await page.goto(`${baseUrl}/`, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(bodies);
    return { gzip: scripts.reduce((sum, body) => sum + gzipSync(body).length, 0), files: scripts.length };
  } finally {
    await browser.close();
  }
}

export async function benchLighthouse(baseUrl: string): Promise<void> {
  console.log('\nLighthouse, mobile preset (performance / accessibility / best practices / SEO)');
  const chrome = await startChromium();
  const misses: string[] = [];
  try {
    for (const path of PAGES) {
      const scores = await audit(`${baseUrl}${path}`, chrome.port);
      console.log(`  ${path.padEnd(32)} ${CATEGORIES.map((category) => String(scores[category]).padStart(4)).join('')}`);
      for (const category of CATEGORIES) {
        if (scores[category] < TARGETS[category]) misses.push(`${path} ${category} ${scores[category]} < ${TARGETS[category]}`);
      }
    }
  } finally {
    chrome.process.kill();
  }

  const landing = await landingScriptBytes(baseUrl);
  console.log(
    `  landing page JavaScript before interaction: ${landing.gzip} B = ${(landing.gzip / 1000).toFixed(1)} KB gzip in ${landing.files} files (budget ${LANDING_JS_BUDGET_BYTES / 1000} KB, 1 KB = 1000 B)`,
  );
  if (landing.gzip > LANDING_JS_BUDGET_BYTES) misses.push(`landing JavaScript ${(landing.gzip / 1000).toFixed(1)} KB > ${LANDING_JS_BUDGET_BYTES / 1000} KB`);
  if (misses.length > 0) console.log(`  below target: ${misses.join('; ')}`);
}

// `npx tsx tests/bench/lighthouse.bench.ts http://localhost:3000`: against a running stack.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchLighthouse(process.argv[2] ?? 'http://localhost:3000');
}
