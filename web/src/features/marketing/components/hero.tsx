import { PRO_PLAN } from '#shared/plan';
import { buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import { GuidePreview } from './guide-preview';
import './marketing.css';

export interface HeroProps {
  /** where 'Start your free trial' goes: sign-in first, then the subscription */
  trialHref: string;
}

export function Hero({ trialHref }: HeroProps) {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="eyebrow">Capture · Narrate · Share</p>
          <h1 id="hero-title" className="hero__title">
            Click through it once. <span className="hero__highlight">Share a narrated guide.</span>
          </h1>
          <p className="hero__lead">
            Stepcast records a flow as you click through any web app and turns it into a step-by-step guide with
            screenshots, a smart transcript and a synthetic voiceover, ready to share by link or embed.
          </p>
          <div className="hero__actions">
            <Link to={trialHref} className={buttonClassName({ size: 'lg' })}>
              Start your {PRO_PLAN.trialDays}-day free trial
            </Link>
            <a href="#how-it-works" className={buttonClassName({ size: 'lg', variant: 'outline' })}>
              See how it works
            </a>
          </div>
          <p className="hero__fineprint">No charge today · Cancel any time</p>
        </div>
        <div className="hero__visual">
          <GuidePreview />
        </div>
      </div>
    </section>
  );
}
