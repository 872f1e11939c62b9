import { TextLayout } from '../../components/layouts/text-layout';
import { PRIVACY_POLICY } from '../../features/marketing/components/privacy-policy';
import { SITE_PAGES } from '../../features/marketing/site-pages';
import { useSitePageHead } from '../../features/marketing/use-site-page-head';

export default function PrivacyRoute() {
  useSitePageHead(SITE_PAGES.privacy);
  return <TextLayout {...PRIVACY_POLICY} />;
}
