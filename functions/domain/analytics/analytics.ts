import { isBot } from '#shared/analytics/bots';
import type {
  AnalyticsDay,
  AnalyticsRange,
  AnalyticsTotals,
  EventBatch,
  EventsReply,
  GuideAnalytics,
  GuideStatsList,
  WorkspaceAnalytics,
} from '#shared/analytics/contracts';
import { TOP_REFERRERS } from '#shared/analytics/contracts';
import { dayOf, daysBetween } from '#shared/analytics/days';
import { completionRate, funnel } from '#shared/analytics/funnel';
import { AppError } from '#shared/errors';
import { keptReads } from '../../core/kept-reads';
import { db } from '../../db/service';
import * as Limits from './analytics-limits';
import * as Store from './analytics-store';
import { Entitlements } from '../billing';
import { membership } from '../members';

/**
 * Viewer analytics: events from the player and the embed become daily rollups (analytics-store.ts
 * says how they are kept), and the numbers come back per guide, per workspace and per card.
 */

interface GuideFacts {
  orgId: string;
  title: string;
  published: boolean;
  slideCount: number;
}

/**
 * How long this process keeps what it read of a guide for counting its events. A share page is
 * cached as long (`max-age=60`), so a guide unpublished or shortened stops being counted (or counts
 * its removed steps) for at most as long as it is still shown.
 */
export const GUIDE_CACHE_MS = 60_000;
const GUIDE_CACHE_SIZE = 5_000;
const guides = keptReads<GuideFacts | undefined>(GUIDE_CACHE_MS, GUIDE_CACHE_SIZE);

function guideFacts(guideId: string, now: number): Promise<GuideFacts | undefined> {
  return guides.read(guideId, now, async () => {
    const { data } = await db().entities.guide.get({ guideId }).go({ attributes: ['orgId', 'title', 'status', 'visibility', 'slideCount'] });
    // A private guide has only members as viewers, and members are not counted.
    return data
      ? { orgId: data.orgId, title: data.title, published: data.status === 'published' && data.visibility === 'public', slideCount: data.slideCount }
      : undefined;
  });
}

/** What a batch asks to count, as viewer-day tokens (analytics-store.ts), each once. */
function tokensOf(batch: EventBatch, slideCount: number): string[] {
  const tokens = new Set<string>();
  for (const event of batch.events) {
    if (event.type === 'view') tokens.add(`v${batch.load}`);
    // A step past the guide's end is one it no longer has.
    else if (event.type === 'step' && event.step <= slideCount) tokens.add(`s${event.step}`);
    else if (event.type === 'complete') tokens.add('c');
    else if (event.type === 'cta') tokens.add(`a${batch.load}`);
    else if (event.type === 'try') tokens.add(`t${batch.load}`);
    else if (event.type === 'try-complete') tokens.add('k');
  }
  return [...tokens];
}

function countsOf(added: readonly string[], firstOfDay: boolean, embed: boolean): Store.Counts {
  const views = added.filter((token) => token.startsWith('v')).length;
  const steps = new Map<number, number>();
  for (const token of added) if (token.startsWith('s')) steps.set(Number(token.slice(1)), 1);
  return {
    views,
    uniques: firstOfDay ? 1 : 0,
    completions: added.includes('c') ? 1 : 0,
    cta: added.filter((token) => token.startsWith('a')).length,
    embedViews: embed ? views : 0,
    tried: added.filter((token) => token.startsWith('t')).length,
    triedCompletions: added.includes('k') ? 1 : 0,
    steps,
  };
}

export interface Viewer {
  userAgent: string | undefined;
  /** the signed-in person, when the request carried a session */
  userId: string | undefined;
  /** the source address, for its rate limit (never stored) */
  ip: string;
}

/**
 * Counts one batch of a viewer's events. Not counted, and answered as if counted so that nobody
 * learns to work around it: bots, members of the guide's organisation (its authors watching),
 * guides that are missing, drafts or private, events already counted. Over a rate limit the whole
 * batch is refused (`rate_limited`). Counting never overcounts: a token is added to the viewer's
 * day before any counter moves.
 */
