import type { Point, Rect } from './lib/geometry';
import type { Fingerprint, Salt } from './lib/secret-match';
import type { SensitiveTextKind } from '#shared/redaction';
import type { CaptureAction as StepAction, CaptureElement as StepElement } from '#shared/capture';

/**
 * The messages between the content script (every frame of the captured tab), the popup and the
 * service worker. The worker parses what a page's content script sends (background/protocol.ts):
 * a compromised renderer could send anything.
 */

export interface PageInfo {
  title: string;
  url: string;
  /** the top viewport's width in CSS pixels when the step's screenshot was taken */
  viewportWidth?: number | undefined;
}

/** What a frame's content script reports about the element an action targets (already redacted). */
export interface TargetInfo {
  element: StepElement;
  /** the element's box in the top viewport, CSS pixels */
  box: Rect | null;
  /** the target is in a frame whose position the extension cannot know (a cross-origin frame) */
  unlocated?: boolean;
}

export interface PressMessage {
  type: 'press';
  pressId: string;
  /** nothing in this frame changed since the last frame was captured */
  clean: boolean;
  /** the top document and its scroll position (null from a subframe) */
  view: ViewState | null;
}

/** Which top document a frame or press belongs to, and how far it was scrolled. */
export interface ViewState {
  documentToken: string;
  scrollX: number;
  scrollY: number;
}

export interface StepMessage {
  type: 'step';
  /** the press whose "before" frame this step uses, if there was one */
  pressId: string | null;
  action: StepAction;
  target: TargetInfo;
  /** the click in the top viewport, CSS pixels (none for typing) */
  point: Point | null;
  /** `select`: the chosen option's label (absent when redacted) */
  option?: string | null;
  /** the top viewport's innerWidth when the step happened */
  viewportWidth: number;
  page: PageInfo;
}

/** A value typed in a field of some frame, as a salted fingerprint (never the value): lib/secret-match.ts. */
export interface TypedMessage {
  type: 'typed';
  /** the field's typing so far: a later fingerprint with the same id replaces this one */
  fieldId: string;
  print: Fingerprint;
}

export type ContentMessage =
  | { type: 'hello' }
  | TypedMessage
  | PressMessage
  | StepMessage
  | { type: 'dirty' }
  | { type: 'settled' }
  | { type: 'control'; action: 'pause' | 'resume' | 'discardLast' | 'stop' };

/** What the service worker tells a content script: whether to record, and the step count. */
export interface RecordingStatus {
  type: 'status';
  recording: boolean;
  paused: boolean;
  stepCount: number;
  /** the author's extra selectors to redact */
  selectors: string[];
  /** the capture's salt for fingerprints of typed values (null when not recording) */
  salt: Salt | null;
}

/** Sent to the top frame before a capture: hide the control, report what to cover. */
export interface PrepareCapture {
  type: 'prepareCapture';
  /** the values typed so far in this capture, to find wherever the page shows them */
  secrets: Fingerprint[];
  salt: Salt | null;
}

export interface PreparedCapture {
  /** sensitive boxes in the top viewport, CSS pixels */
  rects: Rect[];
  /** personal data the page shows (typed values, e-mail addresses, card numbers…), top viewport, CSS pixels */
  found: Array<{ rect: Rect; kind: SensitiveTextKind }>;
  viewportWidth: number;
  viewportHeight: number;
  /** the top document that answered; the same one must still be there after the capture */
  documentToken: string;
  scrollX: number;
  scrollY: number;
}

export type WorkerToContent = RecordingStatus | PrepareCapture | { type: 'captureDone' } | { type: 'ping' };

/** A popup's view of one capture that is not finished. */
export interface CaptureSummary {
  id: string;
  title: string;
  status: 'recording' | 'ready' | 'blocked' | 'done' | 'interrupted';
  stepCount: number;
  createdAt: number;
  progress: { total: number; uploaded: number; acknowledged: number; fraction: number } | null;
  problem: { code: string; message: string } | null;
  /** steps whose target the extension could not locate or redact (cross-origin frames) */
  unlocatedSteps: number;
}

export interface WorkerState {
  recording: { captureId: string; tabId: number; paused: boolean; stepCount: number; blurPersonalData: boolean; problem: { code: string; message: string } | null } | null;
  captures: CaptureSummary[];
}

export type PopupMessage =
  | { type: 'popup/start'; tabId: number; orgId: string | null; folderId: string | null }
  | { type: 'popup/control'; action: 'pause' | 'resume' | 'discardLast' | 'stop' | 'cancel' }
  | { type: 'popup/retry'; captureId: string }
  | { type: 'popup/discard'; captureId: string }
  | { type: 'popup/lastWebTab' }
  | { type: 'popup/openAuth'; returnTabId: number | null; mode?: 'sign-in' | 'sign-up' };
