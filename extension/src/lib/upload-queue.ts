/**
 * The upload of a stopped capture as a state machine, pure so it is tested without Chrome:
 * `planUploads` says what to do next from what is persisted, `applyUploadEvent` records what
 * happened. The executor (background/uploader.ts) persists every state before and after each
 * request, so a killed service worker or a restarted browser resumes exactly where it stopped.
 *
 * Order of work: create the guide → upload screenshots (up to `uploads` at once) → create each
 * slide, with its step's `order`, once its screenshot is up (as many at once; the last one alone
 * after all others, since each call rewrites the guide's summary from what it sees). A request whose outcome is unknown (network failure,
 * timeout, 5xx) may have reached the server: the next attempt first looks for its result
 * (the guide by title and time, the slide by its screenshot key) so nothing is created twice.
 *
 * The guide is built while recording: from the first step on, screenshots go up and slides are
 * added as steps come, all but the newest (which "Discard last" may still take back), so Stop
 * only adds that one and opens the guide. A step discarded after its slide was added has the
 * slide removed; a cancelled capture has its guide deleted. A refusal while recording (plan
 * limit, signed out) holds the work until Stop, which tries everything once more at once.
 */

export type CaptureStatus = 'recording' | 'ready' | 'blocked' | 'done' | 'cancelled';

export interface UploadProblem {
  /** the API error code (`plan_limit`, `unauthorized`, …) or `network` */
  code: string;
  message: string;
}

export interface UploadCapture {
  id: string;
  status: CaptureStatus;
  /** the guide title to create */
  title: string;
  orgId?: string | undefined;
  folderId?: string | undefined;
  guide?: { id: string; title: string } | undefined;
  /** a create-guide request was sent and its outcome is not known yet */
  guideAttemptedAt?: number | undefined;
  attempts: number;
  retryAt: number;
  problem?: UploadProblem | undefined;
  /** refused while recording (`problem` says why): nothing more is tried until Stop */
  held?: boolean | undefined;
}

export interface UploadStep {
  seq: number;
  /** the screenshot's key once it is in the bucket */
  key?: string | undefined;
  /** the slide's id once the server has acknowledged it */
  slideId?: string | undefined;
  /** a create-slide request was sent and its outcome is not known yet */
  slideAttempted?: boolean | undefined;
  /** taken back with "Discard last" after its slide reached the server: the slide is removed */
  discarded?: boolean | undefined;
  attempts: number;
  retryAt: number;
}

export type UploadAction =
  | { type: 'createGuide' }
  | { type: 'findGuide'; since: number }
  | { type: 'uploadScreenshot'; seq: number }
  | { type: 'createSlide'; seq: number }
  | { type: 'findSlide'; seq: number }
  | { type: 'removeSlide'; seq: number }
  | { type: 'deleteGuide' };

export type UploadEvent =
  | { type: 'guideAttempt'; at: number }
  | { type: 'guideCreated'; guide: { id: string; title: string } }
  | { type: 'guideNotFound' }
  | { type: 'screenshotUploaded'; seq: number; key: string }
  | { type: 'slideAttempt'; seq: number }
  | { type: 'slideCreated'; seq: number; slideId: string }
  | { type: 'slideNotFound'; seq: number }
  /** the server did not find the screenshot (an upload lost or expired): upload it again */
  | { type: 'screenshotMissing'; seq: number }
  | { type: 'failed'; action: UploadAction; failure: UploadFailure; now: number }
  | { type: 'retry' }
  /** the author took a step back while recording */
  | { type: 'stepDiscarded'; seq: number }
  | { type: 'slideRemoved'; seq: number }
  /** the recording ended: the rest goes up now, with the title the guide gets if not created yet */
  | { type: 'stopped'; title: string }
  /** the author cancelled the capture: what reached the server is deleted */
  | { type: 'cancelled' }
  | { type: 'guideDeleted' };

/**
 * How a failed request goes on: `retry` by itself after a backoff (network, 5xx, 429), or
 * `block` until the author acts (plan limit, signed out, a guide deleted meanwhile, a refused
 * screenshot). `uncertain` says the request may have reached the server.
 */
export interface UploadFailure extends UploadProblem {
  kind: 'retry' | 'block';
  uncertain: boolean;
  /** the guide no longer exists: a retry creates a new one */
  guideGone?: boolean;
}

export interface UploadLimits {
  /** screenshot uploads, and slide creations, at once @default 4 */
  uploads?: number;
  /** while recording, nothing starts before this time: the author is clicking (QUIET_MS after a press) */
  quietUntil?: number;
}

