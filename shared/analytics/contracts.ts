import * as z from 'zod';
import { GuideId } from '../guides';
import { DEFAULT_RANGE_DAYS, MAX_RANGE_DAYS, addDays, isDay, lastDays } from './days';
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS, MAX_LOADS_PER_VIEWER, MAX_STEP } from './events';

/**
 * The analytics API contract: the viewer events `POST /api/events` accepts, and the numbers
 * `GET /api/guides/{id}/analytics`, `GET /api/analytics` and `GET /api/analytics/guides` answer.
 */

/** A random id the player keeps in the tab's sessionStorage: no cookie, nothing about the person. */
export const ViewerId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a valid viewer id.');

/** A host name, with a port for local ones; '' when the viewer came with no referrer. */
export const ReferrerHost = z
  .string()
  .max(260)
  .transform((host) => host.toLowerCase())
  .pipe(z.string().regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,62})(?:\.[a-z0-9](?:[a-z0-9-]{0,62}))*(?::\d{1,5})?)?$/, 'Not a host name.'));

export const ViewerEvent = z.discriminatedUnion('type', [
  /** the viewer stayed (the view rule in ./events.ts): one per page load */
  z.object({ type: z.literal('view') }).strict(),
  /** the viewer reached step `step` (1-based) */
  z.object({ type: z.literal('step'), step: z.number().int().min(1).max(MAX_STEP) }).strict(),
  /** the viewer reached the last step */
  z.object({ type: z.literal('complete') }).strict(),
  /** the viewer clicked the guide's call to action */
  z.object({ type: z.literal('cta') }).strict(),
  /** the viewer did a step themselves in the try view (once per page load) */
  z.object({ type: z.literal('try') }).strict(),
  /** the viewer went through the last step in the try view */
  z.object({ type: z.literal('try-complete') }).strict(),
]);
export type ViewerEvent = z.infer<typeof ViewerEvent>;

/** One beacon: events of one viewer on one guide, in one page load. */
export const EventBatch = z
  .object({
    guideId: GuideId,
    viewerId: ViewerId,
    /** which page load of this viewer id it is (1, 2, …; capped, see MAX_LOADS_PER_VIEWER) */
    load: z.number().int().min(1).max(MAX_LOADS_PER_VIEWER),
    /** the guide plays in an embed on another page, not on its share page */
    embed: z.boolean(),
    referrer: ReferrerHost,
    events: z.array(ViewerEvent).min(1).max(MAX_BATCH_EVENTS),
  })
  .strict();
export type EventBatch = z.infer<typeof EventBatch>;

/**
 * The request body as it arrives: `navigator.sendBeacon` sends a string as text/plain, so the
 * JSON is read here, with the byte limit, rather than by the API's JSON body parser.
 */
export const EventBatchBody = z
  .string()
  .refine((text) => new TextEncoder().encode(text).length <= MAX_BATCH_BYTES, { message: `A batch is at most ${MAX_BATCH_BYTES} bytes.`, abort: true })
  .transform((text, context) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      context.addIssue({ code: 'custom', message: 'The batch is not valid JSON.' });
      return z.NEVER;
    }
  })
  .pipe(EventBatch);

export const EventsReply = z.object({
  /** events that changed a number (0 for a bot, a member of the guide's organisation, or events already counted) */
  counted: z.number().int().min(0),
});
export type EventsReply = z.infer<typeof EventsReply>;

const Day = z.string().refine(isDay, 'Use a date as YYYY-MM-DD.');

/** Days a range covers when the request names no start: the last 30 days, as the pages open on. */
export const DEFAULT_QUERY_DAYS = DEFAULT_RANGE_DAYS;

/** The days a range names, both included: a missing end is today, a missing start 30 days before the end. */
export function resolveRange(query: { from?: string | undefined; to?: string | undefined }, now = Date.now()): { from: string; to: string } {
  const to = query.to ?? lastDays(1, now).to;
  return { from: query.from ?? addDays(to, -(DEFAULT_QUERY_DAYS - 1)), to };
}

