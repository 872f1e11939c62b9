import { toImagePoint, toImageRect } from '../lib/geometry';
import type { ContentMessage, StepMessage } from '../messages';
import { newSalt, type Fingerprint } from '../lib/secret-match';
import { captureTab, encodeFrame, type Frame } from './frames';
import { forgetPrint, forgetPrints, rememberPrint } from './typed-values';
import { broadcastStatus, getRecording, setRecording, statusOf, type Recording } from './status';
import { addStep, getCapture, listSteps, patchCapture, patchStep, putCapture, type CaptureRecord, type StepRecord } from './store';

/**
 * Recording in the service worker: presses get a "before" frame (the latest one if the page has
 * not changed since, else a capture at once), confirmed steps are stored with their redacted
 * screenshot, and navigations join the step that caused them (capture-notes.md). Steps are
 * written one at a time in the order they were confirmed.
 */
export interface RecorderHooks {
  /** the state shown in the popup and badge changed */
  changed(): void;
  /** the author pressed something in the recorded tab */
  pressed(): void;
  /** a step was stored: it goes up while recording goes on (the title is the guide's, from the first step) */
  stepAdded(step: StepRecord, title: string): Promise<void>;
  /** "Discard last": the step is taken back, from the server too if it got there */
  stepDiscarded(captureId: string, seq: number): Promise<void>;
  /** a capture was stopped: the rest of it goes up */
  stopped(captureId: string, title: string): Promise<void>;
  /** a capture was cancelled: what reached the server is deleted */
  cancelled(captureId: string): Promise<void>;
}

const MAX_PENDING_PRESSES = 6;
/** a navigation within this long after a step belongs to it */
const NAVIGATION_JOIN_MS = 5_000;
const REFRESH_AFTER_STEP_MS = 450;

/** The newest frame of the recorded tab (memory only: a restarted worker captures anew). */
let latest: Frame | null = null;
/** when a frame of the tab last reported a change */
let lastDirtyAt = 0;
/** when the fingerprint of a typed value last came: a frame from before it may show the value unfound */
let lastPrintAt = 0;
let refreshing: Promise<unknown> | null = null;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
interface PendingPress {
  /** a frame captured for this press (none when the latest one was fresh) */
  frame: Promise<Frame | null>;
  /** the latest frame of the same page and scroll position when pressed, fresh or not */
  fallback: Frame | null;
}
const presses = new Map<string, PendingPress>();
let chain: Promise<unknown> = Promise.resolve();
let lastStep: { captureId: string; seq: number; at: number } | null = null;
let hooks: RecorderHooks = {
  changed: () => undefined,
  pressed: () => undefined,
  stepAdded: () => Promise.resolve(),
  stepDiscarded: () => Promise.resolve(),
  stopped: () => Promise.resolve(),
  cancelled: () => Promise.resolve(),
};

export function setRecorderHooks(next: RecorderHooks): void {
  hooks = next;
}

/** Runs recording work one piece at a time, in arrival order. */
function serial<T>(work: () => Promise<T>): Promise<T> {
  const next = chain.then(work, work);
  chain = next.catch(() => undefined);
  return next;
}

async function capture(recording: Recording): Promise<Frame | null> {
  try {
    const frame = await captureTab(recording.tabId, recording.windowId);
    latest = frame;
    return frame;
  } catch {
    return null;
  }
}

function isFresh(frame: Frame | null, tabId: number): frame is Frame {
  return frame !== null && frame.tabId === tabId && frame.takenAt > lastDirtyAt;
}

/**
 * Keeps a fresh "before" frame: after each step and whenever the page settles. A picture still
 * being taken when the page settles may have been prepared before the last change (or before
 * the typed value's fingerprint came): once it is done, the frame is checked again, so a
 * settled page always ends up pictured as it is.
 */
function refreshSoon(recording: Recording, delay = 0): void {
  clearTimeout(refreshTimer);
  refreshTimer = setTimeout(() => {
    if (recording.paused || isFresh(latest, recording.tabId)) return;
    if (refreshing) {
      void refreshing.then(() => refreshSoon(recording));
      return;
    }
    refreshing = capture(recording).finally(() => {
      refreshing = null;
    });
  }, delay);
}

