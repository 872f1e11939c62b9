import { describe, expect, it } from 'vitest';
import {
  actionKey,
  applyUploadEvent,
  backoff,
  classifyFailure,
  isComplete,
  nextWake,
  planUploads,
  uploadProgress,
  type UploadAction,
  type UploadCapture,
  type UploadEvent,
  type UploadStep,
} from './upload-queue';

const capture = (over: Partial<UploadCapture> = {}): UploadCapture => ({ id: 'c1', status: 'ready', title: 'Sign up', attempts: 0, retryAt: 0, ...over });
const steps = (n: number, over: Partial<UploadStep> = {}): UploadStep[] => Array.from({ length: n }, (_, seq) => ({ seq, attempts: 0, retryAt: 0, ...over }));
const guide = { id: 'abcdefghijkl', title: 'Sign up' };
const none = new Set<string>();

/** Runs the machine against a fake server until nothing is left to do; returns what the server saw. */
function simulate(
  n: number,
  server: (action: UploadAction, call: number) => UploadEvent[] | 'fail' | 'lost',
  options: { maxRounds?: number } = {},
) {
  let state = { capture: capture(), steps: steps(n) };
  let now = 0;
  let call = 0;
  const slides: number[] = [];
  for (let round = 0; round < (options.maxRounds ?? 500) && state.capture.status === 'ready'; round++) {
    const actions = planUploads(state.capture, state.steps, none, now);
    if (actions.length === 0) {
      now = nextWake(state.capture, state.steps, now) ?? now + 1000;
      continue;
    }
    for (const action of actions) {
      call++;
      if (action.type === 'createGuide') state = applyUploadEvent(state.capture, state.steps, { type: 'guideAttempt', at: now });
      if (action.type === 'createSlide') state = applyUploadEvent(state.capture, state.steps, { type: 'slideAttempt', seq: action.seq });
      const answer = server(action, call);
      if (answer === 'fail' || answer === 'lost') {
        if (answer === 'lost' && action.type === 'createSlide') slides.push(action.seq);
        state = applyUploadEvent(state.capture, state.steps, { type: 'failed', action, failure: classifyFailure(undefined, undefined, undefined, 'step'), now });
        continue;
      }
      for (const event of answer) {
        if (event.type === 'slideCreated' && action.type === 'createSlide') slides.push(event.seq);
        state = applyUploadEvent(state.capture, state.steps, event);
      }
    }
  }
  return { state, slides };
}

/** A server that answers every request, with the slides it holds for findSlide. */
function healthyServer(held: Set<number> = new Set()) {
  return (action: UploadAction): UploadEvent[] => {
    switch (action.type) {
      case 'createGuide':
        return [{ type: 'guideCreated', guide }];
      case 'findGuide':
        return [{ type: 'guideNotFound' }];
      case 'uploadScreenshot':
        return [{ type: 'screenshotUploaded', seq: action.seq, key: `k${action.seq}` }];
      case 'createSlide':
        held.add(action.seq);
        return [{ type: 'slideCreated', seq: action.seq, slideId: `s${action.seq}` }];
      case 'findSlide':
        return held.has(action.seq) ? [{ type: 'slideCreated', seq: action.seq, slideId: `s${action.seq}` }] : [{ type: 'slideNotFound', seq: action.seq }];
      case 'removeSlide':
        held.delete(action.seq);
        return [{ type: 'slideRemoved', seq: action.seq }];
      case 'deleteGuide':
        held.clear();
        return [{ type: 'guideDeleted' }];
    }
  };
}

/** Plans and answers at once until nothing is left to start; the actions in the order started. */
function drain(state: { capture: UploadCapture; steps: UploadStep[] }, server: (action: UploadAction) => UploadEvent[], now = 0) {
  const started: UploadAction[] = [];
  for (let round = 0; round < 100; round++) {
    const actions = planUploads(state.capture, state.steps, none, now);
    if (actions.length === 0) break;
    for (const action of actions) {
      started.push(action);
      if (action.type === 'createSlide') state = applyUploadEvent(state.capture, state.steps, { type: 'slideAttempt', seq: action.seq });
      for (const event of server(action)) state = applyUploadEvent(state.capture, state.steps, event);
    }
  }
  return { state, started };
}

