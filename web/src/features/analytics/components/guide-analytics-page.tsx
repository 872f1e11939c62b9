import { useSearchParams } from 'react-router';
import { designPath, sharePath } from '#shared/share/link';
import { PageHeader } from '#web/components/layouts/app-layout';
import { buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';
import { useDocumentHead } from '#web/lib/document-head';
import { useGuideAnalytics } from '../api/get-guide-analytics';
import { RANGE_PARAM, rangeDaysFromParam, rangeOf } from '../utils/range';
import { AnalyticsTotalsList } from './analytics-totals';
import { GuideAnalyticsSections } from './analytics-sections';
import { AnalyticsLoading, AnalyticsProblem } from './analytics-states';
import { RangePicker } from './range-picker';
import './analytics.css';

/**
 * /dashboard/analytics/{id}: one guide's viewer analytics over the last 7, 30 or 90 days
 * (`?days=`): views and unique viewers over time, completion rate, the step-by-step drop-off,
 * CTA clicks, top referrers, embed or link. Every chart's numbers are also a table.
 */
export function GuideAnalyticsPage({ guideId }: { guideId: string }) {
  const [params] = useSearchParams();
  const days = rangeDaysFromParam(params.get(RANGE_PARAM));
  const range = rangeOf(days);
  const { data, error, refetch } = useGuideAnalytics(guideId, range);
  const title = data?.title ?? 'Guide analytics';
  useDocumentHead({ title: data ? `Analytics: ${data.title}` : 'Guide analytics' });

  return (
    <div className="page analytics-page">
      <p className="analytics-back">
        <Link to={paths.dashboard.analytics.getHref({ days })}>All guides’ analytics</Link>
      </p>
      <PageHeader
        title={title}
        description="Who watched this guide, how far they got and where they stopped. Bots and your organization’s members are not counted."
        actions={
          data ? (
            <>
              <a className={buttonClassName({ variant: 'outline' })} href={sharePath({ id: guideId, title: data.title })} target="_blank" rel="noopener">
                Share page<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
              <Link className={buttonClassName({ variant: 'outline' })} to={designPath({ id: guideId, title: data.title })}>
                Open in editor
              </Link>
            </>
          ) : null
        }
      />
      <RangePicker days={days} hrefOf={(option) => paths.dashboard.guideAnalytics.getHref(guideId, { days: option })} />
      {!data ? (
        error ? (
          <AnalyticsProblem error={error} days={days} onRetry={() => void refetch()} />
        ) : (
          <AnalyticsLoading />
        )
      ) : (
        <>
          <AnalyticsTotalsList totals={data.totals} />
          {data.totals.views === 0 ? (
            <p className="analytics-note">
              No views in the last {days} days yet. A view counts once a viewer stays 3 seconds or moves to a second step, on the share page or in an embed.
            </p>
          ) : null}
          <GuideAnalyticsSections data={data} days={days} />
        </>
      )}
    </div>
  );
}