export async function startRecording(
  tab: { id: number; windowId: number },
  options: { orgId: string | null; folderId: string | null; selectors: string[]; blurPersonalData: boolean },
): Promise<Recording> {
  const current = await getRecording();
  if (current) return current;
  const capture: CaptureRecord = {
    id: crypto.randomUUID(),
    status: 'recording',
    title: '',
    ...(options.orgId ? { orgId: options.orgId } : {}),
    ...(options.folderId ? { folderId: options.folderId } : {}),
    attempts: 0,
    retryAt: 0,
    createdAt: Date.now(),
    tabId: tab.id,
    windowId: tab.windowId,
    paused: false,
    nextSeq: 0,
    selectors: options.selectors,
  };
  await putCapture(capture);
  await forgetPrints();
  const recording: Recording = {
    captureId: capture.id,
    tabId: tab.id,
    windowId: tab.windowId,
    paused: false,
    stepCount: 0,
    selectors: options.selectors,
    salt: newSalt(),
    blurPersonalData: options.blurPersonalData,
  };
  await setRecording(recording);
  latest = null;
  lastDirtyAt = performance.now();
  lastStep = null;
  await ensureContentScript(tab.id);
  await broadcastStatus(tab.id, recording);
  refreshSoon(recording, 150);
  hooks.changed();
  return recording;
}

/** Pages opened before the extension was installed have no content script yet. */
async function ensureContentScript(tabId: number): Promise<void> {
  const answer = await chrome.tabs.sendMessage(tabId, { type: 'ping' }, { frameId: 0 }).catch(() => undefined);
  if (answer && typeof answer === 'object' && 'pong' in answer) return;
  await chrome.scripting.executeScript({ target: { tabId, allFrames: true }, files: ['content.js'] }).catch(() => undefined);
}

async function updateRecording(change: (recording: Recording) => Recording): Promise<Recording | null> {
  const current = await getRecording();
  if (!current) return null;
  const next = change(current);
  await setRecording(next);
  await broadcastStatus(next.tabId, next);
  hooks.changed();
  return next;
}

export function setPaused(paused: boolean): Promise<Recording | null> {
  return serial(async () => {
    const next = await updateRecording((r) => ({ ...r, paused }));
    if (next) {
      await patchCapture(next.captureId, { paused });
      if (!paused) {
        lastDirtyAt = performance.now();
        refreshSoon(next, 100);
      }
    }
    return next;
  });
}

export function discardLastStep(): Promise<void> {
  return serial(async () => {
    const recording = await getRecording();
    if (!recording) return;
    const steps = (await listSteps(recording.captureId)).filter((s) => !s.discarded);
    const last = steps.sort((a, b) => b.seq - a.seq)[0];
    if (!last) return;
    await hooks.stepDiscarded(recording.captureId, last.seq);
    if (lastStep?.seq === last.seq) lastStep = null;
    await updateRecording((r) => ({ ...r, stepCount: Math.max(0, r.stepCount - 1) }));
  });
}

/** Ends the recording: the capture waits for upload, or is dropped when it has no steps. */
export function stopRecording(options: { discard?: boolean } = {}): Promise<string | null> {
  return serial(async () => {
    const recording = await getRecording();
    if (!recording) return null;
    await setRecording(null);
    // The fingerprints of what was typed live only as long as the recording.
    await forgetPrints();
    clearTimeout(refreshTimer);
    presses.clear();
    latest = null;
    await broadcastStatus(recording.tabId, null);
    const capture = await getCapture(recording.captureId);
    const steps = (await listSteps(recording.captureId)).filter((s) => !s.discarded);
    if (!capture) return null;
    if (steps.length === 0 || options.discard) {
      // Whatever of it was uploaded while recording is deleted first, then the local copy.
      await hooks.cancelled(capture.id);
      hooks.changed();
      return null;
    }
    const ready = readyForUpload(capture, steps);
    await patchCapture(capture.id, { title: ready.title, stoppedAt: ready.stoppedAt });
    await hooks.stopped(capture.id, ready.title);
    hooks.changed();
    return capture.id;
  });
}

/** A capture whose recording ended (stopped, or interrupted by a browser restart) made ready to upload. */
export function readyForUpload(capture: CaptureRecord, steps: readonly StepRecord[]): CaptureRecord {
  const first = [...steps].filter((s) => !s.discarded).sort((a, b) => a.seq - b.seq)[0];
  const title = capture.title || guideTitle(first?.page.title, first?.page.url);
  return { ...capture, status: 'ready', title, stoppedAt: Date.now(), attempts: 0, retryAt: 0 };
}

