import { PRO_PLAN } from '#shared/plan';
import { buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import './marketing.css';

export interface ProFeaturesProps {
  trialHref: string;
  pricingHref: string;
}

export function ProFeatures({ trialHref, pricingHref }: ProFeaturesProps) {
  return (
    <section className="section pro" aria-labelledby="pro-title">
      <div className="container pro__inner">
        <div className="pro__copy">
          <p className="eyebrow">One plan</p>
          <h2 id="pro-title" className="section__title">
            Everything in {PRO_PLAN.name}
          </h2>
          <p className="section__lead">{PRO_PLAN.tag}</p>
          <div className="pro__actions">
            <Link to={trialHref} className={buttonClassName({ size: 'lg' })}>
              Start your {PRO_PLAN.trialDays}-day free trial
            </Link>
            <Link to={pricingHref} className={buttonClassName({ size: 'lg', variant: 'ghost' })}>
              See pricing
            </Link>
          </div>
        </div>
        <ul role="list" className="pro__features" aria-label={`${PRO_PLAN.name} features`}>
          {PRO_PLAN.features.map((feature) => (
            <li key={feature.label} className="pro__feature">
              <svg viewBox="0 0 20 20" aria-hidden="true" className="pro__check">
                <circle cx="10" cy="10" r="9" />
                <path d="m6.2 10.3 2.5 2.5 5-5.1" />
              </svg>
              <span>{feature.label}</span>
              {'soon' in feature && feature.soon ? <span className="badge">(soon)</span> : null}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
