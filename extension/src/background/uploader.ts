import { claimedKey } from '#shared/assets';
import { MAX_PERSONAL_BOXES, type CaptureMeta } from '#shared/capture';
import { designPath } from '#shared/share/link';
import * as Api from '../api';
import { appUrl } from '../config';
import {
  actionKey,
  applyUploadEvent,
  classifyFailure,
  nextWake,
  planUploads,
  QUIET_MS,
  type UploadAction,
  type UploadEvent,
  type UploadFailure,
} from '../lib/upload-queue';
import { getRecording } from './status';
import { deleteCapture, deleteFrame, getCapture, getFrame, listCaptures, listSteps, patchCaptureAndSteps, type CaptureRecord, type StepPatch, type StepRecord } from './store';

/**
 * Runs the upload state machine (lib/upload-queue.ts) against the API: every attempt is
 * written to IndexedDB before its request, every result after it, so the worker can stop at any
 * moment. It starts with the recording's first step (the recorder tells it of each step), so at
 * Stop little is left. When a capture is complete its local copy is deleted and the guide opens
 * in the app. It writes only the upload's fields; the recorder writes its own.
 */
export interface UploaderHooks {
  changed(): void;
  /** a capture's guide is complete on the server */
  finished(capture: CaptureRecord): void;
}

interface Live {
  capture: CaptureRecord;
  steps: StepRecord[];
  running: Set<string>;
  /** writes of this capture, one after another */
  writes: Promise<unknown>;
}

const live = new Map<string, Live>();
/** Until when the author is taken to be clicking (uploads of a recording wait: lib/upload-queue.ts). */
let quietUntil = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();
let hooks: UploaderHooks = { changed: () => undefined, finished: () => undefined };

export function setUploaderHooks(next: UploaderHooks): void {
  hooks = next;
}

/** The in-memory state of a capture being uploaded, for progress. */
export function liveUpload(captureId: string): { capture: CaptureRecord; steps: StepRecord[] } | undefined {
  return live.get(captureId);
}

export function isUploading(): boolean {
  return [...live.values()].some((l) => l.capture.status === 'ready' || l.capture.status === 'cancelled');
}

/** Looks at every capture waiting for upload (or being recorded) and moves each on. */
export async function wakeUploads(): Promise<void> {
  const recording = await getRecording();
  for (const capture of await listCaptures()) {
    if (capture.status === 'done') {
      // Complete on the server; only the local copy was left when the worker stopped.
      await deleteCapture(capture.id);
      continue;
    }
    // A capture still 'recording' whose recording is gone was interrupted: the author decides.
    if (capture.status === 'ready' || capture.status === 'cancelled' || (capture.status === 'recording' && recording?.captureId === capture.id)) await pump(capture.id);
  }
}

/** The author pressed something in the recorded tab: a recording's uploads wait for a quiet moment. */
export function notePress(): void {
  quietUntil = Date.now() + QUIET_MS;
}

/** The recorder stored a step: it goes up now (the guide is created with the first). */
export async function stepAdded(step: StepRecord, title: string): Promise<void> {
  const state = live.get(step.captureId) ?? (await load(step.captureId));
  if (!state) return;
  if (!state.steps.some((s) => s.seq === step.seq)) state.steps.push(step);
  if (!state.capture.title) state.capture = { ...state.capture, title };
  await pump(step.captureId);
}

/** "Discard last" while recording: forgotten here, and its slide removed if it reached the server. */
export async function discardStep(captureId: string, seq: number): Promise<void> {
  const state = await load(captureId);
  if (!state) return;
  await record(state, { type: 'stepDiscarded', seq });
  await pump(captureId);
}

/** The recording ended: what is left goes up at once. */
export async function recordingStopped(captureId: string, title: string): Promise<void> {
  const state = await load(captureId);
  if (!state) return;
  // Every stored step is known before the capture can be complete.
  for (const step of await listSteps(captureId)) if (!state.steps.some((s) => s.seq === step.seq)) state.steps.push(step);
  await record(state, { type: 'stopped', title });
  await pump(captureId);
}

/** The capture was cancelled: its guide, if one was created, is deleted, then the local copy. */
export async function cancelUpload(captureId: string): Promise<void> {
  const state = await load(captureId);
  if (!state) return;
  await record(state, { type: 'cancelled' });
  await pump(captureId);
}

async function load(captureId: string): Promise<Live | undefined> {
  const existing = live.get(captureId);
  if (existing) return existing;
  const capture = await getCapture(captureId);
  if (!capture) return undefined;
  const steps = await listSteps(captureId);
  const again = live.get(captureId);
  if (again) return again;
  const state: Live = { capture, steps, running: new Set(), writes: Promise.resolve() };
  live.set(captureId, state);
  return state;
}

/** The fields of a capture and of a step this module owns (the recorder writes the others). */
const UPLOAD_CAPTURE_FIELDS = ['status', 'guide', 'guideAttemptedAt', 'attempts', 'retryAt', 'problem', 'held'] as const;
const UPLOAD_STEP_FIELDS = ['key', 'slideId', 'slideAttempted', 'discarded', 'attempts', 'retryAt'] as const;

