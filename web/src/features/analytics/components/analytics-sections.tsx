import type { AnalyticsDay, GuideAnalytics, WorkspaceAnalytics } from '#shared/analytics/contracts';
import { biggestDropOff } from '#shared/analytics/funnel';
import { paths } from '#web/config/paths';
import { Link } from '#web/components/ui/link';
import { formatCount, formatDay, formatPercent, referrerLabel } from '../utils/format';
import { AnalyticsCard, AnalyticsTable } from './analytics-card';
import { FunnelChart, SourcesChart, ViewsChart } from './lazy-charts';

/** Views and unique viewers per day: the chart, and the same numbers as a table on demand. */
export function ViewsOverTime({ daily, days }: { daily: readonly AnalyticsDay[]; days: number }) {
  return (
    <AnalyticsCard title="Views over time" description={`Views and unique viewers per day, the last ${days} days (UTC).`} wide>
      <ViewsChart daily={daily} />
      <details className="analytics-details">
        <summary>Views per day as a table</summary>
        <AnalyticsTable caption="Views per day" head={['Day', 'Views', 'Unique viewers', 'Completions', 'CTA clicks']}>
          {[...daily].reverse().map((day) => (
            <tr key={day.date}>
              <th scope="row">
                <time dateTime={day.date}>{formatDay(day.date)}</time>
              </th>
              <td className="analytics-table__number">{formatCount(day.views)}</td>
              <td className="analytics-table__number">{formatCount(day.uniqueViewers)}</td>
              <td className="analytics-table__number">{formatCount(day.completions)}</td>
              <td className="analytics-table__number">{formatCount(day.ctaClicks)}</td>
            </tr>
          ))}
        </AnalyticsTable>
      </details>
    </AnalyticsCard>
  );
}

function FunnelCard({ funnel }: { funnel: GuideAnalytics['funnel'] }) {
  const worst = biggestDropOff(funnel);
  return (
    <AnalyticsCard
      title="Step drop-off"
      description={
        worst
          ? `Viewers who reached each step. The most leave after step ${worst.step}: ${formatCount(worst.dropOff)} of ${formatCount(worst.viewers)} (${formatPercent(worst.dropOffRate)}).`
          : 'Viewers who reached each step.'
      }
      wide
    >
      {funnel.length > 0 ? <FunnelChart funnel={funnel} /> : <p className="analytics-empty">This guide has no steps.</p>}
      <AnalyticsTable caption="Step drop-off" head={['Step', 'Viewers', 'Reached', 'Dropped off']}>
        {funnel.map((step) => (
          <tr key={step.step}>
            <th scope="row">Step {step.step}</th>
            <td className="analytics-table__number">{formatCount(step.viewers)}</td>
            <td className="analytics-table__number">{formatPercent(step.reachRate)}</td>
            <td className="analytics-table__number">{step.step === funnel.length ? '—' : `${formatCount(step.dropOff)} (${formatPercent(step.dropOffRate)})`}</td>
          </tr>
        ))}
      </AnalyticsTable>
    </AnalyticsCard>
  );
}

function SourcesCard({ embedViews, linkViews, wide = false }: { embedViews: number; linkViews: number; wide?: boolean }) {
  return (
    <AnalyticsCard title="Embed or link" description="Where the views were: a guide's share page, or the guide embedded in another page." wide={wide}>
      <SourcesChart embedViews={embedViews} linkViews={linkViews} />
      <AnalyticsTable caption="Embed or link" head={['Where', 'Views']}>
        <tr>
          <th scope="row">Share link</th>
          <td className="analytics-table__number">{formatCount(linkViews)}</td>
        </tr>
        <tr>
          <th scope="row">Embed</th>
          <td className="analytics-table__number">{formatCount(embedViews)}</td>
        </tr>
      </AnalyticsTable>
    </AnalyticsCard>
  );
}

function ReferrersCard({ referrers }: { referrers: GuideAnalytics['referrers'] }) {
  return (
    <AnalyticsCard title="Top referrers" description="The sites viewers came from, by views (only the site's name is kept).">
      {referrers.length > 0 ? (
        <AnalyticsTable caption="Top referrers" head={['Site', 'Views']}>
          {referrers.map((referrer) => (
            <tr key={referrer.host}>
              <th scope="row" className="analytics-table__host">
                {referrerLabel(referrer.host)}
              </th>
              <td className="analytics-table__number">{formatCount(referrer.views)}</td>
            </tr>
          ))}
        </AnalyticsTable>
      ) : (
        <p className="analytics-empty">No views in this range yet.</p>
      )}
    </AnalyticsCard>
  );
}

/** A guide's analytics below its totals: over time, drop-off, embed or link, referrers. */
export function GuideAnalyticsSections({ data, days }: { data: GuideAnalytics; days: number }) {
  return (
    <div className="analytics-grid">
      <ViewsOverTime daily={data.daily} days={days} />
      <FunnelCard funnel={data.funnel} />
      <SourcesCard embedViews={data.totals.embedViews} linkViews={data.totals.linkViews} />
      <ReferrersCard referrers={data.referrers} />
    </div>
  );
}

/** The workspace's analytics below its totals: over time, and its guides by views. */
export function WorkspaceAnalyticsSections({ data, days }: { data: WorkspaceAnalytics; days: number }) {
  return (
    <div className="analytics-grid">
      <ViewsOverTime daily={data.daily} days={days} />
      <AnalyticsCard title="Guides by views" description="The guides viewers watched in this range, most viewed first." wide>
        {data.guides.length > 0 ? (
          <AnalyticsTable caption="Guides by views" head={['Guide', 'Views', 'Unique viewers', 'Completion rate', 'CTA clicks']}>
            {data.guides.map((guide) => (
              <tr key={guide.guideId}>
                <th scope="row" className="analytics-table__guide">
                  <Link to={paths.dashboard.guideAnalytics.getHref(guide.guideId, { days })}>{guide.title}</Link>
                </th>
                <td className="analytics-table__number">{formatCount(guide.views)}</td>
                <td className="analytics-table__number">{formatCount(guide.uniqueViewers)}</td>
                <td className="analytics-table__number">{formatPercent(guide.completionRate)}</td>
                <td className="analytics-table__number">{formatCount(guide.ctaClicks)}</td>
              </tr>
            ))}
          </AnalyticsTable>
        ) : (
          <p className="analytics-empty">No guide has been viewed in this range yet.</p>
        )}
      </AnalyticsCard>
      <SourcesCard embedViews={data.totals.embedViews} linkViews={data.totals.linkViews} wide />
    </div>
  );
}
