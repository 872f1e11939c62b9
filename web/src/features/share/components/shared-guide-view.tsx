import { useDocumentHead } from '../../../lib/document-head';
import { PRODUCT_NAME } from '#shared/product';
import { useSharedGuide } from '../api/get-shared-guide';
import './share.css';

export function stepCountLabel(count: number): string {
  return `${count} ${count === 1 ? 'step' : 'steps'}`;
}

export function useSharedGuideHead(title: string) {
  useDocumentHead({ title, description: `${title} - Shared guide from ${PRODUCT_NAME}` });
}

/** The public page of a shared guide. Foundation version: title, step count and the first screen. */
export function SharedGuideView({ guideId }: { guideId: string }) {
  const { data: guide } = useSharedGuide(guideId);
  useSharedGuideHead(guide.title);
  const first = guide.slides[0];

  return (
    <article className="shared-guide">
      <header className="shared-guide__header">
        <h1 className="shared-guide__title">{guide.title}</h1>
        <p className="shared-guide__meta">{stepCountLabel(guide.slides.length)}</p>
      </header>
      {first?.screenshotUrl ? (
        <figure className="shared-guide__frame">
          <img
            className="shared-guide__screenshot"
            src={first.screenshotUrl}
            alt={`Step 1 of ${guide.title}`}
            decoding="async"
          />
        </figure>
      ) : (
        <div className="shared-guide__empty">
          <p>{guide.slides.length === 0 ? 'This guide has no steps yet.' : 'The first step has no screenshot.'}</p>
        </div>
      )}
    </article>
  );
}

/** The framed version for other sites: the guide and a link back, nothing else. */
export function SharedGuideEmbed({ guideId, pageHref }: { guideId: string; pageHref: string }) {
  const { data: guide } = useSharedGuide(guideId);
  useSharedGuideHead(guide.title);
  const first = guide.slides[0];

  return (
    <article className="guide-embed">
      {first?.screenshotUrl ? (
        <img className="guide-embed__screenshot" src={first.screenshotUrl} alt={`Step 1 of ${guide.title}`} decoding="async" />
      ) : (
        <div className="guide-embed__empty">
          <p>{guide.slides.length === 0 ? 'This guide has no steps yet.' : 'The first step has no screenshot.'}</p>
        </div>
      )}
      <footer className="guide-embed__bar">
        <h1 className="guide-embed__title">{guide.title}</h1>
        <span className="guide-embed__meta">{stepCountLabel(guide.slides.length)}</span>
        <a className="guide-embed__brand" href={pageHref} target="_blank" rel="noopener">
          Open in {PRODUCT_NAME}
        </a>
      </footer>
    </article>
  );
}
