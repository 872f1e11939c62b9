import { buttonClassName } from '#web/components/ui/button';
import { Link } from '#web/components/ui/link';
import { GuideEmbed } from './guide-embed';
import './marketing.css';

export interface LiveExampleProps {
  title: string;
  embedUrl: string;
  galleryHref: string;
}

/** A real published guide playing on the landing page, framed like a customer's embed. */
export function LiveExample({ title, embedUrl, galleryHref }: LiveExampleProps) {
  return (
    <section className="section live-example" aria-labelledby="live-example-title">
      <div className="container">
        <div className="section__header">
          <p className="eyebrow">A real guide</p>
          <h2 id="live-example-title" className="section__title">
            Press play on one
          </h2>
          <p className="section__lead">
            One click-through of a sample CRM, turned into this guide: screenshots with the click highlighted, the step
            text and a voiceover. It is embedded here the way you would embed yours.
          </p>
        </div>
        <div className="live-example__frame">
          <GuideEmbed src={embedUrl} title={`Example guide: ${title}`} deferred pageHref={embedUrl.replace(/\/embed$/, '')} />
        </div>
        <p className="live-example__more">
          <Link to={galleryHref} className={buttonClassName({ variant: 'outline', size: 'lg' })}>
            Browse all example guides
          </Link>
        </p>
      </div>
    </section>
  );
}
