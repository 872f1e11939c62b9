import * as z from 'zod';
import { CaptureMeta, withKeptPageUrl } from '#shared/capture';
import {
  DriftStepDto,
  healthOf,
  nextCheckAt,
  type CheckSchedule,
  type CheckStartedDto,
  type DriftCheckDto,
  type GuideHealth,
  type GuideHealthDto,
  type GuideHealthList,
} from '#shared/drift';
import { AppError } from '#shared/errors';
import { appliedBoxesOf, coversElement } from '#shared/redaction-boxes';
import type { SlideDto } from '#shared/guides';
import { isConditionFailed } from '../../db/errors';
import { db } from '../../db/service';
import { Asset, newId, WorkLine } from '../platform';
import { Slide } from '../guides';
import { loadGuide } from '../guide-store';
import { launchBrowser, replay, type ReplayFinding, type ReplayStep } from './replay';
import * as SiteSession from './site-session';

/**
 * Drift checks of a guide: one replay of its steps against the live app (replay.ts) in the drift
 * worker, its findings kept on the check's item, the guide's health (fresh, drifted, broken) on
 * the guide's health item that its cards read. A drifted step takes the check's fresh screenshot
 * in one call (applyStep), through the slide's own update path.
 */
type CheckItem = NonNullable<Awaited<ReturnType<typeof getCheck>>>;

/** A stored finding: the DTO's fields, with the fresh screenshot's key in place of its URL. */
const StoredStep = DriftStepDto.omit({ freshScreenshotUrl: true }).extend({ freshKey: z.string().nullable() });
type StoredStep = z.infer<typeof StoredStep>;

const CHECK_NOT_FOUND = 'Check not found.';
/** A queued or running check whose worker said nothing for this long has died. */
export const STALLED_AFTER_MS = 10 * 60_000;
/** Checks are kept this long (DynamoDB TTL); the newest one is what anyone looks at. */
const CHECK_TTL_SECONDS = 30 * 24 * 3600;
/** NEVER_DUE in the health item: sorts after every real due time. */
const NEVER_DUE = '9999999999999';

const dueString = (ms: number | null) => (ms === null ? NEVER_DUE : String(Math.round(ms)).padStart(13, '0'));

async function getCheck(guideId: string, checkId: string) {
  const { data } = await db().entities.driftCheck.get({ guideId, checkId }).go();
  return data;
}

async function getHealth(guideId: string) {
  const { data } = await db().entities.guideHealth.get({ guideId }).go();
  return data;
}

type HealthChanges = Partial<{ health: GuideHealth; checkedAt: number; latestCheckId: string; schedule: CheckSchedule; dueAt: string; scheduledBy: string }>;

/** Changes a guide's health item, made on first use (an upsert would put the defaults back over the schedule). */
async function touchHealth(guideId: string, orgId: string, changes: HealthChanges): Promise<void> {
  try {
    await db().entities.guideHealth.patch({ guideId }).set(changes).go();
  } catch (error) {
    if (!isConditionFailed(error)) throw error;
    try {
      await db().entities.guideHealth.create({ guideId, orgId, ...changes }).go();
    } catch (raced) {
      // Made by a concurrent first use: change it now.
      if (!isConditionFailed(raced)) throw raced;
      await db().entities.guideHealth.patch({ guideId }).set(changes).go();
    }
  }
}

async function guideInOrg(orgId: string, guideId: string) {
  const { guide, slides } = await loadGuide(guideId);
  if (!guide || guide.orgId !== orgId) throw new AppError('not_found', 'Guide not found.');
  return { guide, slides };
}

/** `place`: a queued check's place in its organisation's line, which vouches for it however long it waits. */
function stalled(check: CheckItem, now: number, place?: WorkLine.Place): boolean {
  const vouched = check.state === 'queued' && place?.alive === true;
  return (check.state === 'queued' || check.state === 'running') && now - (check.heartbeatAt ?? check.updatedAt) > STALLED_AFTER_MS && !vouched;
}