/** The guide's title: the first step's page title, else its host. */
export function guideTitle(pageTitle: string | undefined, url: string | undefined): string {
  const title = (pageTitle ?? '').replace(/\s+/g, ' ').trim();
  if (title) return title.slice(0, 200);
  try {
    return url ? `Guide for ${new URL(url).host}` : 'Untitled guide';
  } catch {
    return 'Untitled guide';
  }
}

/** A message from a content script of some tab. */
export async function onContentMessage(message: ContentMessage, sender: chrome.runtime.MessageSender): Promise<unknown> {
  const tabId = sender.tab?.id;
  if (message.type === 'typed') {
    // Kept before anything else is awaited: a press right after it captures with it, and the
    // latest frame, made before it, is no longer one a press may use.
    lastDirtyAt = performance.now();
    lastPrintAt = lastDirtyAt;
    void rememberPrintIfRecording(message.fieldId, message.print, tabId).then(async () => {
      const recording = await getRecording();
      if (recording && recording.tabId === tabId) refreshSoon(recording, 150);
    });
    return undefined;
  }
  const recording = await getRecording();
  if (message.type === 'hello') return statusOf(recording, tabId);
  if (!recording || tabId !== recording.tabId) return undefined;
  switch (message.type) {
    case 'dirty':
      lastDirtyAt = performance.now();
      return undefined;
    case 'settled':
      refreshSoon(recording);
      return undefined;
    case 'press': {
      if (recording.paused) return undefined;
      hooks.pressed();
      const view = message.view;
      const samePage = latest && (view === null || (latest.view.documentToken === view.documentToken && latest.view.scrollX === view.scrollX && latest.view.scrollY === view.scrollY)) ? latest : null;
      const fresh = message.clean && isFresh(samePage, tabId);
      presses.set(message.pressId, { frame: fresh ? Promise.resolve(samePage) : capture(recording), fallback: samePage });
      while (presses.size > MAX_PENDING_PRESSES) presses.delete(presses.keys().next().value!);
      return undefined;
    }
    case 'step': {
      if (recording.paused) return undefined;
      const confirmedAt = performance.now();
      await serial(() => recordStep(message, recording.captureId, confirmedAt));
      return undefined;
    }
    case 'control':
      if (message.action === 'pause' || message.action === 'resume') await setPaused(message.action === 'pause');
      else if (message.action === 'discardLast') await discardLastStep();
      else await stopRecording();
      return undefined;
  }
}

async function rememberPrintIfRecording(fieldId: string, print: Fingerprint, tabId: number | undefined): Promise<void> {
  const remembered = rememberPrint(fieldId, print);
  const recording = await getRecording();
  // Only the recorded tab's typing is looked for; anything else is dropped again at once.
  if (!recording || recording.tabId !== tabId) await remembered.then(() => forgetPrint(fieldId));
  else await remembered;
}

/**
 * The "before" frame of a step: the press's. A frame grabbed only after the click was confirmed
 * (Chrome's quota made it wait) may show the click's effect, or the next page; then the latest
 * frame of the same page and scroll position taken before the press is the better picture.
 */
async function frameFor(message: StepMessage, recording: Recording, confirmedAt: number): Promise<Frame | null> {
  const pressed = message.pressId ? presses.get(message.pressId) : undefined;
  if (message.pressId) presses.delete(message.pressId);
  let frame = pressed ? await pressed.frame : isFresh(latest, recording.tabId) ? latest : await capture(recording);
  const fallbackKnowsTyping = pressed?.fallback ? pressed.fallback.takenAt > lastPrintAt : false;
  if (pressed?.fallback && fallbackKnowsTyping && message.action === 'click' && (!frame || frame.grabbedAt > confirmedAt || frame.view.documentToken !== pressed.fallback.view.documentToken)) {
    frame = pressed.fallback;
  }
  if (frame) return frame;
  // The tab may be briefly behind another one; a step is worth a short wait.
  for (let attempt = 0; attempt < 3; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 400));
    const retried = await capture(recording);
    if (retried) return retried;
  }
  return null;
}

