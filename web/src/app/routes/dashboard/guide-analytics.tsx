import type { QueryClient } from '@tanstack/react-query';
import { useParams, type LoaderFunctionArgs } from 'react-router';
import { getGuideAnalyticsQueryOptions } from '#web/features/analytics/api/get-guide-analytics';
import { GuideAnalyticsPage } from '#web/features/analytics/components/guide-analytics-page';
import { RANGE_PARAM, rangeDaysFromParam, rangeOf } from '#web/features/analytics/utils/range';
import { requireSession } from '#web/lib/auth';

/** Starts reading the guide's numbers with the page's code; the page shows a free plan's 402 as the upgrade prompt. */
export function clientLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    await requireSession(queryClient, request);
    const days = rangeDaysFromParam(new URL(request.url).searchParams.get(RANGE_PARAM));
    if (params.id) void queryClient.prefetchQuery(getGuideAnalyticsQueryOptions(params.id, rangeOf(days)));
    return null;
  };
}

/** /dashboard/analytics/{id}: one guide's analytics. */
export default function GuideAnalyticsRoute() {
  const { id = '' } = useParams();
  return <GuideAnalyticsPage key={id} guideId={id} />;
}
