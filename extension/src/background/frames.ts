import { REDACTION_FILL } from '#shared/redaction';
import { CaptureQueue } from '../lib/capture-queue';
import { captureScale, toImageRect } from '../lib/geometry';
import type { PreparedCapture, ViewState, WorkerToContent } from '../messages';

/**
 * Screenshots of the recorded tab, redacted before anything else sees them: the top frame hides
 * the recording control and reports every sensitive box at that moment, the tab is captured
 * (queued to Chrome's two-per-second quota), and the boxes are covered with a solid fill in an
 * OffscreenCanvas in the worker. An unredacted frame is never stored or sent: if the page cannot
 * report its sensitive boxes, there is no frame.
 */
export interface Frame {
  tabId: number;
  canvas: OffscreenCanvas;
  width: number;
  height: number;
  /** the top viewport's innerWidth when captured (the click scale's denominator) */
  viewportWidth: number;
  /** worker clock when the page reported its state for this frame */
  takenAt: number;
  /** worker clock when the pixels were grabbed (after the control was hidden) */
  grabbedAt: number;
  /** the top document and scroll position the frame shows */
  view: ViewState;
}

/** Redaction covers grow by this many image pixels on each side. */
const REDACTION_PADDING = 2;
const PREPARE_TIMEOUT_MS = 1_500;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

function isPrepared(value: unknown): value is PreparedCapture {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return Array.isArray(v.rects) && typeof v.viewportWidth === 'number' && typeof v.viewportHeight === 'number' && typeof v.documentToken === 'string' && typeof v.scrollX === 'number' && typeof v.scrollY === 'number';
}

const quotaPause = () => new Promise((resolve) => setTimeout(resolve, 600));

/** The tab each window is recording: the queue captures per window, Chrome's unit of quota. */
const tabOfWindow = new Map<number, number>();

async function captureWindow(windowId: number): Promise<Frame> {
  const tabId = tabOfWindow.get(windowId);
  if (tabId === undefined) throw new Error('No tab is recorded in this window.');
  const tab = await chrome.tabs.get(tabId);
  // captureVisibleTab shows whatever tab is in front: never capture another one.
  if (!tab.active) throw new Error('The recorded tab is not in front.');
  const takenAt = performance.now();
  const prepared = await withTimeout(chrome.tabs.sendMessage(tabId, { type: 'prepareCapture' } satisfies WorkerToContent, { frameId: 0 }).catch(() => undefined), PREPARE_TIMEOUT_MS);
  try {
    if (!isPrepared(prepared)) throw new Error('The page did not report what to redact.');
    let dataUrl: string;
    const grabbedAt = performance.now();
    try {
      dataUrl = await chrome.tabs.captureVisibleTab(windowId, { format: 'png' });
    } catch (error) {
      if (!String(error).includes('MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND')) throw error;
      await quotaPause();
      dataUrl = await chrome.tabs.captureVisibleTab(windowId, { format: 'png' });
    }
    // A navigation between the report and the capture would pair one page's pixels with
    // another page's sensitive boxes (and show the new page's control): drop such a frame.
    const after = await chrome.tabs.sendMessage(tabId, { type: 'ping' } satisfies WorkerToContent, { frameId: 0 }).catch(() => undefined);
    if (!after || typeof after !== 'object' || (after as { pong?: unknown }).pong !== prepared.documentToken) throw new Error('The page changed during the capture.');
    const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D context.');
    context.drawImage(bitmap, 0, 0);
    bitmap.close();
    const scale = captureScale(canvas.width, prepared.viewportWidth);
    context.fillStyle = `rgb(${REDACTION_FILL.r}, ${REDACTION_FILL.g}, ${REDACTION_FILL.b})`;
    for (const rect of prepared.rects) {
      const cover = toImageRect(rect, scale, canvas, REDACTION_PADDING);
      if (cover) context.fillRect(cover.x, cover.y, cover.width, cover.height);
    }
    return {
      tabId,
      canvas,
      width: canvas.width,
      height: canvas.height,
      viewportWidth: prepared.viewportWidth,
      takenAt,
      grabbedAt,
      view: { documentToken: prepared.documentToken, scrollX: prepared.scrollX, scrollY: prepared.scrollY },
    };
  } finally {
    void chrome.tabs.sendMessage(tabId, { type: 'captureDone' } satisfies WorkerToContent).catch(() => undefined);
  }
}

const queue = new CaptureQueue(captureWindow);

/** A redacted frame of the tab, taken no earlier than this call. */
export function captureTab(tabId: number, windowId: number): Promise<Frame> {
  tabOfWindow.set(windowId, tabId);
  return queue.request(windowId);
}

export function encodeFrame(frame: Frame): Promise<Blob> {
  return frame.canvas.convertToBlob({ type: 'image/png' });
}
