import { PricingPlan } from '#web/features/marketing/components/pricing-plan';
import { SITE_PAGES } from '#web/features/marketing/site-pages';
import { useTrialHref } from '#web/features/marketing/trial-href';
import { useSitePageHead } from '#web/features/marketing/use-site-page-head';

export default function PricingRoute() {
  useSitePageHead(SITE_PAGES.pricing);
  return <PricingPlan trialHref={useTrialHref()} />;
}
