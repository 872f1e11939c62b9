import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventBatch } from '#shared/analytics/contracts';
import { EVENTS_PATH, MAX_LOADS_PER_VIEWER, VIEW_DWELL_MS } from '#shared/analytics/events';
import { BATCH_DELAY_MS, trackViewer } from './viewer-events';

// The browser's sessionStorage, sendBeacon and page events are stood in for here (vitest runs in
// Node); the analytics journey runs the sender in Chromium.
let beacons: EventBatch[];
let storage: Map<string, string>;
const pageListeners = new Map<string, () => void>();
let visibility: 'visible' | 'hidden';

beforeEach(() => {
  vi.useFakeTimers();
  beacons = [];
  storage = new Map();
  visibility = 'visible';
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  vi.stubGlobal('navigator', {
    sendBeacon: (url: string, body: string) => {
      expect(url).toBe(EVENTS_PATH);
      // Every batch the sender makes is one the API accepts.
      beacons.push(EventBatch.parse(JSON.parse(body)));
      return true;
    },
  });
  vi.stubGlobal('document', {
    referrer: 'https://Help.Example.com/articles/42?token=secret',
    get visibilityState() {
      return visibility;
    },
    addEventListener: (type: string, listener: () => void) => pageListeners.set(`document:${type}`, listener),
    removeEventListener: (type: string) => pageListeners.delete(`document:${type}`),
  });
  vi.stubGlobal('addEventListener', (type: string, listener: () => void) => pageListeners.set(type, listener));
  vi.stubGlobal('removeEventListener', (type: string) => pageListeners.delete(type));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  pageListeners.clear();
});

const GUIDE = 'AbCdEfGhIjKl';
const events = () => beacons.flatMap((batch) => batch.events);

describe('the viewer events sender (browser APIs stood in for)', () => {
  it('sends nothing for a viewer who leaves within 3 s without moving', () => {
    const [, stop] = trackViewer(GUIDE, 3, false, 0);
    vi.advanceTimersByTime(VIEW_DWELL_MS - 1);
    stop();
    expect(beacons).toEqual([]);
  });

  it('counts the view after 3 s, at once, with the step on screen', () => {
    trackViewer(GUIDE, 3, false, 0);
    vi.advanceTimersByTime(VIEW_DWELL_MS);
    expect(beacons).toHaveLength(1);
    expect(beacons[0]).toMatchObject({ guideId: GUIDE, load: 1, embed: false, referrer: 'help.example.com' });
    expect(beacons[0]!.events).toEqual([{ type: 'view' }, { type: 'step', step: 1 }]);
  });

  it('counts the view as soon as a second step is reached, then batches the next steps and the completion', () => {
    const [report] = trackViewer(GUIDE, 3, true, 0);
    report(1);
    expect(events()).toEqual([{ type: 'view' }, { type: 'step', step: 1 }, { type: 'step', step: 2 }]);
    report(2);
    report(1);
    expect(beacons).toHaveLength(1);
    vi.advanceTimersByTime(BATCH_DELAY_MS);
    expect(beacons).toHaveLength(2);
    expect(beacons[1]!.events).toEqual([{ type: 'step', step: 3 }, { type: 'complete' }]);
    expect(beacons.every((batch) => batch.embed)).toBe(true);
  });

  it('sends a call to action at once, after the view it implies', () => {
    const [report, , cta] = trackViewer(GUIDE, 2, false, 0);
    report(1);
    cta();
    expect(events()).toEqual([{ type: 'view' }, { type: 'step', step: 1 }, { type: 'step', step: 2 }, { type: 'complete' }, { type: 'cta' }]);
  });

  it('sends a try with the view it waits for, and the try to the end as its own event', () => {
    const [report, , , tried] = trackViewer(GUIDE, 2, false, 0);
    tried('start');
    // No view yet (no second step, no 3 s): the try waits for one.
    expect(beacons).toEqual([]);
    report(1);
    expect(events()).toEqual([{ type: 'try' }, { type: 'view' }, { type: 'step', step: 1 }, { type: 'step', step: 2 }, { type: 'complete' }]);
    tried('complete');
    expect(beacons.at(-1)!.events).toEqual([{ type: 'try-complete' }]);
  });

  it('sends what is waiting when the page is hidden or closed', () => {
    const [report] = trackViewer(GUIDE, 5, false, 0);
    report(1);
    report(2);
    visibility = 'hidden';
    pageListeners.get('document:visibilitychange')?.();
    expect(events()).toContainEqual({ type: 'step', step: 3 });
    report(3);
    pageListeners.get('pagehide')?.();
    expect(events()).toContainEqual({ type: 'step', step: 4 });
  });

  it('keeps one random viewer id in the tab and counts page loads up to the cap', () => {
    const [, stopFirst] = trackViewer(GUIDE, 1, false, 0);
    vi.advanceTimersByTime(VIEW_DWELL_MS);
    stopFirst();
    for (let i = 0; i < MAX_LOADS_PER_VIEWER + 3; i++) trackViewer(GUIDE, 1, false, 0)[1]();
    const [, stop] = trackViewer(GUIDE, 1, false, 0);
    vi.advanceTimersByTime(VIEW_DWELL_MS);
    stop();
    expect(new Set(beacons.map((batch) => batch.viewerId)).size).toBe(1);
    expect(beacons.map((batch) => batch.load)).toEqual([1, MAX_LOADS_PER_VIEWER]);
  });

  it('still works, with an id for the page alone, where storage is refused', () => {
    vi.stubGlobal('sessionStorage', undefined);
    Object.defineProperty(globalThis, 'sessionStorage', {
      configurable: true,
      get() {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    trackViewer(GUIDE, 2, false, 1);
    vi.advanceTimersByTime(VIEW_DWELL_MS);
    expect(beacons[0]).toMatchObject({ load: 1, events: [{ type: 'view' }, { type: 'step', step: 2 }, { type: 'complete' }] });
  });
});