export async function record(batch: EventBatch, viewer: Viewer, now = Date.now()): Promise<EventsReply> {
  const none = { counted: 0 };
  if (isBot(viewer.userAgent)) return none;
  const guide = await guideFacts(batch.guideId, now);
  if (!guide?.published) return none;
  if (viewer.userId && (await membership(guide.orgId, viewer.userId))) return none;
  const tokens = tokensOf(batch, guide.slideCount);
  if (tokens.length === 0) return none;

  const shard = Store.shardOf(batch.viewerId);
  const day = dayOf(now);
  const hasView = tokens.some((token) => token.startsWith('v'));
  // The limits and the viewer's day in one round trip: a refused batch counts nothing (no
  // counter moves), though its tokens are marked seen, so the same events sent again that day
  // do not count either (the player sends each batch once, with sendBeacon, and never again).
  // Without a view in it, a batch counts only for a viewer already counted today: steps and
  // completions belong to a view.
  const [, result] = await Promise.all([
    Limits.check({ guideId: batch.guideId, viewerId: batch.viewerId, shard, ip: viewer.ip }),
    Store.addViewerTokens(Store.keys.viewerDay(batch.guideId, day, batch.viewerId), day, tokens, !hasView),
  ]);
  if (!result || result.added.length === 0) return none;
  const counts = countsOf(result.added, result.firstOfDay, batch.embed);
  await Store.addToRollups({ guideId: batch.guideId, orgId: guide.orgId, shard, day, referrer: batch.referrer, counts });
  return { counted: result.added.length };
}

const num = (item: Store.RollupItem, attribute: string) => {
  const value = item[attribute];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
};

/** A rollup's numbers added up: the counts a batch adds, but the steps'. */
type Sum = Omit<Store.Counts, 'steps'>;
const zero = (): Sum => ({ views: 0, uniques: 0, completions: 0, cta: 0, embedViews: 0, tried: 0, triedCompletions: 0 });
function addItem(sum: Sum, item: Store.RollupItem): void {
  sum.views += num(item, 'views');
  sum.uniques += num(item, 'uniques');
  sum.completions += num(item, 'completions');
  sum.cta += num(item, 'cta');
  sum.embedViews += num(item, 'embedViews');
  sum.tried += num(item, 'tried');
  sum.triedCompletions += num(item, 'triedCompletions');
}

function totalsOf(sum: Sum): AnalyticsTotals {
  return {
    views: sum.views,
    uniqueViewers: sum.uniques,
    completions: sum.completions,
    completionRate: completionRate(sum.completions, sum.uniques),
    ctaClicks: sum.cta,
    embedViews: sum.embedViews,
    linkViews: Math.max(0, sum.views - sum.embedViews),
    tried: sum.tried,
    completedByTrying: sum.triedCompletions,
  };
}

function dailyOf(from: string, to: string, byDay: ReadonlyMap<string, Sum>): AnalyticsDay[] {
  return daysBetween(from, to).map((date) => {
    const sum = byDay.get(date) ?? zero();
    return { date, views: sum.views, uniqueViewers: sum.uniques, completions: sum.completions, ctaClicks: sum.cta };
  });
}

async function requireAnalytics(orgId: string): Promise<void> {
  if (!(await Entitlements.forOrganization(orgId)).analytics) {
    throw new AppError('plan_limit', 'Analytics is a Pro feature. Start a trial to see who watched your guides and where they stopped.');
  }
}

async function guideOfOrg(orgId: string, guideId: string) {
  const { data } = await db().entities.guide.get({ guideId }).go();
  if (!data || data.orgId !== orgId) throw new AppError('not_found', 'Guide not found.');
  return data;
}

