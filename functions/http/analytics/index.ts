// Viewer analytics for an organisation's members, on Pro: a guide's, the workspace's, and the numbers on guide cards.
import { AnalyticsRangeQuery, GuideStatsQuery, resolveRange } from '#shared/analytics/contracts';
import { GuidePath } from '#shared/guides';
import { dispatch } from '../../core/dispatch';
import { defineHandler } from '../../core/http';
import { Analytics } from '../../domain/analytics';
import { requireMember } from '../actor';

// GET /api/guides/{id}/analytics?from&to — (the last 30 days without them) views, unique viewers, completion, funnel, CTA clicks, referrers, embed vs link (402 on free)
const guideAnalytics = defineHandler({ params: GuidePath, query: AnalyticsRangeQuery }, async ({ params, query, event }) => {
  const { member } = await requireMember(event);
  return Analytics.forGuide(member.orgId, params.id, resolveRange(query));
});

// GET /api/analytics?from&to — (the last 30 days without them) the active organisation's guides together, and each guide (402 on free)
const workspaceAnalytics = defineHandler({ query: AnalyticsRangeQuery }, async ({ query, event }) => {
  const { member } = await requireMember(event);
  return Analytics.forWorkspace(member.orgId, resolveRange(query));
});

// GET /api/analytics/guides?ids=a,b — all-time views and completion of some of the organisation's guides (402 on free)
const guideStats = defineHandler({ query: GuideStatsQuery }, async ({ query, event }) => {
  const { member } = await requireMember(event);
  return Analytics.statsFor(member.orgId, query.ids);
});

export const handler = dispatch('analytics', { guideAnalytics, workspaceAnalytics, guideStats });
