import * as Api from '../api';
import { appUrl } from '../config';
import { uploadProgress } from '../lib/upload-queue';
import type { CaptureSummary, PopupMessage, WorkerState } from '../messages';
import { parseGuideMeMessage } from '../guide-me-messages';
import { onGuideMeMessage, onGuideMeTabRemoved } from './guide-me';
import { parseContentMessage, parsePopupMessage } from './protocol';
import {
  discardLastStep,
  onContentMessage,
  onNavigationCommitted,
  onNavigationCompleted,
  onTabRemoved,
  readyForUpload,
  setPaused,
  setRecorderHooks,
  startRecording,
  stopRecording,
} from './recorder';
import { getRecording, setBadge } from './status';
import { listCaptures, listSteps, patchCapture } from './store';
import { cancelUpload, discardCapture, discardStep, guideUrl, isUploading, liveUpload, notePress, recordingStopped, retryCapture, setUploaderHooks, stepAdded, wakeUploads } from './uploader';

/**
 * The service worker: wires Chrome's events to the recorder and the uploader. Every listener
 * is registered synchronously at the top level, so a worker woken by an event receives it.
 */
const UPLOAD_ALARM = 'stepcast-uploads';
const SETTINGS_KEY = 'settings';
const LAST_WEB_TAB_KEY = 'lastWebTab';
const AUTH_KEY = 'authReturn';

export interface CaptureSettings {
  orgId: string | null;
  folderId: string | null;
  selectors: string[];
}

async function settings(): Promise<CaptureSettings> {
  const stored = (await chrome.storage.local.get(SETTINGS_KEY))[SETTINGS_KEY];
  const value = stored && typeof stored === 'object' ? (stored as Partial<CaptureSettings>) : {};
  return { orgId: value.orgId ?? null, folderId: value.folderId ?? null, selectors: Array.isArray(value.selectors) ? value.selectors.filter((s) => typeof s === 'string') : [] };
}

// ---------------------------------------------------------------------------------------------
// state for the popup and the badge

const ports = new Set<chrome.runtime.Port>();

async function workerState(): Promise<WorkerState> {
  const recording = await getRecording();
  const captures: CaptureSummary[] = [];
  for (const capture of await listCaptures()) {
    const isLive = recording?.captureId === capture.id;
    const state = liveUpload(capture.id);
    const steps = (state?.steps ?? (await listSteps(capture.id))).filter((s) => !s.discarded);
    const current = state?.capture ?? capture;
    // A cancelled capture is on its way out (its guide being deleted): not shown.
    if (current.status === 'cancelled') continue;
    captures.push({
      id: capture.id,
      title: current.title || steps[0]?.page.title || 'Capture',
      status: current.status === 'recording' && !isLive ? 'interrupted' : current.status,
      stepCount: steps.length,
      createdAt: capture.createdAt,
      progress: current.status === 'recording' ? null : uploadProgress(steps),
      problem: current.problem ?? null,
      unlocatedSteps: steps.filter((s) => s.unlocated).length,
    });
  }
  const held = recording ? liveUpload(recording.captureId)?.capture : undefined;
  return {
    recording: recording
      ? {
          captureId: recording.captureId,
          tabId: recording.tabId,
          paused: recording.paused,
          stepCount: recording.stepCount,
          blurPersonalData: recording.blurPersonalData,
          // Said while recording: what will stop the guide from being made (a plan limit, signed out).
          problem: held?.held ? (held.problem ?? null) : null,
        }
      : null,
    captures,
  };
}

let publishing: ReturnType<typeof setTimeout> | undefined;
/** Pushes the state to open popups and the badge, at most every 50 ms. */
function publish(): void {
  if (publishing) return;
  publishing = setTimeout(() => {
    publishing = undefined;
    void workerState().then(async (state) => {
      for (const port of ports) port.postMessage(state);
      const blocked = state.captures.some((c) => c.status === 'blocked' || c.status === 'interrupted');
      await setBadge({ recording: await getRecording(), uploading: isUploading(), blocked });
    });
  }, 50);
}

