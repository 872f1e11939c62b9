import type { GuideMeDto, GuideMeStepDto } from './guide-me-contracts';

export type { GuideMeDto, GuideMeStepDto } from './guide-me-contracts';

/**
 * "Guide me": a shared guide walked through in the viewer's own browser, in the real app, by the
 * extension. GET /api/share/{id}/guide-me answers what the overlay needs for each step: its
 * words, media, the page it happens on, and the ways to find its element (the drift check's
 * locator candidates, strongest first). The same access rule as the share page: published
 * guides only, private ones for members of their organisation only.
 *
 * The rules of the walk are here, pure, so that the extension's worker and content script
 * agree and tests reach them without a browser. No zod in this module: the content script that
 * imports it runs in every page; the answer's schema is in guide-me-contracts.ts.
 */

// ---------------------------------------------------------------------------------------------
// the walk

/** Two URLs are the same page when origin and path agree (capture keeps neither query nor fragment). */
export function samePage(a: string | null | undefined, b: string | null | undefined): boolean {
  if (!a || !b) return false;
  try {
    const x = new URL(a);
    const y = new URL(b);
    const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
    return x.origin === y.origin && trim(x.pathname) === trim(y.pathname);
  } catch {
    return false;
  }
}

/**
 * Whether Guide me can walk a guide: some step of it was captured on a web page. A guide made
 * from uploaded pictures has no app to open (the share page offers no Guide me, the API answers
 * 409), the rule the extension also follows with startUrl.
 */
export function isWalkable(pageUrls: ReadonlyArray<string | null | undefined>): boolean {
  return pageUrls.some((url) => !!url && /^https?:\/\//.test(url));
}

/** The message for a guide that is not walkable. */
export const NOT_WALKABLE_MESSAGE = 'This guide was made from pictures, not captured in an app, so there is no app to guide you through. Its steps are on this page.';

/** The page a walk starts on: its first step's with a web page. */
export function startUrl(guide: Pick<GuideMeDto, 'steps'>): string | null {
  return guide.steps.find((s) => s.pageUrl && /^https?:\/\//.test(s.pageUrl))?.pageUrl ?? null;
}

/**
 * The step to show when a page loads. The viewer may have reached it by doing the current step
 * (a click that followed a link, a form sent): when the current step is not on this page and the
 * next one is, the walk moves on. A page visit step is done by being on its page. Otherwise the
 * walk stays where it was (the overlay says where the step happens).
 */
export function stepOnPageLoad(guide: Pick<GuideMeDto, 'steps'>, index: number, url: string): number {
  let at = index;
  const current = guide.steps[at];
  const next = guide.steps[at + 1];
  if (current && next && !samePage(current.pageUrl, url) && samePage(next.pageUrl, url)) at += 1;
  // A visit to the page it names is the whole step.
  while (guide.steps[at]?.action === 'navigate' && samePage(guide.steps[at]!.pageUrl, url) && at < guide.steps.length) at += 1;
  return at;
}

/** What the viewer did, as the overlay sees it. */
export type ViewerAction =
  | { kind: 'click'; onTarget: boolean }
  /** a field's value was committed (change), or Enter was pressed in it */
  | { kind: 'typed'; onTarget: boolean }
  | { kind: 'chose'; onTarget: boolean };

/** Whether the viewer's action does the step, so the walk moves to the next one. */
export function actionDoesStep(step: Pick<GuideMeStepDto, 'action'>, action: ViewerAction): boolean {
  if (!action.onTarget) return false;
  switch (step.action) {
    case 'click':
    case 'submit':
      return action.kind === 'click';
    case 'type':
      return action.kind === 'typed';
    case 'select':
      return action.kind === 'chose' || action.kind === 'typed';
    default:
      return false;
  }
}

/** An index the walk may show: a step, or `steps.length` (the end, shown as finished). */
export function clampStep(guide: Pick<GuideMeDto, 'steps'>, index: number): number {
  return Math.max(0, Math.min(Math.trunc(index), guide.steps.length));
}

/**
 * Where the step was clicked on the viewer's page, in CSS pixels: the screenshot's pixels over the
 * author's pixel ratio (screenshot width / viewport width). Among several matches the nearest wins.
 */
export function clickInPage(step: Pick<GuideMeStepDto, 'click' | 'width' | 'viewportWidth'>): { x: number; y: number } | null {
  if (!step.click) return null;
  const ratio = step.width && step.viewportWidth ? step.width / step.viewportWidth : 1;
  return { x: step.click.x / ratio, y: step.click.y / ratio };
}

// ---------------------------------------------------------------------------------------------
// the share page and the extension

/**
 * The share page and the extension's content script on Stepcast's own origin talk with
 * window.postMessage, each hearing only its own window. The content script marks the page's
 * root with EXTENSION_ATTRIBUTE (its version) as soon as it runs, and answers `hello` with
 * `ready`; the page sends `guide-me` and hears `guide-me-result` for the same requestId.
 */
export const PAGE_SOURCE = 'stepcast-page';
export const EXTENSION_SOURCE = 'stepcast-extension';
export const EXTENSION_ATTRIBUTE = 'data-stepcast-extension';

export type PageToExtension = { source: typeof PAGE_SOURCE; type: 'hello' } | { source: typeof PAGE_SOURCE; type: 'guide-me'; guideId: string; requestId: string };
export type ExtensionToPage =
  | { source: typeof EXTENSION_SOURCE; type: 'ready'; version: string }
  | ({ source: typeof EXTENSION_SOURCE; type: 'guide-me-result'; requestId: string } & ({ ok: true } | { ok: false; message: string }));