describe('planning', () => {
  it('creates the guide first and nothing else', () => {
    expect(planUploads(capture(), steps(3), none, 0)).toEqual([{ type: 'createGuide' }]);
  });

  it('does nothing while blocked or done', () => {
    for (const status of ['blocked', 'done'] as const) expect(planUploads(capture({ status }), steps(3), none, 0)).toEqual([]);
  });

  it('looks for a guide whose create may have arrived instead of creating another', () => {
    expect(planUploads(capture({ guideAttemptedAt: 42 }), steps(1), none, 0)).toEqual([{ type: 'findGuide', since: 42 }]);
  });

  it('uploads at most four screenshots at once, in step order', () => {
    const actions = planUploads(capture({ guide }), steps(10), none, 0);
    expect(actions).toEqual([0, 1, 2, 3].map((seq) => ({ type: 'uploadScreenshot', seq })));
    const running = new Set(['uploadScreenshot:0', 'uploadScreenshot:1', 'uploadScreenshot:2']);
    expect(planUploads(capture({ guide }), steps(10), running, 0)).toEqual([{ type: 'uploadScreenshot', seq: 3 }]);
  });

  it('creates a slide once its screenshot is up, several at once, the last one alone at the end', () => {
    const list = steps(4).map((s) => ({ ...s, key: `k${s.seq}` }));
    list[0]!.slideId = 's0';
    expect(planUploads(capture({ guide }), list, none, 0)).toEqual([{ type: 'createSlide', seq: 1 }, { type: 'createSlide', seq: 2 }]);
    expect(planUploads(capture({ guide }), list, new Set(['createSlide:1']), 0)).toEqual([{ type: 'createSlide', seq: 2 }]);
    const gap = [{ seq: 0, attempts: 0, retryAt: 0 }, { seq: 1, key: 'k1', attempts: 0, retryAt: 0 }, { seq: 2, key: 'k2', attempts: 0, retryAt: 0 }];
    expect(planUploads(capture({ guide }), gap, none, 0)).toEqual([{ type: 'uploadScreenshot', seq: 0 }, { type: 'createSlide', seq: 1 }]);
  });

  it('creates the last slide only when every other one is acknowledged and nothing runs', () => {
    const list = steps(3).map((s) => ({ ...s, key: `k${s.seq}`, slideId: s.seq < 2 ? `s${s.seq}` : undefined }));
    expect(planUploads(capture({ guide }), list, none, 0)).toEqual([{ type: 'createSlide', seq: 2 }]);
    expect(planUploads(capture({ guide }), list, new Set(['findSlide:1']), 0)).toEqual([]);
  });

  it('looks for a slide whose create may have arrived', () => {
    const list = [{ seq: 0, key: 'k0', slideAttempted: true, attempts: 1, retryAt: 0 }];
    expect(planUploads(capture({ guide }), list, none, 0)).toEqual([{ type: 'findSlide', seq: 0 }]);
  });

  it('waits for a backoff', () => {
    expect(planUploads(capture({ retryAt: 5000 }), steps(1), none, 1000)).toEqual([]);
    expect(nextWake(capture({ retryAt: 5000 }), steps(1), 1000)).toBe(5000);
    expect(planUploads(capture({ guide }), steps(1, { retryAt: 3000 }), none, 1000)).toEqual([]);
  });

  it('names running actions so each runs once', () => {
    expect(actionKey({ type: 'createGuide' })).toBe('guide');
    expect(actionKey({ type: 'uploadScreenshot', seq: 3 })).toBe('uploadScreenshot:3');
  });
});

