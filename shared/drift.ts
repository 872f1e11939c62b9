import * as z from 'zod';
import { GuideId, SlideId } from './guides';
import { LOCATOR_STRATEGIES } from './locator';

/**
 * Outdated-guide detection: a check replays a guide's steps in a headless browser against the live
 * app and reports, per step, whether its element is still there, and how the page looks now next
 * to the guide's screenshot. The API contract (/api/guides/{id}/checks, /api/guides/health,
 * /api/site-sessions) and the rules that turn steps into a guide's health.
 */

/**
 * found: by the strongest locator, where it was; moved: only by a weaker one, or elsewhere on the
 * page; missing: not at all; refused: its page is on an address checks may not reach (loopback, a
 * private network, the cloud's metadata), so it was not loaded and nothing is known of it.
 */
export const STEP_STATUSES = ['found', 'moved', 'missing', 'refused'] as const;
export type StepStatus = (typeof STEP_STATUSES)[number];

export const GUIDE_HEALTH = ['fresh', 'drifted', 'broken'] as const;
export type GuideHealth = (typeof GUIDE_HEALTH)[number];

export const CHECK_STATES = ['queued', 'running', 'done', 'failed'] as const;
export type CheckState = (typeof CHECK_STATES)[number];

export const CHECK_SCHEDULES = ['off', 'daily', 'weekly'] as const;
export type CheckSchedule = (typeof CHECK_SCHEDULES)[number];

/**
 * Share of pixels that may differ from the guide's screenshot before a found step counts as
 * drifted: a clock, a counter or a caret changes a few; a new banner or a changed layout many.
 */
export const PIXEL_DRIFT_THRESHOLD = 0.03;

/** How far (CSS pixels) the element may be from where the step was clicked before it counts as moved. */
export const MOVE_TOLERANCE_PX = 24;

export const SCHEDULE_INTERVAL_MS: Record<Exclude<CheckSchedule, 'off'>, number> = {
  daily: 24 * 3600_000,
  weekly: 7 * 24 * 3600_000,
};

export const CheckId = z.string().regex(/^[A-Za-z0-9]{12}-[0-9]{13}-[A-Za-z0-9_-]{6,16}$/, 'Not a valid check id.');

export const DriftStepDto = z.object({
  slideId: z.string(),
  /** 1-based */
  position: z.number().int().positive(),
  status: z.enum(STEP_STATUSES),
  /** the locator that found the element (null: missing, or the step had none to try) */
  strategy: z.enum(LOCATOR_STRATEGIES).nullable(),
  /** the strongest locator the step has */
  expected: z.enum(LOCATOR_STRATEGIES).nullable(),
  /** share of pixels differing from the guide's screenshot, 0–1 (null: no fresh screenshot) */
  score: z.number().min(0).max(1).nullable(),
  /** the page now, just before the step's action */
  freshScreenshotUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** where the element is now, in the fresh screenshot's pixels */
  click: z.object({ x: z.number(), y: z.number() }).nullable(),
  /** what a person should know ("The page answered 404.") */
  note: z.string().nullable(),
  /** the slide took the fresh screenshot */
  applied: z.boolean(),
});
export type DriftStepDto = z.infer<typeof DriftStepDto>;

export const DriftCheckDto = z.object({
  id: z.string(),
  guideId: z.string(),
  state: z.enum(CHECK_STATES),
  trigger: z.enum(['manual', 'scheduled']),
  health: z.enum(GUIDE_HEALTH).nullable(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  steps: z.array(DriftStepDto),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** while `queued` behind the organisation's other checks: its place in their line, 1 for the next; else null */
  queuePosition: z.number().int().positive().nullable().default(null),
});
export type DriftCheckDto = z.infer<typeof DriftCheckDto>;

export const GuideHealthDto = z.object({
  guideId: z.string(),
  health: z.enum(GUIDE_HEALTH).nullable(),
  checkedAt: z.string().nullable(),
  schedule: z.enum(CHECK_SCHEDULES),
  nextCheckAt: z.string().nullable(),
  /** the latest check (running or finished) */
  latestCheckId: z.string().nullable(),
});
export type GuideHealthDto = z.infer<typeof GuideHealthDto>;

export const GuideHealthList = z.object({ items: z.array(GuideHealthDto) });
export type GuideHealthList = z.infer<typeof GuideHealthList>;

export const GuideHealthQuery = z.object({
  ids: z
    .string()
    .max(2_000)
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(GuideId).min(1, 'Name at least one guide.').max(100, 'Ask for at most 100 guides.')),
});

