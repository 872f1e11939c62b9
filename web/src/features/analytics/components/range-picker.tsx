import { RANGE_DAYS, type RangeDays } from '#shared/analytics/days';
import { Link } from '#web/components/ui/link';

/** The ranges an analytics page offers, as links (`?days=`): the current one is marked. */
export function RangePicker({ days, hrefOf }: { days: RangeDays; hrefOf: (days: RangeDays) => string }) {
  return (
    <nav className="analytics-range" aria-label="Date range">
      <ul role="list">
        {RANGE_DAYS.map((option) => (
          <li key={option}>
            <Link to={hrefOf(option)} className="analytics-range__option" aria-current={option === days ? 'page' : undefined} replace preventScrollReset>
              {option} days
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
