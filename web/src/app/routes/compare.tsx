import { CompareIndex } from '../../features/marketing/components/compare-pages';
import { SITE_PAGES } from '../../features/marketing/site-pages';
import { useTrialHref } from '../../features/marketing/trial-href';
import { useSitePageHead } from '../../features/marketing/use-site-page-head';

export default function CompareRoute() {
  useSitePageHead(SITE_PAGES.compare);
  return <CompareIndex trialHref={useTrialHref()} />;
}