export const CheckPath = z.object({ id: GuideId, checkId: CheckId });
export const CheckStepPath = z.object({ id: GuideId, checkId: CheckId, slideId: SlideId });

export const ScheduleBody = z.object({ schedule: z.enum(CHECK_SCHEDULES) }).strict();

export const CheckStartedDto = z.object({ checkId: z.string() });
/** A guide's newest check, or null when it was never checked. */
export const LatestCheckDto = z.object({ check: DriftCheckDto.nullable() });
export type CheckStartedDto = z.infer<typeof CheckStartedDto>;

// Sign-in for checks of apps behind a sign-in: the extension saves the site's cookies and storage.

/** A saved sign-in is kept this long, then deleted (DynamoDB TTL); sessions of most apps end sooner. */
export const SITE_SESSION_TTL_DAYS = 30;

const Origin = z
  .string()
  .max(300)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
    } catch {
      return false;
    }
  }, 'Not an origin (scheme://host[:port]).');

const CookieText = z.string().max(4_096);
export const SiteCookie = z
  .object({
    name: z.string().min(1).max(256),
    value: CookieText,
    domain: z.string().min(1).max(253),
    path: z.string().max(1_024).default('/'),
    /** seconds since the epoch; -1 for a session cookie */
    expires: z.number().default(-1),
    httpOnly: z.boolean().default(false),
    secure: z.boolean().default(false),
    sameSite: z.enum(['Strict', 'Lax', 'None']).default('Lax'),
  })
  .strict();
export type SiteCookie = z.infer<typeof SiteCookie>;

export const SaveSiteSessionBody = z
  .object({
    origin: Origin,
    cookies: z.array(SiteCookie).max(200),
    /** the origin's localStorage (tokens some apps keep there) */
    localStorage: z.array(z.object({ name: z.string().max(1_024), value: z.string().max(20_000) }).strict()).max(200).default([]),
  })
  .strict();
export type SaveSiteSessionBody = z.infer<typeof SaveSiteSessionBody>;

export const SiteSessionId = z.string().regex(/^[a-f0-9]{16}$/, 'Not a valid sign-in id.');
export const SiteSessionPath = z.object({ id: SiteSessionId });

export const SiteSessionDto = z.object({
  id: z.string(),
  origin: z.string(),
  cookieCount: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type SiteSessionDto = z.infer<typeof SiteSessionDto>;
export const SiteSessionList = z.object({ items: z.array(SiteSessionDto) });
export type SiteSessionList = z.infer<typeof SiteSessionList>;

/** Whether a cookie belongs to an origin's host: its own domain or a parent domain of it. */
export function cookieMatchesOrigin(cookie: Pick<SiteCookie, 'domain'>, origin: string): boolean {
  const host = new URL(origin).hostname.toLowerCase();
  const domain = cookie.domain.toLowerCase().replace(/^\./, '');
  return host === domain || host.endsWith(`.${domain}`);
}

/** A guide's health from its steps: any missing step (or one no check may reach) breaks it; a moved step or a changed page drifts it. */
export function healthOf(steps: ReadonlyArray<Pick<DriftStepDto, 'status' | 'score'>>): GuideHealth {
  if (steps.some((s) => s.status === 'missing' || s.status === 'refused')) return 'broken';
  if (steps.some((s) => s.status === 'moved' || (s.score ?? 0) > PIXEL_DRIFT_THRESHOLD)) return 'drifted';
  return 'fresh';
}

/** A step whose fresh screenshot tells the truth better than the guide's: moved, or found on a page that changed. */
export function isDriftedStep(step: Pick<DriftStepDto, 'status' | 'score'>): boolean {
  return step.status === 'moved' || (step.status === 'found' && (step.score ?? 0) > PIXEL_DRIFT_THRESHOLD);
}

/** When a schedule next runs after a check at `from` (ms); null when off. */
export function nextCheckAt(schedule: CheckSchedule, from: number): number | null {
  return schedule === 'off' ? null : from + SCHEDULE_INTERVAL_MS[schedule];
}
