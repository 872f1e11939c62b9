import { TextLayout } from '#web/components/layouts/text-layout';
import { PRIVACY_POLICY } from '#web/features/marketing/components/privacy-policy';
import { SITE_PAGES } from '#web/features/marketing/site-pages';
import { useSitePageHead } from '#web/features/marketing/use-site-page-head';

export default function PrivacyRoute() {
  useSitePageHead(SITE_PAGES.privacy);
  return <TextLayout {...PRIVACY_POLICY} />;
}
