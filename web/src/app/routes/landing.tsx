import { paths } from '#web/config/paths';
import { CallToAction } from '#web/features/marketing/components/call-to-action';
import { Hero } from '#web/features/marketing/components/hero';
import { HowItWorks } from '#web/features/marketing/components/how-it-works';
import { LiveExample } from '#web/features/marketing/components/live-example';
import { ProFeatures } from '#web/features/marketing/components/pro-features';
import { LANDING_EXAMPLE } from '#web/features/marketing/landing-example';
import { HOME_PAGE } from '#web/features/marketing/site-page';
import { useTrialHref } from '#web/features/marketing/trial-href';
import { useSitePageHead } from '#web/features/marketing/use-site-page-head';

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
