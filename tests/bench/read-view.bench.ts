import { chromium } from 'playwright-core';
import { sharePath } from '#shared/share/link';
import { CHROMIUM_ARGS, CHROMIUM_PATH, chromiumMissingMessage } from '../support/chromium';
import { firstPaint, median, publishGuide, RUNS, writeStackPage, type PaintTiming } from './share.bench';
import { summarize, type BenchStack } from './support';

/**
 * The read view's first paint (`?view=read`, the whole guide as a document rendered at the edge)
 * at most this times the very same HTML served as a static file in the same run: what the edge's
 * rendering of the document may add to a page CloudFront would serve from its cache (issue 32).
 */
const READ_PAINT_RATIO_TARGET = 1.3;

/**
 * The read view of a published guide of three captured steps: its first screenshot's paint
 * (element timing, cold context, median of alternating runs) edge-rendered vs as a file of the
 * same stack; and how its screenshots load (the first at once, the rest lazily).
 */
export async function benchReadView(stack: BenchStack): Promise<void> {
  const missing = chromiumMissingMessage();
  if (missing) throw new Error(missing);
  const guide = await publishGuide(stack.server.url);
  const readUrl = `${stack.server.url}${sharePath(guide)}?view=read`;
  const html = await (await fetch(readUrl)).text();
  const lazy = (html.match(/<img[^>]*loading="lazy"/g) ?? []).length;
  const eager = (html.match(/<img[^>]*loading="eager"[^>]*width="\d+"[^>]*height="\d+"|<img[^>]*width="\d+"[^>]*height="\d+"[^>]*loading="eager"/g) ?? []).length;
  const steps = (html.match(/<li id="step-\d+"/g) ?? []).length;
  const pages = { read: readUrl, readAsFile: await writeStackPage(stack, 'bench-read-page.html', html) };

  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    for (const url of Object.values(pages)) await firstPaint(browser, url);
    const times: Record<keyof typeof pages, PaintTiming[]> = { read: [], readAsFile: [] };
    for (let run = 0; run < RUNS; run++) {
      for (const [name, url] of Object.entries(pages) as Array<[keyof typeof pages, string]>) times[name].push(await firstPaint(browser, url));
    }
    const painted = (name: keyof typeof pages) => median(times[name].map((timing) => timing.painted));
    const [read, asFile] = [painted('read'), painted('readAsFile')];
    const ratio = read / asFile;
    console.log(`\nRead view: first screenshot painted (element timing, cold context, median of ${RUNS} alternating runs, 1280×800)`);
    console.log(`  its very HTML served as a static file of the same stack (baseline)  ${asFile.toFixed(0).padStart(5)} ms`);
    console.log(`  read view, edge-rendered  ${sharePath(guide)}?view=read  ${read.toFixed(0).padStart(5)} ms   ratio ${ratio.toFixed(2)} (target ≤ ${READ_PAINT_RATIO_TARGET}: ${ratio <= READ_PAINT_RATIO_TARGET ? 'met' : 'missed'})`);
    console.log(`  the document: ${steps} steps in the HTML; screenshots: ${eager} eager with its size set, ${lazy} lazy (expected 1 and ${steps - 1})`);
    console.log('  medians, ms from navigation start:  first byte  screenshot loaded  HTML parsed  painted');
    for (const name of Object.keys(pages) as Array<keyof typeof pages>) {
      const stage = (key: keyof PaintTiming) => median(times[name].map((timing) => timing[key])).toFixed(0).padStart(12);
      console.log(`    ${name.padEnd(30)}${stage('firstByte')}${stage('imageLoaded')}${stage('parsed')}${stage('painted')}`);
    }
    summarize({
      measure: 'Read view first paint vs the same HTML as a file',
      figure: `${read.toFixed(0)} ms (ratio ${ratio.toFixed(2)}; ${eager} eager, ${lazy} lazy of ${steps} screenshots)`,
      baseline: `${asFile.toFixed(0)} ms`,
      target: `≤ ${READ_PAINT_RATIO_TARGET}×, all but the first lazy`,
      met: ratio <= READ_PAINT_RATIO_TARGET && eager === 1 && lazy === steps - 1,
    });
  } finally {
    await browser.close();
  }
}