describe('events', () => {
  it('records an attempt before the request so a restart looks before creating again', () => {
    const { capture: next } = applyUploadEvent(capture(), [], { type: 'guideAttempt', at: 7 });
    expect(next.guideAttemptedAt).toBe(7);
  });

  it('finishes when the last slide is acknowledged', () => {
    const list = steps(2).map((s) => ({ ...s, key: `k${s.seq}` }));
    const a = applyUploadEvent(capture({ guide }), list, { type: 'slideCreated', seq: 0, slideId: 's0' });
    expect(a.capture.status).toBe('ready');
    const b = applyUploadEvent(a.capture, a.steps, { type: 'slideCreated', seq: 1, slideId: 's1' });
    expect(b.capture.status).toBe('done');
    expect(isComplete(b.steps)).toBe(true);
  });

  it('never changes its inputs', () => {
    const before = capture();
    const list = steps(1);
    applyUploadEvent(before, list, { type: 'guideCreated', guide });
    expect(before.guide).toBeUndefined();
    expect(list[0]).toEqual({ seq: 0, attempts: 0, retryAt: 0 });
  });

  it('backs off a failed step exponentially up to 15 s', () => {
    expect([1, 2, 3, 4, 5, 9].map(backoff)).toEqual([1000, 2000, 4000, 8000, 15000, 15000]);
    const failure = classifyFailure(undefined, undefined, undefined, 'step');
    const { steps: next, capture: c } = applyUploadEvent(capture({ guide }), [{ seq: 0, key: 'k', attempts: 1, retryAt: 0 }], { type: 'failed', action: { type: 'createSlide', seq: 0 }, failure, now: 100 });
    expect(next[0]).toMatchObject({ attempts: 2, retryAt: 2100, slideAttempted: true });
    expect(c.problem?.code).toBe('network');
  });

  it('blocks on the plan limit and resumes on retry', () => {
    const failure = classifyFailure(402, 'plan_limit', 'Free plan: 3 guides.', 'guide');
    const blocked = applyUploadEvent(capture({ guideAttemptedAt: 1 }), steps(1), { type: 'failed', action: { type: 'createGuide' }, failure, now: 0 });
    expect(blocked.capture).toMatchObject({ status: 'blocked', problem: { code: 'plan_limit', message: 'Free plan: 3 guides.' }, guideAttemptedAt: undefined });
    expect(planUploads(blocked.capture, blocked.steps, none, 0)).toEqual([]);
    const resumed = applyUploadEvent(blocked.capture, blocked.steps, { type: 'retry' });
    expect(planUploads(resumed.capture, resumed.steps, none, 0)).toEqual([{ type: 'createGuide' }]);
  });

  it('starts over in a new guide when the guide was deleted meanwhile', () => {
    const failure = classifyFailure(404, 'not_found', 'Guide not found.', 'step');
    const list = [{ seq: 0, key: 'k0', slideId: 's0', attempts: 0, retryAt: 0 }, { seq: 1, key: 'k1', attempts: 0, retryAt: 0 }];
    const blocked = applyUploadEvent(capture({ guide }), list, { type: 'failed', action: { type: 'createSlide', seq: 1 }, failure, now: 0 });
    expect(blocked.capture.problem?.code).toBe('not_found');
    const again = applyUploadEvent(blocked.capture, blocked.steps, { type: 'retry' });
    expect(again.capture.guide).toBeUndefined();
    expect(again.steps).toEqual([{ seq: 0, attempts: 0, retryAt: 0 }, { seq: 1, attempts: 0, retryAt: 0 }]);
  });

  it('uploads a screenshot again when the server lost it', () => {
    const next = applyUploadEvent(capture({ guide }), [{ seq: 0, key: 'k0', attempts: 0, retryAt: 0 }], { type: 'screenshotMissing', seq: 0 });
    expect(planUploads(next.capture, next.steps, none, 0)).toEqual([{ type: 'uploadScreenshot', seq: 0 }]);
  });

  it('classifies statuses', () => {
    expect(classifyFailure(undefined, undefined, undefined, 'step')).toMatchObject({ kind: 'retry', uncertain: true });
    expect(classifyFailure(503, 'service_unavailable', 'x', 'step')).toMatchObject({ kind: 'retry', uncertain: true });
    expect(classifyFailure(429, 'rate_limited', 'x', 'step')).toMatchObject({ kind: 'retry', uncertain: false });
    expect(classifyFailure(401, 'unauthorized', 'x', 'guide')).toMatchObject({ kind: 'block', code: 'unauthorized' });
    expect(classifyFailure(422, 'validation_failed', 'Bad image', 'step')).toMatchObject({ kind: 'block', message: 'Bad image' });
  });

  it('reports progress, a screenshot and its slide half each', () => {
    expect(uploadProgress([{ seq: 0, key: 'k', attempts: 0, retryAt: 0 }, { seq: 1, attempts: 0, retryAt: 0 }])).toEqual({ total: 2, uploaded: 1, acknowledged: 0, fraction: 0.25 });
    expect(uploadProgress([]).fraction).toBe(1);
  });
});