async function ensureUploadAlarm(): Promise<void> {
  // A backstop for retries: timers die with the worker, alarms wake it (30 s at the least).
  // A capture still 'recording' counts only while it is recorded: an interrupted one waits for the author.
  const recording = await getRecording();
  const waiting = (await listCaptures()).some((c) => c.status === 'ready' || c.status === 'cancelled' || (c.status === 'recording' && c.id === recording?.captureId));
  if (waiting) await chrome.alarms.create(UPLOAD_ALARM, { periodInMinutes: 0.5 });
  else await chrome.alarms.clear(UPLOAD_ALARM);
}

setRecorderHooks({
  changed: publish,
  pressed: notePress,
  // The alarm is set once, with the first step; the steps after it change nothing about it.
  stepAdded: (step, title) => stepAdded(step, title).then(() => (step.seq === 0 ? ensureUploadAlarm() : undefined)),
  stepDiscarded: discardStep,
  stopped: (captureId, title) => recordingStopped(captureId, title).then(ensureUploadAlarm),
  cancelled: (captureId) => cancelUpload(captureId).then(ensureUploadAlarm),
});

setUploaderHooks({
  changed: publish,
  finished: (capture) => {
    if (!capture.guide) return;
    void (async () => {
      const tab = await chrome.tabs.get(capture.tabId).catch(() => undefined);
      await chrome.tabs.create({ url: guideUrl(capture.guide!), active: true, ...(tab ? { index: tab.index + 1, windowId: tab.windowId } : {}) });
      await ensureUploadAlarm();
    })();
  },
});

// ---------------------------------------------------------------------------------------------
// starting and stopping

async function start(tabId: number, options: Partial<CaptureSettings> = {}): Promise<{ ok: true } | { ok: false; message: string }> {
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  if (!tab?.id || !tab.url || !/^https?:/.test(tab.url)) return { ok: false, message: 'Open the web page you want to capture, then start.' };
  const saved = await settings();
  const chosen: CaptureSettings = { orgId: options.orgId ?? saved.orgId, folderId: options.folderId ?? saved.folderId, selectors: saved.selectors };
  await chrome.storage.local.set({ [SETTINGS_KEY]: chosen });
  // The account's setting; when it cannot be read, personal data is blurred (the safe side).
  const session = await Api.getSession().catch(() => null);
  await startRecording({ id: tab.id, windowId: tab.windowId }, { ...chosen, blurPersonalData: session?.user.blurPersonalData ?? true });
  return { ok: true };
}

/** The keyboard shortcut: start on the current tab, or stop. */
async function toggle(tab: chrome.tabs.Tab | undefined): Promise<void> {
  if (await getRecording()) {
    await stopRecording();
    return;
  }
  const target = tab ?? (await chrome.tabs.query({ active: true, lastFocusedWindow: true }))[0];
  if (!target?.id) return;
  const session = await Api.getSession().catch(() => null);
  if (!session) {
    await openAuth(target.id);
    return;
  }
  await start(target.id);
}

/** Opens the app's sign-in; once signed in, the tab closes and the author is back where they were. */
async function openAuth(returnTabId: number | null, mode: 'sign-in' | 'sign-up' = 'sign-in'): Promise<void> {
  const search = new URLSearchParams({ ...(mode === 'sign-up' ? { mode } : {}), redirect: '/dashboard' });
  const tab = await chrome.tabs.create({ url: appUrl(`/auth?${search.toString()}`), active: true });
  await chrome.storage.session.set({ [AUTH_KEY]: { authTabId: tab.id, returnTabId } });
}

async function onAuthTabUpdated(tabId: number, url: string | undefined): Promise<void> {
  if (!url) return;
  const stored = (await chrome.storage.session.get(AUTH_KEY))[AUTH_KEY] as { authTabId?: number; returnTabId?: number | null } | undefined;
  if (!stored || stored.authTabId !== tabId) return;
  const app = new URL(appUrl('/'));
  const here = new URL(url);
  if (here.origin !== app.origin || here.pathname.startsWith('/auth')) return;
  const session = await Api.getSession().catch(() => null);
  if (!session) return;
  await chrome.storage.session.remove(AUTH_KEY);
  if (stored.returnTabId !== null && stored.returnTabId !== undefined) {
    const back = await chrome.tabs.update(stored.returnTabId, { active: true }).catch(() => undefined);
    if (back) {
      await chrome.windows.update(back.windowId, { focused: true }).catch(() => undefined);
      await chrome.tabs.remove(tabId).catch(() => undefined);
    }
  }
  publish();
}

