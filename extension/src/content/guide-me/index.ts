import { actionDoesStep, clampStep, clickInPage, EXTENSION_ATTRIBUTE, EXTENSION_SOURCE, PAGE_SOURCE, samePage, stepOnPageLoad, type ExtensionToPage, type GuideMeDto, type ViewerAction } from '#shared/guide-me';
import { APP_ORIGIN } from '../../config';
import type { GuideMeStartReply, GuideMeWalk } from '../../guide-me-messages';
import { isTextEntry } from '../describe';
import { isVisible, locate } from './locate';
import { GuideOverlay, type OverlayAction } from './overlay';

/**
 * "Guide me" in the page: on Stepcast's own pages, tells the share page the extension is here
 * and passes its "Guide me" request to the worker; on every other page (top frame only), asks
 * the worker whether this tab is walking a guide, and if so shows the overlay, finds each step's
 * element, and moves on when the viewer does the step (a click on it, typing in it, a choice
 * in it; a page load that is the next step's page is handled by the worker).
 */
declare global {
  interface Window {
    __stepcastGuideMe?: boolean;
  }
}

let guide: GuideMeDto | null = null;
let index = 0;
let overlay: GuideOverlay | null = null;
let target: Element | null = null;
let observer: MutationObserver | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let placing = 0;
/** the step whose element `target` is */
let targetStep: string | null = null;
/** the URL the walk last saw: only a change of it moves the walk on (Back to a step on the last page must stay) */
let seenUrl = '';
/** a press on the overlay: the field it takes focus from commits its value, and Next, not that, moves on */
let pressOnOverlay = false;

function send<T>(message: unknown): Promise<T | undefined> {
  return chrome.runtime.sendMessage<T>(message).catch(() => undefined);
}

function current() {
  return guide?.steps[index];
}

/** Finds the current step's element and shows the overlay; called again as the page changes. */
function refresh(focus = false): void {
  if (!guide || !overlay) return;
  // A single-page app changes its URL without a page load: the next step's page counts the same.
  if (location.href !== seenUrl) {
    seenUrl = location.href;
    const moved = stepOnPageLoad(guide, index, location.href);
    if (moved !== index) {
      index = moved;
      void send({ type: 'guideMe/go', index });
    }
  }
  const step = current();
  if (!step) {
    target = null;
    overlay.show({ kind: 'done', count: guide.steps.length, title: guide.title }, focus);
    return;
  }
  const elsewhere = Boolean(step.pageUrl) && !samePage(step.pageUrl, location.href);
  const previous = target;
  // The element found for this step is kept while it stays on the page: a busy page changes often.
  const kept = !elsewhere && targetStep === step.id && target?.isConnected && isVisible(target);
  if (!kept) {
    const found = elsewhere || step.action === 'navigate' ? null : locate(step.locators, clickInPage(step));
    target = found?.element ?? null;
    targetStep = step.id;
  }
  // Outside the view, the viewer would not see what to do.
  if (target && target !== previous) {
    const box = target.getBoundingClientRect();
    if (box.bottom < 0 || box.top > window.innerHeight) target.scrollIntoView({ block: 'center' });
  }
  overlay.show({ kind: 'step', step, index, count: guide.steps.length, title: guide.title, target, elsewhere }, focus);
}

function scheduleRefresh(): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => refresh(), 150);
}

function go(next: number): void {
  if (!guide) return;
  index = clampStep(guide, next);
  void send({ type: 'guideMe/go', index });
  refresh();
}

function exit(): void {
  void send({ type: 'guideMe/exit' });
  stop();
}

function onOverlayAction(action: OverlayAction): void {
  if (action === 'exit') return exit();
  if (action === 'back') return go(index - 1);
  if (guide && index >= guide.steps.length) return exit();
  go(index + 1);
}

function onTarget(event: Event): boolean {
  return target !== null && event.composedPath().includes(target);
}

/** The viewer acted on the page: the step is done when it was its action on its element. */
function viewerDid(action: ViewerAction): void {
  const step = current();
  if (step && actionDoesStep(step, action)) go(index + 1);
}

function onClick(event: MouseEvent): void {
  pressOnOverlay = false;
  if (!event.isTrusted || overlay?.contains(event)) return;
  viewerDid({ kind: 'click', onTarget: onTarget(event) });
}

