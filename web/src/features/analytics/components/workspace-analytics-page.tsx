import { useSearchParams } from 'react-router';
import { PageHeader } from '#web/components/layouts/app-layout';
import { paths } from '#web/config/paths';
import { useDocumentHead } from '#web/lib/document-head';
import { useWorkspaceAnalytics } from '../api/get-workspace-analytics';
import { RANGE_PARAM, rangeDaysFromParam, rangeOf } from '../utils/range';
import { AnalyticsTotalsList } from './analytics-totals';
import { WorkspaceAnalyticsSections } from './analytics-sections';
import { AnalyticsLoading, AnalyticsProblem } from './analytics-states';
import { RangePicker } from './range-picker';
import './analytics.css';

/** /dashboard/analytics: every guide of the organisation together, and each guide by views. */
export function WorkspaceAnalyticsPage() {
  const [params] = useSearchParams();
  const days = rangeDaysFromParam(params.get(RANGE_PARAM));
  const { data, error, refetch } = useWorkspaceAnalytics(rangeOf(days));
  useDocumentHead({ title: 'Analytics' });

  return (
    <div className="page analytics-page">
      <PageHeader title="Analytics" description="How your organization’s guides are watched. Bots and your organization’s members are not counted." />
      <RangePicker days={days} hrefOf={(option) => paths.dashboard.analytics.getHref({ days: option })} />
      {!data ? (
        error ? (
          <AnalyticsProblem error={error} days={days} onRetry={() => void refetch()} />
        ) : (
          <AnalyticsLoading />
        )
      ) : (
        <>
          <AnalyticsTotalsList totals={data.totals} />
          <WorkspaceAnalyticsSections data={data} days={days} />
        </>
      )}
    </div>
  );
}
