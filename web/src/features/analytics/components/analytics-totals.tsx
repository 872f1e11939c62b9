import type { AnalyticsTotals } from '#shared/analytics/contracts';
import { formatCount, formatPercent } from '../utils/format';

/** The range's headline numbers, each with what it counts. */
export function AnalyticsTotalsList({ totals }: { totals: AnalyticsTotals }) {
  const items = [
    { label: 'Views', value: formatCount(totals.views), hint: 'stayed 3 s or reached a second step' },
    { label: 'Unique viewers', value: formatCount(totals.uniqueViewers), hint: 'browser tabs, counted once a day' },
    { label: 'Completion rate', value: formatPercent(totals.completionRate), hint: `${formatCount(totals.completions)} reached the last step` },
    { label: 'CTA clicks', value: formatCount(totals.ctaClicks), hint: 'on the call to action' },
    { label: 'Tried', value: formatCount(totals.tried), hint: 'did the steps themselves (Try)' },
    { label: 'Completed by trying', value: formatCount(totals.completedByTrying), hint: 'did every step to the end' },
  ];
  return (
    <ul role="list" className="analytics-totals" aria-label="Totals">
      {items.map((item) => (
        <li key={item.label} className="analytics-total">
          <span className="analytics-total__label">{item.label}</span>
          <span className="analytics-total__value">{item.value}</span>
          <span className="analytics-total__hint">{item.hint}</span>
        </li>
      ))}
    </ul>
  );
}
