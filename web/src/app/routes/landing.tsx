import { paths } from '../../config/paths';
import { CallToAction } from '../../features/marketing/components/call-to-action';
import { Hero } from '../../features/marketing/components/hero';
import { HowItWorks } from '../../features/marketing/components/how-it-works';
import { ProFeatures } from '../../features/marketing/components/pro-features';
import { useDocumentHead } from '../../lib/document-head';

/** Sign in first, then back to the landing page with the subscription modal open. */
const TRIAL_HREF = paths.auth.getHref(paths.home.getHref({ subscribe: true }));

export default function LandingRoute() {
  useDocumentHead({
    title: 'Narrated step-by-step guides from any web app',
    description:
      'Click through a flow once in any web app. Stepcast turns it into a narrated step-by-step guide you can share by link or embed.',
  });
  return (
    <>
      <Hero trialHref={TRIAL_HREF} />
      <HowItWorks />
      <ProFeatures trialHref={TRIAL_HREF} pricingHref={paths.pricing.getHref()} />
      <CallToAction trialHref={TRIAL_HREF} />
    </>
  );
}