function pick<T extends object, K extends keyof T>(value: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((key) => [key, value[key]])) as Pick<T, K>;
}

/** Applies an event in memory and queues its write; resolves once it is on disk. */
function record(state: Live, event: UploadEvent): Promise<void> {
  const before = new Map(state.steps.map((s) => [s.seq, s]));
  const next = applyUploadEvent(state.capture, state.steps, event);
  state.capture = { ...state.capture, ...next.capture };
  state.steps = next.steps.map((s) => ({ ...before.get(s.seq)!, ...s }));
  const changed: StepPatch[] = state.steps
    .filter((s) => before.get(s.seq) !== undefined && JSON.stringify(before.get(s.seq)) !== JSON.stringify(s))
    .map((s) => ({ seq: s.seq, ...pick(s, UPLOAD_STEP_FIELDS) }));
  const kept = new Set(state.steps.map((s) => s.seq));
  const removed = [...before.keys()].filter((seq) => !kept.has(seq));
  const capture = pick(state.capture, UPLOAD_CAPTURE_FIELDS);
  const write = state.writes.then(() => patchCaptureAndSteps(state.capture.id, capture, changed, removed));
  state.writes = write.catch(() => undefined);
  hooks.changed();
  return write;
}

export async function retryCapture(captureId: string): Promise<void> {
  const state = await load(captureId);
  if (!state) return;
  await record(state, { type: 'retry' });
  await pump(captureId);
}

export async function discardCapture(captureId: string): Promise<void> {
  live.delete(captureId);
  clearTimeout(timers.get(captureId));
  await deleteCapture(captureId);
  hooks.changed();
}

async function pump(captureId: string): Promise<void> {
  const state = await load(captureId);
  if (!state) return;
  if (state.capture.status === 'done') {
    await finish(state);
    return;
  }
  if (state.capture.status === 'cancelled' && !state.capture.guide && state.capture.guideAttemptedAt === undefined && state.running.size === 0) {
    // Nothing of it is on the server (any longer): the local copy goes too.
    if (live.get(captureId) !== state) return;
    live.delete(captureId);
    clearTimeout(timers.get(captureId));
    await state.writes;
    await deleteCapture(captureId);
    hooks.changed();
    return;
  }
  const now = Date.now();
  for (const action of planUploads(state.capture, state.steps, state.running, now, { quietUntil })) {
    const key = actionKey(action);
    state.running.add(key);
    void run(state, action)
      .catch(() => undefined)
      .finally(() => {
        state.running.delete(key);
        if (live.get(captureId) === state) void pump(captureId);
      });
  }
  clearTimeout(timers.get(captureId));
  const wake = nextWake(state.capture, state.steps, now, { quietUntil });
  if (wake !== undefined && state.running.size === 0) timers.set(captureId, setTimeout(() => void pump(captureId), wake - now + 5));
}

async function finish(state: Live): Promise<void> {
  if (!live.has(state.capture.id)) return;
  live.delete(state.capture.id);
  await state.writes;
  hooks.finished(state.capture);
  await deleteCapture(state.capture.id);
  hooks.changed();
}

function failure(error: unknown, scope: 'guide' | 'step'): UploadFailure {
  if (error instanceof Api.ApiError) return classifyFailure(error.status, error.code, error.message, scope);
  return classifyFailure(undefined, undefined, undefined, scope);
}

