import { TextLayout } from '#web/components/layouts/text-layout';
import { TERMS_OF_SERVICE } from '#web/features/marketing/components/terms-of-service';
import { SITE_PAGES } from '#web/features/marketing/site-pages';
import { useSitePageHead } from '#web/features/marketing/use-site-page-head';

export default function TermsRoute() {
  useSitePageHead(SITE_PAGES.terms);
  return <TextLayout {...TERMS_OF_SERVICE} />;
}