/**
 * `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both included, UTC days, at most MAX_RANGE_DAYS; either may be
 * left out (resolveRange: the last 30 days, or 30 days up to `to`, or `from` up to today).
 */
export const AnalyticsRangeQuery = z
  .object({ from: Day.optional(), to: Day.optional() })
  // Bad dates already have their own message; these judge two good ones.
  .refine((query) => !validDays(query) || resolveRange(query).from <= resolveRange(query).to, { message: 'from must not be after to.', path: ['from'] })
  .refine((query) => !validDays(query) || addDays(resolveRange(query).from, MAX_RANGE_DAYS - 1) >= resolveRange(query).to, {
    message: `A range is at most ${MAX_RANGE_DAYS} days.`,
    path: ['to'],
  });

function validDays({ from, to }: { from?: string | undefined; to?: string | undefined }): boolean {
  return (from === undefined || isDay(from)) && (to === undefined || isDay(to));
}
export type AnalyticsRangeQuery = z.infer<typeof AnalyticsRangeQuery>;
/** A range with both its days: what the analytics are read over. */
export type AnalyticsRange = ReturnType<typeof resolveRange>;

/** `?ids=a,b,c`: up to 100 guide ids, for the cards of one page of guides. */
export const GUIDE_STATS_MAX_IDS = 100;
export const GuideStatsQuery = z.object({
  ids: z
    .string()
    .transform((value) => [...new Set(value.split(',').filter(Boolean))])
    .pipe(z.array(GuideId).min(1).max(GUIDE_STATS_MAX_IDS)),
});

const Count = z.number().int().min(0);
const Rate = z.number().min(0).max(1);

export const AnalyticsTotals = z.object({
  views: Count,
  /** distinct viewer ids per day, summed over the days */
  uniqueViewers: Count,
  completions: Count,
  /** completions per unique viewer */
  completionRate: Rate,
  ctaClicks: Count,
  embedViews: Count,
  linkViews: Count,
  /** page loads in which the viewer did steps themselves (the try view), apart from views */
  tried: Count,
  /** viewers (per day) who did every step themselves to the end */
  completedByTrying: Count,
});
export type AnalyticsTotals = z.infer<typeof AnalyticsTotals>;

export const AnalyticsDay = z.object({ date: z.string(), views: Count, uniqueViewers: Count, completions: Count, ctaClicks: Count });
export type AnalyticsDay = z.infer<typeof AnalyticsDay>;

export const FunnelStepDto = z.object({ step: z.number().int().min(1), viewers: Count, reachRate: Rate, dropOff: Count, dropOffRate: Rate });

export const ReferrerDto = z.object({ host: z.string(), views: Count });

export const GuideAnalytics = z.object({
  guideId: z.string(),
  title: z.string(),
  from: z.string(),
  to: z.string(),
  stepCount: Count,
  totals: AnalyticsTotals,
  /** every day of the range, days without events as zeros */
  daily: z.array(AnalyticsDay),
  funnel: z.array(FunnelStepDto),
  /** the top referrer hosts by views, most first; '' is a visit with no referrer */
  referrers: z.array(ReferrerDto),
});
export type GuideAnalytics = z.infer<typeof GuideAnalytics>;

export const GuideStats = z.object({ guideId: z.string(), views: Count, uniqueViewers: Count, completions: Count, completionRate: Rate });
export type GuideStats = z.infer<typeof GuideStats>;

/** All-time numbers of some guides, for their cards. */
export const GuideStatsList = z.object({ items: z.array(GuideStats) });
export type GuideStatsList = z.infer<typeof GuideStatsList>;

export const WorkspaceAnalytics = z.object({
  from: z.string(),
  to: z.string(),
  totals: AnalyticsTotals,
  daily: z.array(AnalyticsDay),
  /** the organisation's guides with views in the range, most viewed first */
  guides: z.array(GuideStats.extend({ title: z.string(), ctaClicks: Count })),
});
export type WorkspaceAnalytics = z.infer<typeof WorkspaceAnalytics>;

/** How many referrer hosts a guide's page lists. */
export const TOP_REFERRERS = 10;
