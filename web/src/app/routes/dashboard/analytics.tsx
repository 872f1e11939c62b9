import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { getWorkspaceAnalyticsQueryOptions } from '#web/features/analytics/api/get-workspace-analytics';
import { WorkspaceAnalyticsPage } from '#web/features/analytics/components/workspace-analytics-page';
import { RANGE_PARAM, rangeDaysFromParam, rangeOf } from '#web/features/analytics/utils/range';
import { requireSession } from '#web/lib/auth';

/** Starts reading the workspace's numbers with the page's code; the page shows a free plan's 402 as the upgrade prompt. */
export function clientLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    const days = rangeDaysFromParam(new URL(request.url).searchParams.get(RANGE_PARAM));
    void queryClient.prefetchQuery(getWorkspaceAnalyticsQueryOptions(rangeOf(days)));
    return null;
  };
}

/** /dashboard/analytics: the workspace overview. */
export default function AnalyticsRoute() {
  return <WorkspaceAnalyticsPage />;
}
