import { TextLayout } from '../../components/layouts/text-layout';
import { TERMS_OF_SERVICE } from '../../features/marketing/components/terms-of-service';
import { SITE_PAGES } from '../../features/marketing/site-pages';
import { useSitePageHead } from '../../features/marketing/use-site-page-head';

export default function TermsRoute() {
  useSitePageHead(SITE_PAGES.terms);
  return <TextLayout {...TERMS_OF_SERVICE} />;
}