async function onPopupMessage(message: PopupMessage): Promise<unknown> {
  switch (message.type) {
    case 'popup/start':
      return start(message.tabId, { orgId: message.orgId, folderId: message.folderId });
    case 'popup/control':
      if (message.action === 'pause' || message.action === 'resume') await setPaused(message.action === 'pause');
      else if (message.action === 'discardLast') await discardLastStep();
      else await stopRecording({ discard: message.action === 'cancel' });
      return { ok: true };
    case 'popup/retry': {
      const capture = (await listCaptures()).find((c) => c.id === message.captureId);
      const recording = await getRecording();
      // An interrupted recording (the browser closed while recording) uploads what it has.
      if (capture?.status === 'recording' && recording?.captureId !== capture.id) {
        const ready = readyForUpload(capture, await listSteps(capture.id));
        await patchCapture(capture.id, { title: ready.title, stoppedAt: ready.stoppedAt });
        await recordingStopped(capture.id, ready.title);
      }
      await retryCapture(message.captureId);
      await ensureUploadAlarm();
      return { ok: true };
    }
    case 'popup/discard':
      await discardCapture(message.captureId);
      return { ok: true };
    case 'popup/lastWebTab':
      return (await chrome.storage.session.get(LAST_WEB_TAB_KEY))[LAST_WEB_TAB_KEY] ?? null;
    case 'popup/openAuth':
      await openAuth(message.returnTabId, message.mode);
      return { ok: true };
  }
}

// ---------------------------------------------------------------------------------------------
// listeners

chrome.runtime.onMessage.addListener((raw, sender, sendResponse) => {
  if (sender.id !== chrome.runtime.id) return undefined;
  const fromPage = sender.tab !== undefined && !sender.url?.startsWith(`chrome-extension://${chrome.runtime.id}/`);
  const guideMe = fromPage ? parseGuideMeMessage(raw) : undefined;
  const work = guideMe
    ? onGuideMeMessage(guideMe, sender)
    : fromPage
    ? (() => {
        const message = parseContentMessage(raw);
        return message ? onContentMessage(message, sender) : Promise.resolve(undefined);
      })()
    : (() => {
        const message = parsePopupMessage(raw);
        return message ? onPopupMessage(message) : Promise.resolve(undefined);
      })();
  work.then(sendResponse, (error: unknown) => sendResponse({ ok: false, message: error instanceof Error ? error.message : 'Something went wrong.' }));
  return true;
});

chrome.runtime.onConnect.addListener((port) => {
  if (port.name !== 'popup') return;
  ports.add(port);
  port.onDisconnect.addListener(() => ports.delete(port));
  void workerState().then((state) => port.postMessage(state));
  void wakeUploads();
});

chrome.commands.onCommand.addListener((command, tab) => {
  if (command === 'toggle-capture') void toggle(tab);
});

chrome.webNavigation.onCommitted.addListener((details) => {
  void onNavigationCommitted(details);
});
chrome.webNavigation.onCompleted.addListener((details) => {
  void onNavigationCompleted(details);
});

chrome.tabs.onRemoved.addListener((tabId) => {
  void onTabRemoved(tabId);
  void onGuideMeTabRemoved(tabId);
});

function rememberWebTab(tab: chrome.tabs.Tab): void {
  if (tab.id !== undefined && tab.url && /^https?:/.test(tab.url)) void chrome.storage.session.set({ [LAST_WEB_TAB_KEY]: tab.id });
}

chrome.tabs.onActivated.addListener(({ tabId }) => {
  void chrome.tabs.get(tabId).then(rememberWebTab, () => undefined);
});

chrome.tabs.onUpdated.addListener((tabId, change, tab) => {
  if (change.url) void onAuthTabUpdated(tabId, change.url);
  if (tab.active && change.url) rememberWebTab(tab);
});

chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === UPLOAD_ALARM) void wakeUploads().then(ensureUploadAlarm);
});

chrome.runtime.onStartup.addListener(() => {
  void wakeUploads().then(ensureUploadAlarm);
  publish();
});

chrome.runtime.onInstalled.addListener(() => {
  publish();
});

self.addEventListener('online', () => {
  void wakeUploads();
});

// Every time the worker starts (after being stopped, or at browser start), resume uploads.
void wakeUploads().then(ensureUploadAlarm);
publish();