describe('whole uploads against a fake server', () => {
  it('uploads everything once, the last slide last', () => {
    const { state, slides } = simulate(20, healthyServer());
    expect(state.capture.status).toBe('done');
    expect([...slides].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(slides[slides.length - 1]).toBe(19);
  });

  it('survives the API going down for a while with no slide lost or duplicated', () => {
    const healthy = healthyServer();
    const { state, slides } = simulate(8, (action, call) => (call >= 12 && call < 30 ? 'fail' : healthy(action)));
    expect(state.capture.status).toBe('done');
    expect([...slides].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('does not duplicate a slide whose create arrived but whose answer was lost', () => {
    const held = new Set<number>();
    const healthy = healthyServer(held);
    let lost = false;
    const { state, slides } = simulate(4, (action) => {
      if (action.type === 'createSlide' && action.seq === 2 && !lost) {
        lost = true;
        held.add(2); // the server made it; the answer never came back
        return 'lost';
      }
      return healthy(action);
    });
    expect(state.capture.status).toBe('done');
    expect([...slides].sort((a, b) => a - b)).toEqual([0, 1, 2, 3]);
    expect(state.steps.find((s) => s.seq === 2)?.slideId).toBe('s2');
  });
});

describe('building the guide while recording', () => {
  const recording = (over: Partial<UploadCapture> = {}) => capture({ status: 'recording', ...over });

  it('creates no guide before the first step, and creates it with the first', () => {
    expect(planUploads(recording(), [], none, 0)).toEqual([]);
    expect(planUploads(recording(), steps(1), none, 0)).toEqual([{ type: 'createGuide' }]);
  });

  it('uploads every screenshot and adds every slide but the newest, which "Discard last" may still take back', () => {
    const { state, started } = drain({ capture: recording(), steps: steps(5) }, healthyServer());
    expect(started.filter((a) => a.type === 'createSlide').map((a) => 'seq' in a && a.seq)).toEqual([0, 1, 2, 3]);
    expect(state.steps.map((s) => [s.key, s.slideId])).toEqual([...[0, 1, 2, 3].map((seq) => [`k${seq}`, `s${seq}`]), ['k4', undefined]]);
    // Every slide but one is on the server, yet the capture is not done: recording goes on.
    expect(state.capture.status).toBe('recording');
  });

  it('at Stop only the newest step is left: one request, then done', () => {
    const server = healthyServer();
    const during = drain({ capture: recording(), steps: steps(20) }, server).state;
    const stopped = applyUploadEvent(during.capture, during.steps, { type: 'stopped', title: 'ignored' });
    expect(stopped.capture.status).toBe('ready');
    expect(stopped.capture.title).toBe('Sign up');
    const { state, started } = drain(stopped, server);
    expect(started).toEqual([{ type: 'createSlide', seq: 19 }]);
    expect(state.capture.status).toBe('done');
  });

  it('a step taken back before its slide was added is forgotten; one whose slide was added has it removed', () => {
    const server = healthyServer();
    let state = drain({ capture: recording(), steps: steps(3) }, server).state;
    // The newest (2) has no slide yet: gone at once.
    state = applyUploadEvent(state.capture, state.steps, { type: 'stepDiscarded', seq: 2 });
    expect(state.steps.map((s) => s.seq)).toEqual([0, 1]);
    // Step 1's slide is on the server: removed there, then forgotten.
    state = applyUploadEvent(state.capture, state.steps, { type: 'stepDiscarded', seq: 1 });
    expect(state.steps.find((s) => s.seq === 1)?.discarded).toBe(true);
    const after = drain(state, server);
    expect(after.started).toEqual([{ type: 'removeSlide', seq: 1 }]);
    expect(after.state.steps.map((s) => s.seq)).toEqual([0]);
    const done = drain(applyUploadEvent(after.state.capture, after.state.steps, { type: 'stopped', title: '' }), server).state;
    expect(done.capture.status).toBe('done');
  });

  it('a step taken back while its slide was being added is looked for, then removed if it arrived', () => {
    const list = [
      { seq: 0, key: 'k0', slideId: 's0', attempts: 0, retryAt: 0 },
      { seq: 1, key: 'k1', slideAttempted: true, attempts: 0, retryAt: 0 },
      { seq: 2, key: 'k2', attempts: 0, retryAt: 0 },
    ];
    const discarded = applyUploadEvent(recording({ guide }), list, { type: 'stepDiscarded', seq: 1 });
    expect(planUploads(discarded.capture, discarded.steps, new Set(['createSlide:1']), 0)).toEqual([]);
    expect(planUploads(discarded.capture, discarded.steps, none, 0)).toEqual([{ type: 'findSlide', seq: 1 }]);
    const arrived = drain(discarded, healthyServer(new Set([1])));
    expect(arrived.started.map((a) => a.type)).toEqual(['findSlide', 'removeSlide']);
    expect(arrived.state.steps.map((s) => s.seq)).toEqual([0, 2]);
    const lost = drain(discarded, healthyServer(new Set()));
    expect(lost.started.map((a) => a.type)).toEqual(['findSlide']);
    expect(lost.state.steps.map((s) => s.seq)).toEqual([0, 2]);
  });

  it('a refusal while recording holds the upload and recording goes on; Stop tries again at once', () => {
    const refused = applyUploadEvent(recording(), steps(2), { type: 'failed', action: { type: 'createGuide' }, failure: classifyFailure(402, 'plan_limit', 'Upgrade to Pro.', 'guide'), now: 0 });
    expect(refused.capture).toMatchObject({ status: 'recording', held: true, problem: { code: 'plan_limit' } });
    expect(planUploads(refused.capture, refused.steps, none, 0)).toEqual([]);
    expect(nextWake(refused.capture, refused.steps, 0)).toBeUndefined();
    const stopped = applyUploadEvent(refused.capture, refused.steps, { type: 'stopped', title: '' });
    expect(stopped.capture).toMatchObject({ status: 'ready', held: undefined, problem: undefined });
    expect(planUploads(stopped.capture, stopped.steps, none, 0)).toEqual([{ type: 'createGuide' }]);
  });

  it('at Stop, waits that were backing off end: everything is tried now', () => {
    const list = steps(2).map((s) => ({ ...s, key: `k${s.seq}`, attempts: 3, retryAt: 10_000 }));
    const stopped = applyUploadEvent(recording({ guide, attempts: 2, retryAt: 10_000 }), list, { type: 'stopped', title: '' });
    expect(planUploads(stopped.capture, stopped.steps, none, 0)).toEqual([{ type: 'createSlide', seq: 0 }]);
  });

  it('a guide deleted while recording is created anew at Stop', () => {
    const list = steps(2).map((s) => ({ ...s, key: `k${s.seq}` }));
    const refused = applyUploadEvent(recording({ guide }), list, { type: 'failed', action: { type: 'createSlide', seq: 0 }, failure: classifyFailure(404, 'not_found', 'Guide not found.', 'step'), now: 0 });
    expect(refused.capture.held).toBe(true);
    const stopped = applyUploadEvent(refused.capture, refused.steps, { type: 'stopped', title: '' });
    expect(stopped.capture.guide).toBeUndefined();
    expect(stopped.steps.every((s) => s.key === undefined)).toBe(true);
  });

  it('a cancelled capture deletes its guide once nothing is in flight, or looks for one that may exist', () => {
    const cancelled = applyUploadEvent(recording({ guide }), steps(2), { type: 'cancelled' });
    expect(planUploads(cancelled.capture, cancelled.steps, new Set(['createSlide:0']), 0)).toEqual([]);
    expect(planUploads(cancelled.capture, cancelled.steps, none, 0)).toEqual([{ type: 'deleteGuide' }]);
    const deleted = applyUploadEvent(cancelled.capture, cancelled.steps, { type: 'guideDeleted' });
    expect(planUploads(deleted.capture, deleted.steps, none, 0)).toEqual([]);
    expect(deleted.capture.guide).toBeUndefined();
    expect(planUploads(capture({ status: 'cancelled', guideAttemptedAt: 5 }), steps(1), none, 0)).toEqual([{ type: 'findGuide', since: 5 }]);
    // Refused (signed out): the draft stays on the server, the capture goes.
    const refused = applyUploadEvent(cancelled.capture, cancelled.steps, { type: 'failed', action: { type: 'deleteGuide' }, failure: classifyFailure(401, 'unauthorized', 'Sign in.', 'guide'), now: 0 });
    expect(refused.capture.guide).toBeUndefined();
    expect(planUploads(refused.capture, refused.steps, none, 0)).toEqual([]);
  });

  it('starts nothing while the author is clicking, and wakes when the quiet moment comes; Stop does not wait for it', () => {
    const quiet = { quietUntil: 1_000 };
    expect(planUploads(recording(), steps(2), none, 600, quiet)).toEqual([]);
    expect(nextWake(recording(), steps(2), 600, quiet)).toBe(1_000);
    expect(planUploads(recording(), steps(2), none, 1_000, quiet)).toEqual([{ type: 'createGuide' }]);
    expect(planUploads(capture({ status: 'ready' }), steps(2), none, 600, quiet)).toEqual([{ type: 'createGuide' }]);
  });

  it('progress counts only the steps kept', () => {
    const list = [{ seq: 0, key: 'k0', slideId: 's0', attempts: 0, retryAt: 0 }, { seq: 1, key: 'k1', slideId: 's1', discarded: true, attempts: 0, retryAt: 0 }];
    expect(uploadProgress(list)).toMatchObject({ total: 1, fraction: 1 });
    expect(isComplete(list)).toBe(false);
  });
});
