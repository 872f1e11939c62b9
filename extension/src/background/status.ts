import type { Salt } from '../lib/secret-match';
import type { RecordingStatus } from '../messages';

/**
 * The recording in progress, in `chrome.storage.session`: it survives the worker being stopped
 * (it is read again on every event) but not a browser restart, after which an unfinished
 * recording shows in the popup as interrupted (its steps are in IndexedDB).
 */
export interface Recording {
  captureId: string;
  tabId: number;
  windowId: number;
  paused: boolean;
  stepCount: number;
  selectors: string[];
  /** the salt of this capture's fingerprints of typed values (lib/secret-match.ts) */
  salt: Salt;
  /** the account's setting: personal data found in a screenshot is blurred before it is stored */
  blurPersonalData: boolean;
}

const KEY = 'recording';

export async function getRecording(): Promise<Recording | null> {
  const stored = (await chrome.storage.session.get(KEY))[KEY];
  return stored && typeof stored === 'object' ? (stored as Recording) : null;
}

export async function setRecording(recording: Recording | null): Promise<void> {
  if (recording) await chrome.storage.session.set({ [KEY]: recording });
  else await chrome.storage.session.remove(KEY);
}

export function statusOf(recording: Recording | null, tabId: number | undefined): RecordingStatus {
  const mine = recording !== null && recording.tabId === tabId;
  return {
    type: 'status',
    recording: mine,
    paused: mine ? recording.paused : false,
    stepCount: mine ? recording.stepCount : 0,
    selectors: mine ? recording.selectors : [],
    salt: mine ? recording.salt : null,
  };
}

/** Tells every frame of the tab whether it records; a tab without our script ignores it. */
export async function broadcastStatus(tabId: number, recording: Recording | null): Promise<void> {
  await chrome.tabs.sendMessage(tabId, statusOf(recording, tabId)).catch(() => undefined);
}

const BADGE = {
  recording: '#e11d48',
  paused: '#64748b',
  uploading: '#4338ca',
  blocked: '#b91c1c',
};

/** The toolbar badge: the step count while recording, an arrow while uploading, ! when stuck. */
export async function setBadge(state: { recording: Recording | null; uploading: boolean; blocked: boolean }): Promise<void> {
  const { recording, uploading, blocked } = state;
  let text = '';
  let color = BADGE.recording;
  let title = 'Stepcast: capture a guide';
  if (recording) {
    text = String(recording.stepCount);
    color = recording.paused ? BADGE.paused : BADGE.recording;
    title = `Stepcast: ${recording.paused ? 'paused' : 'recording'}, ${recording.stepCount} ${recording.stepCount === 1 ? 'step' : 'steps'}`;
  } else if (uploading) {
    text = '↑';
    color = BADGE.uploading;
    title = 'Stepcast: uploading your guide';
  } else if (blocked) {
    text = '!';
    color = BADGE.blocked;
    title = 'Stepcast: a capture needs your attention';
  }
  await Promise.all([
    chrome.action.setBadgeText({ text }),
    chrome.action.setBadgeBackgroundColor({ color }),
    chrome.action.setBadgeTextColor({ color: '#ffffff' }),
    chrome.action.setTitle({ title }),
  ]).catch(() => undefined);
}
