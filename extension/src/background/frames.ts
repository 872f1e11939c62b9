import { REDACTION_FILL, type SensitiveTextKind } from '#shared/redaction';
import { CaptureQueue } from '../lib/capture-queue';
import { captureScale, toImageRect, type Rect } from '../lib/geometry';
import type { PreparedCapture, ViewState, WorkerToContent } from '../messages';
import { getRecording } from './status';
import { currentPrints } from './typed-values';

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
  /** personal data the picture shows (typed values, e-mail addresses…), in image pixels */
  personal: Array<{ box: Rect; kind: SensitiveTextKind }>;
  /** it was blurred in the picture before anything else saw it (the account's setting) */
  personalBlurred: boolean;
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
  return Array.isArray(v.rects) && Array.isArray(v.found) && typeof v.viewportWidth === 'number' && typeof v.viewportHeight === 'number' && typeof v.documentToken === 'string' && typeof v.scrollX === 'number' && typeof v.scrollY === 'number';
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
  const recording = await getRecording();
  const secrets = recording?.tabId === tabId ? await currentPrints() : [];
  const salt = recording?.tabId === tabId ? recording.salt : null;
  const prepared = await withTimeout(
    chrome.tabs.sendMessage(tabId, { type: 'prepareCapture', secrets, salt } satisfies WorkerToContent, { frameId: 0 }).catch(() => undefined),
    PREPARE_TIMEOUT_MS,
  );
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
    const personal = prepared.found.flatMap(({ rect, kind }) => {
      const box = toImageRect(rect, scale, canvas, REDACTION_PADDING);
      return box ? [{ box, kind }] : [];
    });
    const personalBlurred = recording?.blurPersonalData === true;
    if (personalBlurred) for (const { box } of personal) blurRegion(canvas, context, box);
    return {
      tabId,
      canvas,
      width: canvas.width,
      height: canvas.height,
      viewportWidth: prepared.viewportWidth,
      takenAt,
      grabbedAt,
      view: { documentToken: prepared.documentToken, scrollX: prepared.scrollX, scrollY: prepared.scrollY },
      personal,
      personalBlurred,
    };
  } finally {
    void chrome.tabs.sendMessage(tabId, { type: 'captureDone' } satisfies WorkerToContent).catch(() => undefined);
  }
}

/**
 * Blurs a region of the picture past reading (issue 27): drawn down to a few pixels, which
 * averages each part of it, and back up smoothed. As strong as the server's Blur
 * (functions/domain/guides/redaction.ts): a kernel of a quarter of the region's long side, at least 12 px.
 */
export function blurRegion(canvas: OffscreenCanvas, context: OffscreenCanvasRenderingContext2D, box: Rect): void {
  const kernel = Math.max(12, Math.max(box.width, box.height) / 4);
  const small = new OffscreenCanvas(Math.max(1, Math.round(box.width / kernel)), Math.max(1, Math.round(box.height / kernel)));
  const smallContext = small.getContext('2d');
  if (!smallContext) return;
  smallContext.imageSmoothingEnabled = true;
  smallContext.imageSmoothingQuality = 'high';
  smallContext.drawImage(canvas, box.x, box.y, box.width, box.height, 0, 0, small.width, small.height);
  context.save();
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(small, 0, 0, small.width, small.height, box.x, box.y, box.width, box.height);
  context.restore();
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
