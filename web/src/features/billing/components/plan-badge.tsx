import { useLocation } from 'react-router';
import { PRO_PLAN } from '#shared/plan';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';
import { useSubscriptionDetails } from '#web/lib/plan-queries';
import { planBadge } from '../utils/subscription-status';
import { subscribeHref } from '../utils/subscription-modal';
import './billing.css';

const WARNING_ICON = (
  <svg viewBox="0 0 16 16" aria-hidden="true">
    <path d="M8 2.2 14.4 13.5H1.6z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
    <path d="M8 6.5v3.2M8 11.6v.1" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
  </svg>
);

/**
 * The app shell's plan badge: 'Pro', 'Trial · N days left' (both to the account's Billing
 * section), a warning when a payment is past due, or 'Upgrade', which opens the subscription
 * modal over the current page. Nothing while the plan loads or when it cannot be read.
 */
export function PlanBadge() {
  const location = useLocation();
  const { data } = useSubscriptionDetails();
  if (!data) return null;
  const badge = planBadge(data);

  if (badge.kind === 'upgrade') {
    return (
      <Link to={subscribeHref(location)} preload={false} className="plan-badge plan-badge--upgrade">
        {badge.label}
        <span className="visually-hidden"> to {PRO_PLAN.name}</span>
      </Link>
    );
  }
  return (
    <Link to={paths.dashboard.account.getHref()} className={`plan-badge plan-badge--${badge.kind}`}>
      {badge.kind === 'past-due' ? WARNING_ICON : <span className="visually-hidden">Your plan: </span>}
      {badge.label}
    </Link>
  );
}
