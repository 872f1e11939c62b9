import { randomBytes } from 'node:crypto';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DriftCheckDto, GuideHealthList } from '#shared/drift';
import type { GuideDto } from '#shared/guides';
import { db } from '../../functions/db/service';
import * as DriftCheck from '../../functions/domain/drift/check';
import { ApiClient, signUp } from '../support/api-client';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../support/chromium';
import { postUpload } from '../support/images';
import { useIsolatedStack } from '../support/isolated-stack';
import { captureFlow, type CapturedStep } from '../fixtures/drift-app/flow';
import { SESSION_COOKIE, startDriftApp, type DriftApp } from '../fixtures/drift-app/server';

// Each check replays a guide in Chromium: seconds alone, much longer on a machine shared with other runs.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const stack = useIsolatedStack({
  env: {
    SITE_SESSION_KEY: randomBytes(32).toString('base64url'),
    // The demo app renders its pages on the server: a check needs no time for them to settle.
    DRIFT_SETTLE_MS: '0',
  },
});

let app: DriftApp;
let browser: Browser;
beforeAll(async () => {
  app = await startDriftApp();
  // The demo app is on loopback: checks may reach it because a developer listed it (nothing else private).
  process.env.DRIFT_ALLOWED_HOSTS = new URL(app.origin).host;
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/**
 * The unchanged app's flow as the extension captures it, at a screen's pixel ratio: captured once
 * per ratio (the app unchanged looks the same every time), each guide uploading its own copy.
 */
const flows = new Map<number, Promise<CapturedStep[]>>();
function unchangedFlow(pixelRatio: number): Promise<CapturedStep[]> {
  let flow = flows.get(pixelRatio);
  if (!flow) {
    flow = captureFlow(browser, app.origin, { pixelRatio });
    flows.set(pixelRatio, flow);
  }
  return flow;
}

/** Makes a guide of the unchanged app's flow (callers change the app back first), as the extension would. */
async function captureGuide(c: ApiClient, title: string, pixelRatio = 1): Promise<GuideDto> {
  const guide = (await c.post('/api/guides', { title })).json as GuideDto;
  for (const step of await unchangedFlow(pixelRatio)) {
    const upload = (await c.post(`/api/guides/${guide.id}/uploads`, { contentType: 'image/png', contentLength: step.png.length })).json;
    await postUpload(upload, step.png, 'image/png');
    const { text, narration, click, capture } = step;
    expect((await c.post(`/api/guides/${guide.id}/slides`, { screenshotKey: upload.key, text, narration, click, capture })).status).toBe(201);
  }
  return (await c.get(`/api/guides/${guide.id}`)).json as GuideDto;
}

async function check(c: ApiClient, guideId: string): Promise<DriftCheckDto> {
  const started = await c.post(`/api/guides/${guideId}/checks`, {});
  expect(started.status).toBe(202);
  await stack().server.workers.idle();
  const answer = await c.get(`/api/guides/${guideId}/checks/${started.json.checkId}`);
  expect(answer.status).toBe(200);
  return answer.json as DriftCheckDto;
}

const statuses = (result: DriftCheckDto) => result.steps.map((s) => [s.position, s.status, s.strategy]);

describe('drift checks against the live app', () => {
  let c: ApiClient;
  let guide: GuideDto;
  beforeAll(async () => {
    app.change({});
    c = new ApiClient(stack().url);
    await signUp(c);
    guide = await captureGuide(c, 'Add a contact');
  });

  it('finds every step of an unchanged app where it was, with fresh screenshots nearly identical to the guide’s', async () => {
    app.change({});
    const result = await check(c, guide.id);
    expect(result).toMatchObject({ state: 'done', health: 'fresh', done: 5, total: 5, error: null, trigger: 'manual' });
    expect(statuses(result)).toEqual([
      [1, 'found', 'role'],
      [2, 'found', 'role'],
      [3, 'found', 'role'],
      [4, 'found', 'role'],
      [5, 'found', 'role'],
    ]);
    for (const step of result.steps) {
      expect(step.score).not.toBeNull();
      expect(step.score!).toBeLessThan(0.03);
      expect(step.freshScreenshotUrl).toMatch(/^\/assets\/orgs\/.+\/checks\/[\w-]+\.png$/);
      expect(step.width).toBe(1280);
    }
    const health = (await c.get(`/api/guides/health?ids=${guide.id}`)).json as GuideHealthList;
    expect(health.items).toEqual([expect.objectContaining({ guideId: guide.id, health: 'fresh', latestCheckId: result.id, schedule: 'off' })]);
  });

  it('reports a renamed button as moved: found only by its test id', async () => {
    app.change({ renamed: true });
    const result = await check(c, guide.id);
    expect(result.health).toBe('drifted');
    expect(statuses(result)[3]).toEqual([4, 'moved', 'testId']);
    expect(result.steps[3]!.note).toBe('Not found by its button “Save contact”; found by its test id “save-contact”.');
    expect(statuses(result).filter(([, status]) => status !== 'found')).toHaveLength(1);
  });

  it('reports a field moved down the form as moved, and the page as changed', async () => {
    app.change({ moved: true });
    const result = await check(c, guide.id);
    expect(result.health).toBe('drifted');
    const email = result.steps[2]!;
    expect([email.status, email.strategy, email.note]).toEqual(['moved', 'role', 'Found somewhere else on the page.']);
    expect(email.click!.y).toBeGreaterThan(guide.slides[2]!.click!.y + 60);
    expect(email.score!).toBeGreaterThan(result.steps[0]!.score!);
    expect(result.steps[1]!.status).toBe('found');
  });

  it('reports the steps of a removed page as missing, and the guide as broken on its card', async () => {
    app.change({ removed: true });
    const result = await check(c, guide.id);
    expect(result.health).toBe('broken');
    expect(result.steps[4]).toMatchObject({ status: 'missing', strategy: null, note: 'The page answered 404.' });
    expect(statuses(result).slice(0, 4).every(([, status]) => status === 'found')).toBe(true);
    const health = (await c.get(`/api/guides/health?ids=${guide.id}`)).json as GuideHealthList;
    expect(health.items[0]!.health).toBe('broken');
  });

  it('updates a drifted step with its fresh screenshot in one call', async () => {
    app.change({ moved: true });
    const result = await check(c, guide.id);
    const email = result.steps[2]!;
    const before = ((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).slides[2]!;
    const applied = await c.post(`/api/guides/${guide.id}/checks/${result.id}/steps/${email.slideId}/apply`, {});
    expect(applied.status).toBe(200);
    const after = ((await c.get(`/api/guides/${guide.id}`)).json as GuideDto).slides[2]!;
    expect(after.screenshotKey).not.toBe(before.screenshotKey);
    expect(after.screenshotUrl).toBe(email.freshScreenshotUrl);
    expect(after.click).toEqual(email.click);
    expect(after.text).toBe(before.text);
    const again = (await c.get(`/api/guides/${guide.id}/checks/${result.id}`)).json as DriftCheckDto;
    expect(again.steps[2]!.applied).toBe(true);
    expect(again.steps[0]!.applied).toBe(false);

    // The next check compares against the new screenshot: that step is where it is now.
    const next = await check(c, guide.id);
    expect(next.steps[2]!.status).toBe('found');
    expect(next.steps[2]!.score!).toBeLessThan(0.03);
  });

  it('keeps checks to their organisation, and answers bad ids in the one error shape', async () => {
    const result = (await c.get(`/api/guides/${guide.id}/checks/latest`)).json as { check: DriftCheckDto };
    const stranger = new ApiClient(stack().url);
    await signUp(stranger);
    expect((await stranger.post(`/api/guides/${guide.id}/checks`, {})).status).toBe(404);
    expect((await stranger.get(`/api/guides/${guide.id}/checks/${result.check.id}`)).status).toBe(404);
    const theirs = (await stranger.get(`/api/guides/health?ids=${guide.id}`)).json as GuideHealthList;
    expect(theirs.items[0]!.health).toBeNull();
    const bad = await c.get(`/api/guides/${guide.id}/checks/nope`);
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe('validation_failed');
    const applyMissing = await c.post(`/api/guides/${guide.id}/checks/${result.check.id}/steps/AAAAAAAAAAAAAAAAAAAAA/apply`, {});
    expect(applyMissing.status).toBe(404);
  });

  it('replays a guide captured on a high-density screen at the size the author saw, its fresh screenshots as sharp as the guide’s', async () => {
    app.change({});
    const sharp = await captureGuide(c, 'Captured on a retina screen', 2);
    expect(sharp.slides[0]!.width).toBe(2560);
    const result = await check(c, sharp.id);
    expect(result.health).toBe('fresh');
    expect(result.steps.map((s) => [s.status, s.width, s.height])).toEqual(Array.from({ length: 5 }, () => ['found', 2560, 1600]));
    for (const step of result.steps) expect(step.score!).toBeLessThan(0.03);
    // Where the element is now, in the fresh screenshot's pixels: where the author clicked.
    expect(Math.abs(result.steps[3]!.click!.x - sharp.slides[3]!.click!.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(result.steps[3]!.click!.y - sharp.slides[3]!.click!.y)).toBeLessThanOrEqual(2);
  });

  it('refuses to check a guide with no captured pages', async () => {
    const empty = (await c.post('/api/guides', { title: 'Uploaded only' })).json as GuideDto;
    const answer = await c.post(`/api/guides/${empty.id}/checks`, {});
    expect(answer.status).toBe(422);
    expect(answer.json.error).toMatchObject({ code: 'validation_failed', message: expect.stringMatching(/no captured steps/) });
  });
});

describe('scheduled drift checks', () => {
  it('start when due (as the sweep finds them), set the next one a day on, and end with their guide', async () => {
    app.change({});
    const c = new ApiClient(stack().url);
    await signUp(c);
    const guide = await captureGuide(c, 'Checked daily');
    const set = await c.request('PATCH', `/api/guides/${guide.id}/check-schedule`, { schedule: 'daily' });
    expect(set.status).toBe(200);
    const due = Date.parse(set.json.nextCheckAt);
    expect(due - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect((await c.request('PATCH', `/api/guides/${guide.id}/check-schedule`, { schedule: 'hourly' })).status).toBe(422);

    // Not yet due: nothing starts.
    await DriftCheck.startDue(Date.now());
    expect(((await c.get(`/api/guides/${guide.id}/checks/latest`)).json as { check: DriftCheckDto | null }).check).toBeNull();

    // A day later the sweep starts it, as the scheduler's.
    await DriftCheck.startDue(due + 1_000);
    await stack().server.workers.idle();
    const { check: result } = (await c.get(`/api/guides/${guide.id}/checks/latest`)).json as { check: DriftCheckDto };
    expect(result).toMatchObject({ trigger: 'scheduled', state: 'done', health: 'fresh' });
    const health = ((await c.get(`/api/guides/health?ids=${guide.id}`)).json as GuideHealthList).items[0]!;
    expect(Date.parse(health.nextCheckAt!)).toBeGreaterThan(due + 23.9 * 3600_000);

    // A deleted guide's schedule goes with it at its next turn.
    expect((await c.request('DELETE', `/api/guides/${guide.id}`)).status).toBe(204);
    await DriftCheck.startDue(Date.parse(health.nextCheckAt!) + 1_000);
    const { data } = await db().entities.guideHealth.get({ guideId: guide.id }).go();
    expect(data).toBeNull();
  });
});

describe('checks of an app behind a sign-in', () => {
  it('use the sign-in saved for that origin only, sealed at rest, never answered back, and deletable', async () => {
    app.change({});
    const c = new ApiClient(stack().url);
    await signUp(c);
    const guide = await captureGuide(c, 'Signed in');
    app.change({ signIn: true });

    // Without a sign-in every page is the sign-in page: nothing of the guide is there.
    const signedOut = await check(c, guide.id);
    expect(signedOut.health).toBe('broken');
    expect(signedOut.steps[0]!.status).toBe('missing');

    const saved = await c.post('/api/site-sessions', {
      origin: app.origin,
      cookies: [
        { ...SESSION_COOKIE, domain: '127.0.0.1', path: '/', httpOnly: true },
        { name: 'tracker', value: 'elsewhere-cookie-value', domain: 'example.com' },
      ],
    });
    expect(saved.status).toBe(201);
    expect(saved.json).toMatchObject({ origin: app.origin, cookieCount: 1 });
    const expiresInDays = (Date.parse(saved.json.expiresAt) - Date.now()) / 86_400_000;
    expect(expiresInDays).toBeGreaterThan(29.9);
    expect(expiresInDays).toBeLessThanOrEqual(30);
    const listed = await c.get('/api/site-sessions');
    expect(listed.json.items).toEqual([saved.json]);
    for (const answer of [saved, listed]) expect(JSON.stringify(answer.json)).not.toContain(SESSION_COOKIE.value);
    const stored = (await db().entities.siteSession.scan.go()).data.filter((item) => item.origin === app.origin);
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(SESSION_COOKIE.value);
    expect(JSON.stringify(stored)).not.toContain('elsewhere-cookie-value');

    const signedIn = await check(c, guide.id);
    expect(signedIn.health).toBe('fresh');

    // Another organisation neither sees nor deletes it; bad input changes nothing.
    const stranger = new ApiClient(stack().url);
    await signUp(stranger);
    expect((await stranger.get('/api/site-sessions')).json.items).toEqual([]);
    expect((await stranger.request('DELETE', `/api/site-sessions/${saved.json.id}`)).status).toBe(404);
    const bad = await c.post('/api/site-sessions', { origin: `${app.origin}/path`, cookies: [] });
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe('validation_failed');
    const foreignOnly = await c.post('/api/site-sessions', { origin: app.origin, cookies: [{ name: 'a', value: 'b', domain: 'example.com' }] });
    expect(foreignOnly.status).toBe(422);
    expect((await c.get('/api/site-sessions')).json.items).toEqual([saved.json]);

    expect((await c.request('DELETE', `/api/site-sessions/${saved.json.id}`)).status).toBe(204);
    expect((await c.get('/api/site-sessions')).json.items).toEqual([]);
    expect((await check(c, guide.id)).health).toBe('broken');
  });
});
