import { useEffect, useRef } from 'react';
import type { EventBatch, ViewerEvent } from '#shared/analytics/contracts';
import { EVENTS_PATH, MAX_BATCH_EVENTS, MAX_LOADS_PER_VIEWER, VIEW_DWELL_MS, VIEWER_ID_KEY, VIEWER_LOADS_KEY, qualifiesAsView } from '#shared/analytics/events';

/** Events wait this long for others to join their batch; a hidden or closed page sends at once. */
export const BATCH_DELAY_MS = 2_000;

/** Reports the step on screen (0-based). */
export type StepReporter = (index: number) => void;

/** In the try view: the viewer started doing the steps themselves, or did the last one. */
export type TryReporter = (what: 'start' | 'complete') => void;

/** Reports the step on screen, that the viewer followed the call to action (`cta`), and what they tried (`tried`). */
export type ViewerReporter = StepReporter & { cta: () => void; tried: TryReporter };

/**
 * What a viewer does with a guide, as events for `POST /api/events`: the view once the view rule
 * holds, each step reached once, the last step as `complete`. Sent in batches with
 * `navigator.sendBeacon` to the site's own API. The viewer is a random id kept in the tab's
 * sessionStorage: no cookie, nothing about the person, no third party. Small on purpose: the
 * embed carries it within its byte budget. Answers the step reporter and what stops it (and
 * sends what is left).
 */
export function trackViewer(guideId: string, count: number, embed: boolean, first: number): [StepReporter, () => void, () => void, TryReporter] {
  let store: Storage | undefined;
  try {
    store = sessionStorage;
  } catch {
    // Storage refused (a sandboxed frame, privacy settings): an id for this page load only.
  }
  const viewerId = store?.getItem(VIEWER_ID_KEY) ?? crypto.getRandomValues(new Uint32Array(4)).join('-');
  const load = Math.min(MAX_LOADS_PER_VIEWER, Number(store?.getItem(VIEWER_LOADS_KEY)) + 1 || 1);
  store?.setItem(VIEWER_ID_KEY, viewerId);
  store?.setItem(VIEWER_LOADS_KEY, `${load}`);
  // Only the referrer's host is ever sent (a URL's host is already lowercase).
  const referrer = document.referrer && new URL(document.referrer).host;
  const started = Date.now();
  const seen = new Set([first]);
  const queue: ViewerEvent[] = [];
  let viewed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    // A string goes as text/plain: no preflight, and the browser sends it even as the page closes.
    while (queue.length > 0) {
      const batch: EventBatch = { guideId, viewerId, load, embed, referrer, events: queue.splice(0, MAX_BATCH_EVENTS) };
      navigator.sendBeacon(EVENTS_PATH, JSON.stringify(batch));
    }
  };
  const reach = (index: number) => {
    queue.push({ type: 'step', step: index + 1 });
    if (index === count - 1) queue.push({ type: 'complete' });
    timer ??= setTimeout(flush, BATCH_DELAY_MS);
  };
  const view = () => {
    if (viewed || !qualifiesAsView({ dwellMs: Date.now() - started, stepsSeen: seen.size })) return;
    viewed = true;
    queue.push({ type: 'view' });
    seen.forEach(reach);
    // The view goes out at once: a viewer who leaves right after is still counted.
    flush();
  };
  const dwell = setTimeout(view, VIEW_DWELL_MS);
  const onHide = () => document.visibilityState === 'hidden' && flush();
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHide);
  return [
    (index) => {
      if (seen.has(index)) return;
      seen.add(index);
      if (viewed) reach(index);
      else view();
    },
    () => {
      clearTimeout(dwell);
      removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
      flush();
    },
    // The viewer leaves for another tab: sent at once, counted as a view too if none was yet.
    () => {
      view();
      queue.push({ type: 'cta' });
      flush();
    },
    // Counted apart from views, and only with one: it waits in the queue until the view is sent.
    (what) => {
      queue.push({ type: what === 'start' ? 'try' : 'try-complete' });
      if (viewed) flush();
      else view();
    },
  ];
}

/**
 * Tracks the viewer of a guide of `count` steps opened at step `first` (0-based) while the
 * component is mounted (in the browser only: effects do not run where the edge renders the
 * page's first frame). Answers what to call on every change of step.
 */
export function useViewerEvents(guideId: string, count: number, embed: boolean, first: number): ViewerReporter {
  const opened = useRef({ count, first });
  const reporter = useRef<{ step: StepReporter; cta: () => void; tried: TryReporter }>(undefined);
  useEffect(() => {
    if (opened.current.count === 0) return;
    const [step, stop, cta, tried] = trackViewer(guideId, opened.current.count, embed, opened.current.first);
    reporter.current = { step, cta, tried };
    return stop;
  }, [guideId, embed]);
  const report = (index: number) => reporter.current?.step(index);
  report.cta = () => reporter.current?.cta();
  report.tried = (what: 'start' | 'complete') => reporter.current?.tried(what);
  return report;
}
