import { paths } from '../../config/paths';
import { CallToAction } from '../../features/marketing/components/call-to-action';
import { Hero } from '../../features/marketing/components/hero';
import { HowItWorks } from '../../features/marketing/components/how-it-works';
import { LiveExample } from '../../features/marketing/components/live-example';
import { ProFeatures } from '../../features/marketing/components/pro-features';
import { LANDING_EXAMPLE } from '../../features/marketing/landing-example';
import { HOME_PAGE } from '../../features/marketing/site-page';
import { useTrialHref } from '../../features/marketing/trial-href';
import { useSitePageHead } from '../../features/marketing/use-site-page-head';

export default function LandingRoute() {
  useSitePageHead(HOME_PAGE);
  const trialHref = useTrialHref();
  return (
    <>
      <Hero trialHref={trialHref} />
      <HowItWorks />
      <LiveExample
        title={LANDING_EXAMPLE.title}
        embedUrl={LANDING_EXAMPLE.embedUrl}
        galleryHref={paths.gallery.getHref()}
      />
      <ProFeatures trialHref={trialHref} pricingHref={paths.pricing.getHref()} />
      <CallToAction trialHref={trialHref} />
    </>
  );
}