async function placeOf(check: CheckItem): Promise<WorkLine.Place | undefined> {
  return check.state === 'queued' ? WorkLine.place(check.orgId, 'drift', check.checkId) : undefined;
}

function storedSteps(check: Pick<CheckItem, 'steps'>): StoredStep[] {
  const parsed = z.array(StoredStep).safeParse(check.steps ?? []);
  return parsed.success ? parsed.data : [];
}

async function checkDto(guide: { visibility: 'public' | 'private' }, check: CheckItem, now = Date.now()): Promise<DriftCheckDto> {
  const place = await placeOf(check);
  const dead = stalled(check, now, place);
  const steps = await Promise.all(
    storedSteps(check).map(async ({ freshKey, ...step }) => ({ ...step, freshScreenshotUrl: freshKey ? await Asset.urlFor(guide, freshKey) : null })),
  );
  return {
    id: check.checkId,
    guideId: check.guideId,
    state: dead ? 'failed' : check.state,
    trigger: check.trigger,
    health: check.health ?? null,
    done: check.done,
    total: check.total,
    steps,
    error: dead ? 'The check stopped before it finished. Please try again.' : (check.error ?? null),
    createdAt: new Date(check.createdAt).toISOString(),
    finishedAt: check.finishedAt ? new Date(check.finishedAt).toISOString() : null,
    queuePosition: dead ? null : (place?.position ?? null),
  };
}

/** Starts a check of a guide; a check already under way is answered instead of a second one. */
export async function start(orgId: string, guideId: string, trigger: 'manual' | 'scheduled' = 'manual'): Promise<CheckStartedDto> {
  const { slides } = await guideInOrg(orgId, guideId);
  if (!slides.some((slide) => CaptureMeta.safeParse(slide.capture).data?.page?.url)) {
    throw new AppError('validation_failed', 'This guide has no captured steps to check: only guides captured with the extension know the pages they were made on.');
  }
  const health = await getHealth(guideId);
  if (health?.latestCheckId) {
    const running = await getCheck(guideId, health.latestCheckId);
    if (running && (running.state === 'queued' || running.state === 'running') && !stalled(running, Date.now(), await placeOf(running))) return { checkId: running.checkId };
  }
  const checkId = `${guideId}-${String(Date.now()).padStart(13, '0')}-${newId().slice(0, 10)}`;
  await db()
    .entities.driftCheck.create({
      guideId,
      checkId,
      orgId,
      trigger,
      state: 'queued',
      total: slides.length,
      heartbeatAt: Date.now(),
      expiresAt: Math.floor(Date.now() / 1000) + CHECK_TTL_SECONDS,
    })
    .go();
  await touchHealth(guideId, orgId, { latestCheckId: checkId });
  try {
    // Into the organisation's line: sent at once while it has a free slot, else told its place.
    await WorkLine.submit('drift', { orgId, ref: checkId, message: { guideId, checkId } });
  } catch (error) {
    await db().entities.driftCheck.patch({ guideId, checkId }).set({ state: 'failed', error: 'The check could not be started. Please try again.' }).go();
    throw error;
  }
  return { checkId };
}

/** A check of a guide of this organisation. */
export async function fromId(orgId: string, guideId: string, checkId: string): Promise<DriftCheckDto> {
  const { guide } = await guideInOrg(orgId, guideId);
  const check = await getCheck(guideId, checkId);
  if (!check || check.orgId !== orgId) throw new AppError('not_found', CHECK_NOT_FOUND);
  return checkDto(guide, check);
}

/** The newest check of a guide, or null when it was never checked. */
export async function latest(orgId: string, guideId: string): Promise<DriftCheckDto | null> {
  const { guide } = await guideInOrg(orgId, guideId);
  const { data } = await db().entities.driftCheck.query.byGuide({ guideId }).go({ order: 'desc', limit: 1 });
  const check = data[0];
  return check ? checkDto(guide, check) : null;
}

