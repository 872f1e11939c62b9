import type { ReactNode } from 'react';
import { FREE_GUIDE_LIMIT, PRO_PLAN } from '#shared/plan';
import { PRODUCT_NAME } from '#shared/product';
import { buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import { paths } from '#web/config/paths';
import './marketing.css';
import './pricing.css';

const QUESTIONS: readonly { question: string; answer: ReactNode }[] = [
  {
    question: 'What happens when the trial ends?',
    answer: `${PRO_PLAN.name} carries on at ${PRO_PLAN.price} per ${PRO_PLAN.interval} unless you cancel before the ${PRO_PLAN.trialDays} days are up. You can cancel from your account at any time; the plan then runs to the end of the period you paid for.`,
  },
  {
    question: `What can I do without ${PRO_PLAN.name}?`,
    answer: `Keep up to ${FREE_GUIDE_LIMIT} guides and share them by public link. Voiceover, embeds, private guides, exports and unlimited guides come with ${PRO_PLAN.name}.`,
  },
  {
    question: 'Do the people who watch my guides need an account?',
    answer: 'No. A shared or embedded guide plays for anyone with the link. Private guides open only for members of your organisation.',
  },
  {
    question: 'Are my screenshots safe?',
    answer: (
      <>
        Password, email, phone, card and one-time-code fields are covered in your browser before a screenshot is
        uploaded, on every plan. What we keep, where and for how long is in our{' '}
        <Link to={paths.privacy.getHref()}>privacy policy</Link>.
      </>
    ),
  },
];

/** /pricing: the one plan (product-spec.md §1, §3), its button and the questions people ask before trying. */
export function PricingPlan({ trialHref }: { trialHref: string }) {
  return (
    <>
      <section className="pricing" aria-labelledby="pricing-title">
        <div className="container pricing__inner">
          <div className="pricing__intro">
            <p className="eyebrow">Pricing</p>
            <h1 id="pricing-title" className="pricing__title">
              One plan. Everything in it.
            </h1>
            <p className="pricing__lead">
              Capture, narrate and share as many guides as you need. Try every feature free for {PRO_PLAN.trialDays} days.
            </p>
            <p className="pricing__compare">
              Weighing up other tools? <Link to={paths.compare.getHref()}>See how {PRODUCT_NAME} compares</Link>.
            </p>
          </div>
          <article className="plan-card" aria-labelledby="plan-name">
            <div className="plan-card__top">
              <h2 id="plan-name" className="plan-card__name">
                {PRO_PLAN.name}
              </h2>
              <span className="badge">{PRO_PLAN.trialDays}-day free trial</span>
            </div>
            <p className="plan-card__tag">{PRO_PLAN.tag}</p>
            <p className="plan-card__price">
              <span className="plan-card__amount">{PRO_PLAN.price}</span>
              <span className="plan-card__interval">{`per ${PRO_PLAN.interval}`}</span>
            </p>
            <Link to={trialHref} className={buttonClassName({ size: 'lg', block: true })}>
              Start {PRO_PLAN.trialDays}-day free trial
            </Link>
            <p className="plan-card__fineprint">No charge during the trial · Cancel any time</p>
            <h3 className="plan-card__included">Included</h3>
            <ul role="list" className="plan-card__features">
              {PRO_PLAN.features.map((feature) => (
                <li key={feature.label} className="plan-card__feature" data-soon={'soon' in feature || undefined}>
                  <svg viewBox="0 0 20 20" aria-hidden="true" className="plan-card__check">
                    <circle cx="10" cy="10" r="9" />
                    <path d="m6.2 10.3 2.5 2.5 5-5.1" />
                  </svg>
                  <span>
                    {feature.label}
                    {'soon' in feature && feature.soon ? <span className="plan-card__soon"> (soon)</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          </article>
        </div>
      </section>
      <section className="section faq" aria-labelledby="faq-title">
        <div className="container faq__inner">
          <h2 id="faq-title" className="section__title faq__title">
            Questions before you start
          </h2>
          <dl className="faq__list">
            {QUESTIONS.map((item) => (
              <div key={item.question} className="faq__item">
                <dt className="faq__question">{item.question}</dt>
                <dd className="faq__answer">{item.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
    </>
  );
}
