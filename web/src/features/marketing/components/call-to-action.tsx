import { PRO_PLAN } from '#shared/plan';
import { buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import './marketing.css';

export function CallToAction({ trialHref }: { trialHref: string }) {
  return (
    <section className="section cta" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta__panel">
          <h2 id="cta-title" className="cta__title">
            Your next guide is one click-through away.
          </h2>
          <p className="cta__lead">
            Try every {PRO_PLAN.name} feature free for {PRO_PLAN.trialDays} days. Cancel any time.
          </p>
          <Link to={trialHref} className={buttonClassName({ size: 'lg', variant: 'outline' }, 'cta__button')}>
            Start your {PRO_PLAN.trialDays}-day free trial
          </Link>
        </div>
      </div>
    </section>
  );
}