function healthDto(guideId: string, item: Awaited<ReturnType<typeof getHealth>>): GuideHealthDto {
  const due = item?.dueAt && item.dueAt !== NEVER_DUE ? Number(item.dueAt) : null;
  return {
    guideId,
    health: item?.health ?? null,
    checkedAt: item?.checkedAt ? new Date(item.checkedAt).toISOString() : null,
    schedule: item?.schedule ?? 'off',
    nextCheckAt: due ? new Date(due).toISOString() : null,
    latestCheckId: item?.latestCheckId ?? null,
  };
}

/** The health of some of the organisation's guides (their cards); another organisation's guides read as never checked. */
export async function health(orgId: string, guideIds: readonly string[]): Promise<GuideHealthList> {
  const { data } = await db()
    .entities.guideHealth.get(guideIds.map((guideId) => ({ guideId })))
    .go();
  const byId = new Map(data.filter((item) => item.orgId === orgId).map((item) => [item.guideId, item]));
  return { items: guideIds.map((guideId) => healthDto(guideId, byId.get(guideId) ?? null)) };
}

/** Turns a guide's scheduled checks on (daily, weekly) or off; the first is due one interval from now. */
export async function schedule(orgId: string, guideId: string, userId: string, value: CheckSchedule): Promise<GuideHealthDto> {
  await guideInOrg(orgId, guideId);
  await touchHealth(guideId, orgId, { schedule: value, dueAt: dueString(nextCheckAt(value, Date.now())), scheduledBy: userId });
  return healthDto(guideId, await getHealth(guideId));
}

/** The scheduled checks due at `now`: each is started and its next one set. */
export async function startDue(now = Date.now()): Promise<number> {
  const { data } = await db()
    .entities.guideHealth.query.byDue({})
    .lte({ dueAt: dueString(now), guideId: '\uffff' })
    .go({ pages: 'all' });
  let started = 0;
  for (const item of data) {
    if (item.schedule === 'off' || item.dueAt === NEVER_DUE || Number(item.dueAt) > now) continue;
    await db()
      .entities.guideHealth.patch({ guideId: item.guideId })
      .set({ dueAt: dueString(nextCheckAt(item.schedule, now)) })
      .go();
    try {
      await start(item.orgId, item.guideId, 'scheduled');
      started++;
    } catch (error) {
      // A deleted guide's schedule goes with it; one with nothing to check waits for its next turn.
      if (error instanceof AppError && error.code === 'not_found') await db().entities.guideHealth.delete({ guideId: item.guideId }).go();
    }
  }
  return started;
}

async function screenshotOf(key: string | undefined, width: number | undefined, height: number | undefined): Promise<ReplayStep['screenshot']> {
  if (!key || !width || !height) return null;
  try {
    return { bytes: await Asset.read(key), width, height };
  } catch {
    return null;
  }
}

function stored(finding: ReplayFinding, position: number, freshKey: string | null): StoredStep {
  return {
    slideId: finding.slideId,
    position,
    status: finding.status,
    strategy: finding.strategy,
    expected: finding.expected,
    score: finding.score,
    freshKey,
    width: finding.fresh?.width ?? null,
    height: finding.fresh?.height ?? null,
    click: finding.click,
    note: finding.note,
    applied: false,
  };
}

export interface RunResult {
  state: 'done' | 'failed' | 'skipped';
}

/**
 * The worker's part: replays the guide and records each step as it goes. A redelivered message
 * of a finished check does nothing; a failure is thrown to be retried, and marks the check
 * failed on the last attempt.
 */