async function recordStep(message: StepMessage, captureId: string, confirmedAt: number): Promise<void> {
  const recording = await getRecording();
  if (!recording || recording.captureId !== captureId) return;
  const frame = await frameFor(message, recording, confirmedAt);
  const capture = await getCapture(captureId);
  if (!frame || !capture) return;
  const viewportWidth = frame.viewportWidth || message.viewportWidth || frame.width;
  const scale = frame.width / viewportWidth;
  const image = { width: frame.width, height: frame.height };
  const blob = await encodeFrame(frame);
  const seq = capture.nextSeq;
  const step: StepRecord = {
    captureId,
    seq,
    attempts: 0,
    retryAt: 0,
    createdAt: Date.now(),
    action: message.action,
    element: message.target.element,
    ...(message.option ? { option: message.option } : {}),
    click: message.point ? toImagePoint(message.point, scale, image) : null,
    box: message.target.box ? (toImageRect(message.target.box, scale, image) ?? null) : null,
    ...(frame.personal.length > 0 ? { personal: frame.personal, personalBlurred: frame.personalBlurred } : {}),
    width: frame.width,
    height: frame.height,
    contentType: 'image/png',
    bytes: blob.size,
    page: { ...message.page, viewportWidth: Math.round(viewportWidth) },
    ...(message.target.unlocated ? { unlocated: true } : {}),
  };
  // The guide is named after the first step's page; it is created with that step.
  const title = capture.title || guideTitle(step.page.title, step.page.url);
  await addStep({ nextSeq: seq + 1, title }, step, blob);
  lastStep = { captureId, seq, at: performance.now() };
  // Its upload failing here (storage) is retried by the next step, Stop or the alarm.
  hooks.stepAdded(step, title).catch(() => undefined);
  const next = await updateRecording((r) => ({ ...r, stepCount: r.stepCount + 1 }));
  // The click probably changed the page (focus, toggles) even without a DOM mutation.
  lastDirtyAt = performance.now();
  if (next) refreshSoon(next, REFRESH_AFTER_STEP_MS);
}

const NAVIGATION_STEP_TRANSITIONS = new Set(['typed', 'auto_bookmark', 'generated', 'keyword', 'keyword_generated', 'start_page']);

/**
 * A main-frame navigation of the recorded tab. One a click caused (link, form) joins that step;
 * one without a click (address bar, back and forward) becomes a step of its own, captured once
 * the new page has loaded.
 */
export async function onNavigationCommitted(details: chrome.webNavigation.CommittedDetails): Promise<'joined' | 'step' | 'ignored'> {
  const recording = await getRecording();
  if (!recording || details.tabId !== recording.tabId || details.frameId !== 0) return 'ignored';
  lastDirtyAt = performance.now();
  latest = null;
  const byHand = details.transitionQualifiers.includes('forward_back') || details.transitionQualifiers.includes('from_address_bar') || NAVIGATION_STEP_TRANSITIONS.has(details.transitionType);
  if (details.transitionType === 'reload' && !byHand) return 'ignored';
  if (!byHand) {
    const joined = lastStep && lastStep.captureId === recording.captureId && performance.now() - lastStep.at < NAVIGATION_JOIN_MS ? lastStep : null;
    if (!joined) return 'ignored';
    await serial(async () => {
      const steps = await listSteps(joined.captureId);
      const step = steps.find((s) => s.seq === joined.seq);
      if (step && !step.navigatedTo) await patchStep(joined.captureId, { seq: step.seq, navigatedTo: details.url });
    });
    return 'joined';
  }
  pendingNavigation = { tabId: details.tabId, url: details.url };
  return 'step';
}

let pendingNavigation: { tabId: number; url: string } | null = null;

/** The page a navigation without a click led to has loaded: record it as a step. */
export async function onNavigationCompleted(details: chrome.webNavigation.FrameDetails): Promise<void> {
  if (details.frameId !== 0 || !pendingNavigation || pendingNavigation.tabId !== details.tabId) return;
  pendingNavigation = null;
  const recording = await getRecording();
  if (!recording || recording.paused || recording.tabId !== details.tabId) return;
  // In line at once, so steps on the new page come after it; captured once the page has painted.
  await serial(async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const tab = await chrome.tabs.get(details.tabId).catch(() => undefined);
    await recordStep(
      {
        type: 'step',
        pressId: null,
        action: 'navigate',
        target: { element: { tag: 'document' }, box: null },
        point: null,
        viewportWidth: 0,
        page: { title: tab?.title ?? '', url: details.url },
      },
      recording.captureId,
      performance.now(),
    );
  });
}

/** The recorded tab was closed: keep what was recorded and upload it. */
export async function onTabRemoved(tabId: number): Promise<void> {
  const recording = await getRecording();
  if (recording?.tabId === tabId) await stopRecording();
}
