import { Button } from '#web/components/ui/button';
import { isApiError } from '#web/lib/api-error';
import { UpgradePrompt } from './upgrade-prompt';

export function AnalyticsLoading() {
  return (
    <div className="analytics-loading" role="status">
      <span className="visually-hidden">Loading analytics…</span>
    </div>
  );
}

/** A failed read: the upgrade prompt on a free plan (402), otherwise what went wrong and a retry. */
export function AnalyticsProblem({ error, days, onRetry }: { error: unknown; days: number; onRetry: () => void }) {
  if (isApiError(error) && error.code === 'plan_limit') return <UpgradePrompt days={days} />;
  return (
    <div className="analytics-problem" role="alert">
      <p>The analytics could not be loaded{isApiError(error) ? `: ${error.message}` : '.'}</p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
