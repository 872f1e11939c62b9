import { PRO_PLAN, FREE_GUIDE_LIMIT, planName } from '#shared/plan';
import { SettingsSection } from '#web/components/layouts/app-layout';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { formatDate } from '#web/lib/format';
import { useSubscriptionDetails } from '#web/lib/plan-queries';
import { useOpenBillingPortal } from '../hooks/use-open-billing-portal';
import { useStartCheckout } from '../hooks/use-start-checkout';
import { MANAGE_SUBSCRIPTION_LABEL, START_TRIAL_LABEL } from '../utils/subscription-modal';
import {
  billingAction,
  billingDates,
  isPaymentOverdue,
  statusLabel,
  statusTone,
  type BillingDate,
} from '../utils/subscription-status';
import './billing.css';

const DATE_LABELS: Record<BillingDate['kind'], { label: string; prefix?: string }> = {
  'trial-ends': { label: 'Trial ends' },
  'trial-ended': { label: 'Trial ended' },
  renews: { label: 'Renewal', prefix: 'Renews on' },
  cancels: { label: 'Cancellation', prefix: 'Cancels on' },
};

const fromUnix = (seconds: number) => formatDate(new Date(seconds * 1000).toISOString());

/**
 * The account's Billing section: the plan, the subscription's status and dates, and the way to
 * start the trial or manage the subscription in Stripe's portal.
 */
export function BillingSection() {
  const details = useSubscriptionDetails();
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();
  const data = details.data;
  const action = data ? billingAction(data) : undefined;

  return (
    <SettingsSection
      title="Billing"
      description={`Your ${PRO_PLAN.name} plan, its trial and renewal, and your payment details.`}
      footer={
        action === 'portal' ? (
          <Button variant="outline" loading={portal.isBusy} onClick={portal.open}>
            {MANAGE_SUBSCRIPTION_LABEL}
          </Button>
        ) : action === 'checkout' ? (
          <Button loading={checkout.isBusy} onClick={checkout.start}>
            {START_TRIAL_LABEL}
          </Button>
        ) : undefined
      }
    >
      {data ? (
        <>
          <dl className="billing-summary">
            <div className="billing-summary__item">
              <dt className="billing-summary__label">Plan</dt>
              <dd className="billing-summary__value">{planName(data.status) ?? 'No plan'}</dd>
            </div>
            <div className="billing-summary__item">
              <dt className="billing-summary__label">Status</dt>
              <dd className="billing-summary__value">
                <Badge tone={statusTone(data.status)}>{statusLabel(data.status)}</Badge>
              </dd>
            </div>
            {billingDates(data).map((date) => (
              <div key={date.kind} className="billing-summary__item">
                <dt className="billing-summary__label">{DATE_LABELS[date.kind].label}</dt>
                <dd className="billing-summary__value">
                  {[DATE_LABELS[date.kind].prefix, fromUnix(date.seconds)].filter(Boolean).join(' ')}
                </dd>
              </div>
            ))}
          </dl>
          {isPaymentOverdue(data.status) ? (
            <p className="billing-warning">
              Your latest payment failed. Update your payment method to keep {PRO_PLAN.name}.
            </p>
          ) : planName(data.status) === null ? (
            <p className="billing-note">
              Without {PRO_PLAN.name} you can keep up to {FREE_GUIDE_LIMIT} guides. {PRO_PLAN.name} is {PRO_PLAN.price} per{' '}
              {PRO_PLAN.interval}.
            </p>
          ) : null}
        </>
      ) : details.isError ? (
        <div className="billing-note" role="alert">
          Your billing details could not be loaded.{' '}
          <Button variant="ghost" size="sm" onClick={() => void details.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="billing-loading" role="status">
          <span className="visually-hidden">Loading billing details…</span>
        </div>
      )}
    </SettingsSection>
  );
}