export async function run(guideId: string, checkId: string, { finalAttempt }: { finalAttempt: boolean }): Promise<RunResult> {
  const check = await getCheck(guideId, checkId);
  if (!check || check.state === 'done' || check.state === 'failed') return { state: 'skipped' };
  try {
    const { guide, slides } = await loadGuide(guideId);
    if (!guide) {
      await db().entities.driftCheck.patch({ guideId, checkId }).set({ state: 'failed', error: 'The guide was deleted.' }).go();
      return { state: 'failed' };
    }
    const steps: ReplayStep[] = await Promise.all(
      slides.map(async (slide) => {
        const capture = CaptureMeta.safeParse(slide.capture).data;
        const redactedBoxes = appliedBoxesOf(slide.redactedBoxes);
        return {
          slideId: slide.slideId,
          // A page is loaded without the query or fragment it may have been stored with (they may hold tokens).
          capture: capture ? withKeptPageUrl(capture) : null,
          screenshot: await screenshotOf(slide.screenshotKey, slide.width, slide.height),
          click: slide.click ?? null,
          covered: coversElement(redactedBoxes, slide.click, slide.capture),
          redactedBoxes,
        };
      }),
    );
    const firstUrl = steps.map((s) => s.capture?.page?.url).find((url) => url && /^https?:/.test(url));
    const storageState = firstUrl ? await SiteSession.storageStateFor(guide.orgId, new URL(firstUrl).origin) : undefined;
    await db().entities.driftCheck.patch({ guideId, checkId }).set({ state: 'running', done: 0, total: steps.length, steps: [], heartbeatAt: Date.now() }).go();
    const prefix = `${Asset.guidePrefix(guide.orgId, guideId)}checks/`;
    const results: StoredStep[] = [];
    let browser: Awaited<ReturnType<typeof launchBrowser>>;
    try {
      browser = await launchBrowser();
    } catch {
      // No browser here (a runtime without Chromium): retrying will not bring one.
      await db().entities.driftCheck.patch({ guideId, checkId }).set({ state: 'failed', error: 'Checks cannot run on this server: it has no browser to replay guides in.', heartbeatAt: Date.now() }).go();
      return { state: 'failed' };
    }
    try {
      await replay(steps, {
        browser,
        storageState,
        onStep: async (index, finding) => {
          let freshKey: string | null = null;
          if (finding.fresh) {
            freshKey = Asset.contentKey(prefix, finding.fresh.png, 'png');
            await Asset.put(freshKey, finding.fresh.png, 'image/png');
          }
          results.push(stored(finding, index + 1, freshKey));
          await db().entities.driftCheck.patch({ guideId, checkId }).set({ done: results.length, steps: results, heartbeatAt: Date.now() }).go();
        },
      });
    } finally {
      await browser.close().catch(() => undefined);
    }
    const verdict = healthOf(results);
    const finishedAt = Date.now();
    await db().entities.driftCheck.patch({ guideId, checkId }).set({ state: 'done', health: verdict, finishedAt, heartbeatAt: finishedAt }).go();
    await touchHealth(guideId, guide.orgId, { health: verdict, checkedAt: finishedAt, latestCheckId: checkId });
    return { state: 'done' };
  } catch (error) {
    if (!finalAttempt) throw error;
    await db().entities.driftCheck.patch({ guideId, checkId }).set({ state: 'failed', error: 'The check could not finish. Please try again.', heartbeatAt: Date.now() }).go();
    return { state: 'failed' };
  }
}

/**
 * A drifted step takes the check's fresh screenshot: the slide's screenshot, size and click
 * become the page as it is now, through the slide's own update path.
 */
export async function applyStep(orgId: string, guideId: string, checkId: string, slideId: string): Promise<SlideDto> {
  await guideInOrg(orgId, guideId);
  const check = await getCheck(guideId, checkId);
  if (!check || check.orgId !== orgId) throw new AppError('not_found', CHECK_NOT_FOUND);
  const steps = storedSteps(check);
  const step = steps.find((s) => s.slideId === slideId);
  if (!step) throw new AppError('not_found', 'Slide not found.');
  if (!step.freshKey || !step.width || !step.height) throw new AppError('validation_failed', 'The check has no fresh screenshot of this step.');
  const slide = await Slide.updateSlide(orgId, guideId, slideId, {
    screenshot: { key: step.freshKey, width: step.width, height: step.height },
    ...(step.click ? { click: step.click } : {}),
  });
  const next = steps.map((s) => (s.slideId === slideId ? { ...s, applied: true } : s));
  await db().entities.driftCheck.patch({ guideId, checkId }).set({ steps: next }).go();
  return slide;
}