async function run(state: Live, action: UploadAction): Promise<void> {
  const guide = state.capture.guide;
  try {
    switch (action.type) {
      case 'createGuide': {
        await record(state, { type: 'guideAttempt', at: Date.now() });
        // The guide goes to the organisation chosen when the capture started, whatever is active now.
        if (state.capture.orgId) await Api.setActiveOrganization(state.capture.orgId);
        const created = await Api.createGuide(state.capture.title, state.capture.folderId);
        await record(state, { type: 'guideCreated', guide: { id: created.id, title: created.title } });
        return;
      }
      case 'findGuide': {
        if (state.capture.orgId) await Api.setActiveOrganization(state.capture.orgId);
        const candidates = await Api.findGuides(state.capture.title);
        // Clocks differ: anything created from a few minutes before the attempt on may be it.
        const found = candidates.find((g) => g.title === state.capture.title && g.slideCount === 0 && Date.parse(g.createdAt) >= action.since - 5 * 60_000);
        await record(state, found ? { type: 'guideCreated', guide: { id: found.id, title: found.title } } : { type: 'guideNotFound' });
        return;
      }
      case 'uploadScreenshot': {
        const step = state.steps.find((s) => s.seq === action.seq)!;
        const blob = await getFrame(state.capture.id, step.seq);
        if (!blob) throw new Api.ApiError(422, 'validation_failed', `The screenshot of step ${step.seq + 1} is missing on this computer.`);
        const upload = await Api.createUpload(guide!.id, step.contentType, blob.size);
        await Api.postScreenshot(upload, blob);
        await record(state, { type: 'screenshotUploaded', seq: step.seq, key: upload.key });
        return;
      }
      case 'createSlide': {
        const step = state.steps.find((s) => s.seq === action.seq)!;
        await record(state, { type: 'slideAttempt', seq: step.seq });
        try {
          const slide = await Api.createSlide(guide!.id, {
            screenshotKey: step.key!,
            // The server's smart transcript writes the step's words from what capture recorded.
            capture: captureMeta(step),
            ...(step.click ? { click: step.click } : {}),
            order: step.seq,
          });
          await record(state, { type: 'slideCreated', seq: step.seq, slideId: slide.id });
          await deleteFrame(state.capture.id, step.seq);
        } catch (error) {
          // 404 is either the guide (deleted meanwhile) or the screenshot (an upload lost): ask.
          if (error instanceof Api.ApiError && error.status === 404) {
            const stillThere = await Api.getGuide(guide!.id).then(
              () => true,
              (e: unknown) => !(e instanceof Api.ApiError && e.status === 404),
            );
            if (stillThere) {
              await record(state, { type: 'screenshotMissing', seq: step.seq });
              return;
            }
          }
          throw error;
        }
        return;
      }
      case 'findSlide': {
        const step = state.steps.find((s) => s.seq === action.seq)!;
        const current = await Api.getGuide(guide!.id);
        // A slide that claimed the upload keeps its name out of the pending prefix.
        const slide = current.slides?.find((s) => s.screenshotKey === claimedKey(step.key ?? ''));
        await record(state, slide ? { type: 'slideCreated', seq: step.seq, slideId: slide.id } : { type: 'slideNotFound', seq: step.seq });
        if (slide) await deleteFrame(state.capture.id, step.seq);
        return;
      }
      case 'removeSlide': {
        const step = state.steps.find((s) => s.seq === action.seq)!;
        await Api.deleteSlide(guide!.id, step.slideId!).catch(gone);
        await record(state, { type: 'slideRemoved', seq: step.seq });
        return;
      }
      case 'deleteGuide': {
        await Api.deleteGuide(guide!.id).catch(gone);
        await record(state, { type: 'guideDeleted' });
        return;
      }
    }
  } catch (error) {
    const scope = action.type === 'createGuide' || action.type === 'findGuide' || action.type === 'deleteGuide' ? 'guide' : 'step';
    await record(state, { type: 'failed', action, failure: failure(error, scope), now: Date.now() });
  }
}

/** A deletion whose object is already gone did what it was for. */
function gone(error: unknown): void {
  if (!(error instanceof Api.ApiError && error.status === 404)) throw error;
}

/** What capture recorded of a step, as the API stores it: the page's URL without query or fragment (they may hold tokens). */
export function captureMeta(step: Pick<StepRecord, 'action' | 'element' | 'option' | 'page'> & Partial<Pick<StepRecord, 'box' | 'personal' | 'personalBlurred'>>): CaptureMeta {
  const url = URL.canParse(step.page.url) ? (({ origin, pathname }) => `${origin}${pathname}`.slice(0, 2_000))(new URL(step.page.url)) : null;
  const cap = (value: string | null | undefined) => (typeof value === 'string' ? value.slice(0, 500) : value);
  // A CSS path cut short would find another element: it goes whole (at most 1,000, the contract's limit) or not at all.
  const element = Object.fromEntries(
    Object.entries(step.element).map(([k, v]) => [k, k === 'tag' ? String(v).slice(0, 40) : k === 'cssPath' && typeof v === 'string' ? (v.length <= 1_000 ? v : null) : typeof v === 'string' ? cap(v) : v]),
  ) as CaptureMeta['element'];
  return {
    action: step.action,
    element,
    ...(step.option && !step.element.redacted ? { option: cap(step.option) } : {}),
    page: { title: cap(step.page.title) ?? null, url, ...(step.page.viewportWidth ? { viewportWidth: step.page.viewportWidth } : {}) },
    // Where a value was typed: the design view offers to cover it (the value itself never leaves).
    ...(step.action === 'type' && step.box && step.box.width > 0 && step.box.height > 0 ? { box: roundedBox(step.box) } : {}),
    // Where the screenshot shows personal data, and whether it is blurred already: the design view offers the rest.
    ...(step.personal && step.personal.length > 0
      ? { personal: step.personal.filter((p) => p.box.width > 0 && p.box.height > 0).slice(0, MAX_PERSONAL_BOXES).map((p) => ({ ...roundedBox(p.box), kind: p.kind, ...(step.personalBlurred ? { blurred: true } : {}) })) }
      : {}),
  };
}

function roundedBox(box: NonNullable<StepRecord['box']>): NonNullable<CaptureMeta['box']> {
  const x = Math.max(0, Math.floor(box.x));
  const y = Math.max(0, Math.floor(box.y));
  return { x, y, width: Math.max(1, Math.ceil(box.x + box.width) - x), height: Math.max(1, Math.ceil(box.y + box.height) - y) };
}

/** Where a finished guide opens: its design view in the app. */
export function guideUrl(guide: { id: string; title: string }): string {
  return appUrl(designPath(guide));
}