/** A guide's numbers over a range of days: its organisation's members only, on Pro. */
export async function forGuide(orgId: string, guideId: string, range: AnalyticsRange): Promise<GuideAnalytics> {
  const guide = await guideOfOrg(orgId, guideId);
  await requireAnalytics(orgId);
  const [days, referrerItems] = await Promise.all([Store.guideDays(guideId, range.from, range.to), Store.guideReferrers(guideId, range.from, range.to)]);

  const total = zero();
  const byDay = new Map<string, Sum>();
  const reached = new Map<number, number>();
  for (const item of days) {
    addItem(total, item);
    const date = item.sk.slice('day#'.length);
    const sum = byDay.get(date) ?? zero();
    addItem(sum, item);
    byDay.set(date, sum);
    for (const [attribute, value] of Object.entries(item)) {
      if (!attribute.startsWith(Store.STEP_ATTRIBUTE) || typeof value !== 'number') continue;
      const step = Number(attribute.slice(Store.STEP_ATTRIBUTE.length));
      reached.set(step, (reached.get(step) ?? 0) + value);
    }
  }
  const hosts = new Map<string, number>();
  for (const item of referrerItems) {
    const host = typeof item['host'] === 'string' ? item['host'] : '';
    hosts.set(host, (hosts.get(host) ?? 0) + num(item, 'views'));
  }

  return {
    guideId,
    title: guide.title,
    from: range.from,
    to: range.to,
    stepCount: guide.slideCount,
    totals: totalsOf(total),
    daily: dailyOf(range.from, range.to, byDay),
    funnel: funnel(reached, guide.slideCount, total.uniques),
    referrers: [...hosts]
      .map(([host, views]) => ({ host, views }))
      .sort((a, b) => b.views - a.views || a.host.localeCompare(b.host))
      .slice(0, TOP_REFERRERS),
  };
}

/** The workspace's numbers over a range: every guide of the organisation together, and each guide. */
export async function forWorkspace(orgId: string, range: AnalyticsRange): Promise<WorkspaceAnalytics> {
  await requireAnalytics(orgId);
  const items = await Store.workspaceDays(orgId, range.from, range.to);
  const total = zero();
  const byDay = new Map<string, Sum>();
  const byGuide = new Map<string, Sum>();
  for (const item of items) {
    addItem(total, item);
    const [date = '', guideId = ''] = item.sk.split('#');
    for (const [map, key] of [
      [byDay, date],
      [byGuide, guideId],
    ] as const) {
      const sum = map.get(key) ?? zero();
      addItem(sum, item);
      map.set(key, sum);
    }
  }
  const titles = new Map<string, string>();
  const ids = [...byGuide.keys()];
  for (let i = 0; i < ids.length; i += 100) {
    const { data } = await db()
      .entities.guide.get(ids.slice(i, i + 100).map((guideId) => ({ guideId })))
      .go({ attributes: ['guideId', 'orgId', 'title'] });
    for (const guide of data) if (guide.orgId === orgId) titles.set(guide.guideId, guide.title);
  }
  return {
    from: range.from,
    to: range.to,
    totals: totalsOf(total),
    daily: dailyOf(range.from, range.to, byDay),
    guides: [...byGuide]
      .map(([guideId, sum]) => ({
        guideId,
        // A deleted guide's views stay in the workspace's numbers, under this name.
        title: titles.get(guideId) ?? 'Deleted guide',
        views: sum.views,
        uniqueViewers: sum.uniques,
        completions: sum.completions,
        completionRate: completionRate(sum.completions, sum.uniques),
        ctaClicks: sum.cta,
      }))
      .sort((a, b) => b.views - a.views || a.title.localeCompare(b.title)),
  };
}

/** All-time numbers of some of the organisation's guides, for their cards; other ids are left out. */
export async function statsFor(orgId: string, guideIds: readonly string[]): Promise<GuideStatsList> {
  await requireAnalytics(orgId);
  const { data } = await db()
    .entities.guide.get(guideIds.map((guideId) => ({ guideId })))
    .go({ attributes: ['guideId', 'orgId'] });
  const own = data.filter((guide) => guide.orgId === orgId).map((guide) => guide.guideId);
  const sums = new Map(own.map((guideId) => [guideId, zero()]));
  for (const item of await Store.guideTotals(own)) {
    const sum = sums.get(Store.guideIdOfTotal(item));
    if (sum) addItem(sum, item);
  }
  return {
    items: [...sums].map(([guideId, sum]) => ({
      guideId,
      views: sum.views,
      uniqueViewers: sum.uniques,
      completions: sum.completions,
      completionRate: completionRate(sum.completions, sum.uniques),
    })),
  };
}
