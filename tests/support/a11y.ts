import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * The app has taken over the prerendered HTML: a client-side link works. React marks its root
 * with a `__reactContainer…` key; the embed, built on Preact (web/vite.embed.config.ts), with
 * Preact's rendered tree (`__k`).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && (Object.keys(root).some((key) => key.startsWith('__reactContainer')) || '__k' in root);
  });
}

/** The longest entrance a check waits for: a slide's fill bar runs for the whole slide. */
const SHORT_ANIMATION_MS = 2_000;

/**
 * Waits until the page is the one a user meets: React has hydrated the prerendered HTML (where
 * there is a root) and the short animations and transitions that are running (a dialog or a slide
 * fading in, a colour easing on hover) have ended. axe measures colour contrast from the colours
 * of the moment, so text caught halfway through fading in measures as faint; a landing-page check
 * failed that way once on a loaded CI machine.
 */
export async function settle(page: Page): Promise<void> {
  if (await page.locator('#root').count()) await waitForHydration(page);
  await page.evaluate(async (limit) => {
    const running = document.getAnimations().filter((animation) => {
      const end = animation.effect?.getComputedTiming().endTime;
      return animation.playState === 'running' && typeof end === 'number' && Number.isFinite(end) && end <= limit;
    });
    await Promise.race([
      Promise.allSettled(running.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, limit)),
    ]);
  }, SHORT_ANIMATION_MS);
}

/**
 * axe's violations on the settled page, each as "rule: help (the elements' selectors)", so a
 * failure names what to fix. `configure` narrows the check (include, exclude, rules).
 */
export async function axeViolations(page: Page, configure: (builder: AxeBuilder) => AxeBuilder = (builder) => builder): Promise<string[]> {
  await settle(page);
  const results = await configure(new AxeBuilder({ page })).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
