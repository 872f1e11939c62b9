import { PricingPlan } from '../../features/marketing/components/pricing-plan';
import { SITE_PAGES } from '../../features/marketing/site-pages';
import { useTrialHref } from '../../features/marketing/trial-href';
import { useSitePageHead } from '../../features/marketing/use-site-page-head';

export default function PricingRoute() {
  useSitePageHead(SITE_PAGES.pricing);
  return <PricingPlan trialHref={useTrialHref()} />;
}
