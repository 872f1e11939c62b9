import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PRO_PLAN } from '#shared/plan';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#shared/product';
import { Button } from '#web/components/ui/button';
import { Dialog } from '#web/components/ui/dialog';
import { AppQueryProvider } from '#web/lib/app-query-client';
import { getSessionQueryOptions } from '#web/lib/auth';
import { useRootSearch } from '#web/lib/root-search';
import { useSubscriptionDetails } from '#web/lib/plan-queries';
import { useConfirmOnReturn } from '../hooks/use-confirm-on-return';
import { useOpenBillingPortal } from '../hooks/use-open-billing-portal';
import { useStartCheckout } from '../hooks/use-start-checkout';
import { isSubscriptionModalShown, searchAfterClose, subscriptionOffer } from '../utils/subscription-modal';
import { PlanFeatureList } from './plan-feature-list';
import './billing.css';

/**
 * The subscription modal (product-spec.md §2): the Pro plan and its one button, over any page, for a
 * signed-in person whose search asks for it. It also confirms the subscription on the return
 * from Stripe checkout, and cannot be closed while any of its requests is pending. It opens on
 * public pages too, which have no query client of their own: it brings the page's one client.
 */
export default function SubscriptionModal() {
  return (
    <AppQueryProvider>
      <SubscriptionModalContent />
    </AppQueryProvider>
  );
}

function SubscriptionModalContent() {
  const search = useRootSearch();
  const [, setSearchParams] = useSearchParams();
  const session = useQuery(getSessionQueryOptions());
  const signedIn = Boolean(session.data);
  const details = useSubscriptionDetails({ enabled: signedIn });
  const confirmation = useConfirmOnReturn(signedIn ? search.stripe_session_id : undefined);
  const checkout = useStartCheckout();
  const portal = useOpenBillingPortal();

  const shown = isSubscriptionModalShown({
    search,
    signedIn,
    // An answer that failed counts as finished: the server refuses a second subscription anyway.
    planLoaded: details.isSuccess || details.isError,
    status: details.data?.status,
  });
  const offer = subscriptionOffer(details.data);
  const pending = confirmation.isPending || checkout.isBusy || portal.isBusy;

  return (
    <Dialog
      open={shown}
      onOpenChange={(open) => {
        if (open) return;
        confirmation.dismissFailure();
        void setSearchParams(searchAfterClose, { replace: true, preventScrollReset: true });
      }}
      dismissible={!pending}
      title={`Get started with ${PRODUCT_NAME}`}
      className="subscription-modal"
    >
      <div className="plan-offer">
        <div className="plan-offer__head">
          <h3 className="plan-offer__name">{PRO_PLAN.name}</h3>
          <p className="plan-offer__price">
            <span className="plan-offer__amount">{PRO_PLAN.price}</span> <span className="plan-offer__interval">/ {PRO_PLAN.interval}</span>
          </p>
          <p className="plan-offer__tag">{PRO_PLAN.tag}</p>
        </div>
        <PlanFeatureList />
        <div className="plan-offer__action">
          <Button
            size="lg"
            block
            loading={pending}
            onClick={offer.action === 'checkout' ? checkout.start : portal.open}
          >
            {offer.buttonLabel}
          </Button>
          <p className="plan-offer__caption">{offer.caption}</p>
          <p className="plan-offer__status" role="status">
            {confirmation.isPending ? 'Confirming your subscription…' : ''}
          </p>
          {confirmation.isError ? (
            <div className="plan-offer__error" role="alert">
              <p>We could not confirm your subscription yet.</p>
              <Button variant="outline" size="sm" onClick={confirmation.retry}>
                Try again
              </Button>
            </div>
          ) : null}
        </div>
      </div>
      <p className="subscription-modal__help">
        Having a problem? <a href={`mailto:${SUPPORT_EMAIL}`}>Get in touch.</a>
      </p>
    </Dialog>
  );
}
