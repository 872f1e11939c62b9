import { useId } from 'react';
import { PRO_PLAN } from '#shared/plan';
import { Button } from '#web/components/ui/button';
import { useOpenSubscription } from '#web/lib/use-open-subscription';
import { exampleAnalytics } from '../utils/example-analytics';
import { AnalyticsTotalsList } from './analytics-totals';
import { GuideAnalyticsSections } from './analytics-sections';

/**
 * What a free plan sees instead of analytics: the offer, over a blurred picture of the page with
 * made-up numbers. The picture is hidden from assistive technology and cannot be focused.
 */
export function UpgradePrompt({ days }: { days: number }) {
  const id = useId();
  const openSubscription = useOpenSubscription();
  const example = exampleAnalytics(days);
  return (
    <div className="analytics-locked">
      <div className="analytics-example" aria-hidden="true" inert>
        <AnalyticsTotalsList totals={example.totals} />
        <GuideAnalyticsSections data={example} days={days} />
      </div>
      <section className="analytics-upsell" aria-labelledby={id}>
        <h2 id={id} className="analytics-upsell__title">
          Analytics is a {PRO_PLAN.name} feature
        </h2>
        <p>
          See who watched your guides, how far they got, the step where they gave up, and clicks on your call to action: views, unique viewers, completion and drop-off,
          referrers, embed or link.
        </p>
        <Button onClick={() => openSubscription()}>Upgrade to {PRO_PLAN.name}</Button>
      </section>
    </div>
  );
}
