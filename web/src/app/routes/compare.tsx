import { CompareIndex } from '#web/features/marketing/components/compare-pages';
import { SITE_PAGES } from '#web/features/marketing/site-pages';
import { useTrialHref } from '#web/features/marketing/trial-href';
import { useSitePageHead } from '#web/features/marketing/use-site-page-head';

export default function CompareRoute() {
  useSitePageHead(SITE_PAGES.compare);
  return <CompareIndex trialHref={useTrialHref()} />;
}