/**
 * While recording, uploads wait until the author has not pressed anything for this long, so a
 * burst of clicks never shares the computer with uploads; the pauses between steps are longer.
 */
export const QUIET_MS = 400;

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 15_000;

/** 1 s, 2 s, 4 s, 8 s, then 15 s between attempts. */
export function backoff(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

/** The key an action is tracked by while it runs (one of each at a time). */
export function actionKey(action: UploadAction): string {
  return 'seq' in action ? `${action.type}:${action.seq}` : 'guide';
}

/** The steps the guide is to have (not taken back), in order. */
function kept(steps: readonly UploadStep[]): UploadStep[] {
  return steps.filter((step) => !step.discarded).sort((a, b) => a.seq - b.seq);
}

/** What can start now, given what is already running. */
export function planUploads(capture: UploadCapture, steps: readonly UploadStep[], running: ReadonlySet<string>, now: number, limits: UploadLimits = {}): UploadAction[] {
  if (capture.status === 'cancelled') {
    // Once nothing is in flight (a guide being created now would be missed): delete what is there.
    if (running.size > 0 || now < capture.retryAt) return [];
    if (capture.guide) return [{ type: 'deleteGuide' }];
    return capture.guideAttemptedAt !== undefined ? [{ type: 'findGuide', since: capture.guideAttemptedAt }] : [];
  }
  if ((capture.status !== 'ready' && capture.status !== 'recording') || capture.held) return [];
  if (capture.status === 'recording' && now < (limits.quietUntil ?? 0)) return [];
  const ordered = kept(steps);
  // No guide before the first step: a capture cancelled at once leaves nothing behind.
  if (capture.status === 'recording' && ordered.length === 0) return [];
  if (!capture.guide) {
    if (running.has('guide') || now < capture.retryAt) return [];
    return [capture.guideAttemptedAt !== undefined ? { type: 'findGuide', since: capture.guideAttemptedAt } : { type: 'createGuide' }];
  }
  const actions: UploadAction[] = [];
  // Steps taken back whose slide reached the server (or may have): found, then removed.
  for (const step of steps) {
    if (!step.discarded || step.retryAt > now || running.has(`createSlide:${step.seq}`) || running.has(`findSlide:${step.seq}`) || running.has(`removeSlide:${step.seq}`)) continue;
    if (step.slideId) actions.push({ type: 'removeSlide', seq: step.seq });
    else if (step.slideAttempted) actions.push({ type: 'findSlide', seq: step.seq });
  }
  let uploading = [...running].filter((key) => key.startsWith('uploadScreenshot:')).length;
  const limit = limits.uploads ?? 4;
  for (const step of ordered) {
    if (uploading >= limit) break;
    if (step.key || step.slideId || step.retryAt > now || running.has(`uploadScreenshot:${step.seq}`)) continue;
    actions.push({ type: 'uploadScreenshot', seq: step.seq });
    uploading++;
  }
  // Slides carry their order, so all but the last are created in parallel; the last waits for
  // the others, so its call (which writes the guide's slide count and thumbnail) sees them all.
  // While recording, the newest step waits for the next one or for Stop ("Discard last").
  const newest = capture.status === 'recording' ? ordered[ordered.length - 1] : undefined;
  const pending = ordered.filter((step) => !step.slideId && step !== newest);
  const last = pending[pending.length - 1];
  let creating = [...running].filter((key) => key.startsWith('createSlide:') || key.startsWith('findSlide:')).length;
  for (const step of pending) {
    if (creating >= limit) break;
    if (!step.key || step.retryAt > now || running.has(`createSlide:${step.seq}`) || running.has(`findSlide:${step.seq}`)) continue;
    if (step === last && (pending.length > 1 || creating > 0)) continue;
    actions.push(step.slideAttempted ? { type: 'findSlide', seq: step.seq } : { type: 'createSlide', seq: step.seq });
    creating++;
  }
  return actions;
}

/** True when every step is on the server and every step taken back is off it. */
export function isComplete(steps: readonly UploadStep[]): boolean {
  return steps.every((step) => step.slideId !== undefined && !step.discarded);
}

/** A step taken back that never reached the server (or surely did not) is simply forgotten. */
function settle(steps: readonly UploadStep[]): UploadStep[] {
  return steps.filter((step) => !step.discarded || step.slideId !== undefined || step.slideAttempted === true);
}

/** 'done' once a stopped capture is complete. */
function finished(capture: UploadCapture, steps: readonly UploadStep[]): UploadCapture {
  return capture.status === 'ready' && isComplete(steps) ? { ...capture, status: 'done', problem: undefined } : capture;
}

export interface UploadProgress {
  total: number;
  uploaded: number;
  acknowledged: number;
  /** 0…1: a screenshot and its slide count half each */
  fraction: number;
}

export function uploadProgress(all: readonly UploadStep[]): UploadProgress {
  const steps = all.filter((step) => !step.discarded);
  const total = steps.length;
  const uploaded = steps.filter((s) => s.key || s.slideId).length;
  const acknowledged = steps.filter((s) => s.slideId).length;
  return { total, uploaded, acknowledged, fraction: total === 0 ? 1 : (uploaded + acknowledged) / (2 * total) };
}

/** The earliest time something waiting for a backoff may start, if anything waits. */
export function nextWake(capture: UploadCapture, steps: readonly UploadStep[], now: number, limits: UploadLimits = {}): number | undefined {
  if ((capture.status !== 'ready' && capture.status !== 'recording' && capture.status !== 'cancelled') || capture.held) return undefined;
  const quiet = capture.status === 'recording' ? (limits.quietUntil ?? 0) : 0;
  const times = [capture.retryAt, quiet, ...steps.filter((s) => !s.slideId || s.discarded).map((s) => s.retryAt)].filter((t) => t > now);
  return times.length ? Math.min(...times) : undefined;
}

function withStep(steps: readonly UploadStep[], seq: number, change: (step: UploadStep) => UploadStep): UploadStep[] {
  return steps.map((step) => (step.seq === seq ? change(step) : step));
}

/** The state after an event; inputs are never changed. Steps taken back and no longer on the server are dropped. */
export function applyUploadEvent(capture: UploadCapture, steps: readonly UploadStep[], event: UploadEvent): { capture: UploadCapture; steps: UploadStep[] } {
  const next = nextState(capture, steps, event);
  return { capture: next.capture, steps: settle(next.steps) };
}

function nextState(capture: UploadCapture, steps: readonly UploadStep[], event: UploadEvent): { capture: UploadCapture; steps: UploadStep[] } {
  const same = { capture, steps: [...steps] };
  switch (event.type) {
    case 'guideAttempt':
      return { capture: { ...capture, guideAttemptedAt: event.at }, steps: same.steps };
    case 'guideCreated':
      return { capture: { ...capture, guide: event.guide, guideAttemptedAt: undefined, attempts: 0, retryAt: 0, problem: undefined }, steps: same.steps };
    case 'guideNotFound':
      return { capture: { ...capture, guideAttemptedAt: undefined }, steps: same.steps };
    case 'screenshotUploaded':
      return { capture, steps: withStep(steps, event.seq, (s) => ({ ...s, key: event.key, attempts: 0, retryAt: 0 })) };
    case 'slideAttempt':
      return { capture, steps: withStep(steps, event.seq, (s) => ({ ...s, slideAttempted: true })) };
    case 'slideCreated': {
      const next = withStep(steps, event.seq, (s) => ({ ...s, slideId: event.slideId, slideAttempted: false, attempts: 0, retryAt: 0 }));
      return { capture: finished({ ...capture, problem: capture.held ? capture.problem : undefined }, next), steps: next };
    }
    case 'slideRemoved': {
      const next = steps.filter((s) => s.seq !== event.seq);
      return { capture: finished(capture, next), steps: next };
    }
    case 'stepDiscarded':
      return { capture, steps: withStep(steps, event.seq, (s) => ({ ...s, discarded: true, attempts: 0, retryAt: 0 })) };
    case 'stopped': {
      if (capture.status !== 'recording') return same;
      // A refusal while recording is tried again now; a guide deleted meanwhile is created anew.
      const gone = capture.held === true && capture.problem?.code === 'not_found';
      const next = gone
        ? steps.filter((s) => !s.discarded).map((s) => ({ ...s, key: undefined, slideId: undefined, slideAttempted: undefined, attempts: 0, retryAt: 0 }))
        : steps.map((s) => ({ ...s, attempts: 0, retryAt: 0 }));
      const stopped: UploadCapture = {
        ...capture,
        status: 'ready',
        title: capture.title || event.title,
        held: undefined,
        problem: undefined,
        attempts: 0,
        retryAt: 0,
        ...(gone ? { guide: undefined, guideAttemptedAt: undefined } : {}),
      };
      return { capture: finished(stopped, next), steps: next };
    }
    case 'cancelled':
      return { capture: { ...capture, status: 'cancelled', held: undefined, problem: undefined, attempts: 0, retryAt: 0 }, steps: same.steps };
    case 'guideDeleted':
      return { capture: { ...capture, guide: undefined, guideAttemptedAt: undefined }, steps: same.steps };
    case 'slideNotFound':
      return { capture, steps: withStep(steps, event.seq, (s) => ({ ...s, slideAttempted: false })) };
    case 'screenshotMissing':
      return { capture, steps: withStep(steps, event.seq, (s) => ({ ...s, key: undefined, slideAttempted: false, attempts: s.attempts + 1 })) };
    case 'retry': {
      if (capture.status !== 'blocked' && capture.status !== 'ready') return same;
      const gone = capture.problem?.code === 'not_found';
      return {
        capture: { ...capture, status: 'ready', problem: undefined, attempts: 0, retryAt: 0, ...(gone ? { guide: undefined, guideAttemptedAt: undefined } : {}) },
        steps: steps.map((s) => (gone ? { ...s, key: undefined, slideId: undefined, slideAttempted: undefined, attempts: 0, retryAt: 0 } : { ...s, attempts: 0, retryAt: 0 })),
      };
    }
    case 'failed':
      return applyFailure(capture, steps, event.action, event.failure, event.now);
  }
}

function applyFailure(capture: UploadCapture, steps: readonly UploadStep[], action: UploadAction, failure: UploadFailure, now: number) {
  const problem: UploadProblem = { code: failure.code, message: failure.message };
  if (failure.kind === 'block' && capture.status === 'cancelled') {
    // Refused (signed out, no right): the draft stays on the server; the capture goes.
    return { capture: { ...capture, guide: undefined, guideAttemptedAt: undefined }, steps: [...steps] };
  }
  if (failure.kind === 'block' && capture.status === 'recording') {
    // Recording goes on; the upload waits for Stop, and the popup says why.
    const held: UploadCapture = { ...capture, held: true, problem: failure.guideGone ? { code: 'not_found', message: failure.message } : problem };
    if ('seq' in action) return { capture: held, steps: withStep(steps, action.seq, (s) => ({ ...s, slideAttempted: action.type === 'createSlide' ? false : s.slideAttempted })) };
    return { capture: { ...held, guideAttemptedAt: undefined }, steps: [...steps] };
  }
  if (failure.kind === 'block') {
    // A guide deleted while uploading: its slides and screenshots went with it.
    const blocked: UploadCapture = { ...capture, status: 'blocked', problem: failure.guideGone ? { code: 'not_found', message: failure.message } : problem };
    if ('seq' in action) return { capture: blocked, steps: withStep(steps, action.seq, (s) => ({ ...s, slideAttempted: action.type === 'createSlide' ? false : s.slideAttempted })) };
    return { capture: { ...blocked, guideAttemptedAt: undefined }, steps: [...steps] };
  }
  if ('seq' in action) {
    return {
      capture: { ...capture, problem },
      steps: withStep(steps, action.seq, (s) => {
        const attempts = s.attempts + 1;
        return { ...s, attempts, retryAt: now + backoff(attempts), ...(action.type === 'createSlide' ? { slideAttempted: failure.uncertain } : {}) };
      }),
    };
  }
  const attempts = capture.attempts + 1;
  return {
    capture: {
      ...capture,
      attempts,
      retryAt: now + backoff(attempts),
      problem,
      // A create that surely did not arrive need not be looked for.
      guideAttemptedAt: action.type === 'createGuide' && !failure.uncertain ? undefined : capture.guideAttemptedAt,
    },
    steps: [...steps],
  };
}

/** How the extension reacts to an HTTP status (undefined: no answer at all). */
export function classifyFailure(status: number | undefined, code: string | undefined, message: string | undefined, scope: 'guide' | 'step'): UploadFailure {
  const text = message ?? 'The upload failed.';
  if (status === undefined) return { kind: 'retry', uncertain: true, code: 'network', message: 'Stepcast could not be reached. Retrying…' };
  if (status === 402 || code === 'plan_limit') return { kind: 'block', uncertain: false, code: 'plan_limit', message: text };
  if (status === 401) return { kind: 'block', uncertain: false, code: 'unauthorized', message: 'Sign in to Stepcast to finish the upload.' };
  if (status === 403) return { kind: 'block', uncertain: false, code: code ?? 'forbidden', message: text };
  if (status === 404 && scope === 'step') return { kind: 'block', uncertain: false, code: 'not_found', message: 'The guide was deleted while uploading.', guideGone: true };
  if (status === 408 || status === 429 || status >= 500) return { kind: 'retry', uncertain: status !== 429, code: code ?? `http_${status}`, message: 'Stepcast is busy. Retrying…' };
  return { kind: 'block', uncertain: false, code: code ?? `http_${status}`, message: text };
}