function onPointerDown(event: PointerEvent): void {
  pressOnOverlay = overlay?.contains(event) ?? false;
}

function onChange(event: Event): void {
  if (!event.isTrusted || overlay?.contains(event) || pressOnOverlay) return;
  const element = event.composedPath()[0];
  const kind = element instanceof HTMLSelectElement ? 'chose' : 'typed';
  viewerDid({ kind, onTarget: onTarget(event) });
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key === 'Escape' && guide) {
    event.stopPropagation();
    exit();
    return;
  }
  // Enter in a contenteditable field commits nothing (no change event): it is the typing's end.
  if (event.key === 'Enter' && event.isTrusted && !overlay?.contains(event)) {
    const element = event.composedPath()[0];
    if (element instanceof HTMLElement && element.isContentEditable && isTextEntry(element)) viewerDid({ kind: 'typed', onTarget: onTarget(event) });
  }
}

function onViewportChange(): void {
  if (placing) return;
  placing = requestAnimationFrame(() => {
    placing = 0;
    overlay?.place();
  });
}

function listen(on: boolean): void {
  const method = on ? 'addEventListener' : 'removeEventListener';
  window[method]('pointerdown', onPointerDown as EventListener, { capture: true, passive: true });
  window[method]('click', onClick as EventListener, { capture: true });
  window[method]('change', onChange, { capture: true });
  window[method]('keydown', onKeyDown as EventListener, { capture: true });
  window[method]('scroll', onViewportChange, { capture: true, passive: true });
  window[method]('resize', onViewportChange, { passive: true });
  if (on) {
    observer = new MutationObserver(scheduleRefresh);
    observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style', 'hidden', 'aria-label', 'disabled'] });
  } else {
    observer?.disconnect();
    observer = null;
  }
}

function stop(): void {
  listen(false);
  clearTimeout(refreshTimer);
  overlay?.remove();
  overlay = null;
  guide = null;
  target = null;
  targetStep = null;
}

async function resumeWalk(): Promise<void> {
  const walk = await send<GuideMeWalk | null>({ type: 'guideMe/state', url: location.href });
  if (!walk) return;
  guide = walk.guide;
  index = walk.index;
  // The worker has moved the walk on for this page load already.
  seenUrl = location.href;
  overlay = new GuideOverlay(onOverlayAction);
  listen(true);
  refresh(walk.fresh);
}

/** The share page asks with window.postMessage; only this page's own scripts are heard. */
function bridgeAppPage(): void {
  const version = chrome.runtime.getManifest().version;
  // At document_start the root element may not exist yet.
  const mark = () => document.documentElement?.setAttribute(EXTENSION_ATTRIBUTE, version);
  if (document.documentElement) mark();
  else document.addEventListener('readystatechange', mark, { once: true });
  const tell = (message: ExtensionToPage) => window.postMessage(message, location.origin);
  const announce = () => tell({ source: EXTENSION_SOURCE, type: 'ready', version });
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.source !== window || event.origin !== location.origin) return;
    const data = event.data as { source?: unknown; type?: unknown; guideId?: unknown; requestId?: unknown } | null;
    if (!data || data.source !== PAGE_SOURCE) return;
    if (data.type === 'hello') announce();
    if (data.type === 'guide-me' && typeof data.guideId === 'string') {
      const requestId = typeof data.requestId === 'string' ? data.requestId : '';
      void send<GuideMeStartReply>({ type: 'guideMe/start', guideId: data.guideId }).then((reply) => {
        const answer = reply ?? { ok: false, message: 'The Stepcast extension did not answer. Reload the page and try again.' };
        tell({ source: EXTENSION_SOURCE, type: 'guide-me-result', requestId, ...answer });
      });
    }
  });
  announce();
}

export function startGuideMe(): void {
  // The worker injects the content script again into a tab that lost it; one walk per page.
  if (window !== window.top || window.__stepcastGuideMe) return;
  window.__stepcastGuideMe = true;
  if (location.origin === APP_ORIGIN) {
    bridgeAppPage();
    return;
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void resumeWalk(), { once: true });
  else void resumeWalk();
}
