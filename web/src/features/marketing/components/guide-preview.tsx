import './guide-preview.css';

/**
 * An illustration of a finished guide, drawn in HTML and CSS so the landing page needs no image
 * request: a captured screen with the click highlighted, the step text and the voiceover.
 */
export function GuidePreview() {
  return (
    <figure className="guide-preview" role="img" aria-label="A Stepcast guide playing step 2 of 5: Click Create invoice, with its voiceover">
      <div className="guide-preview__window" aria-hidden="true">
        <div className="guide-preview__chrome">
          <span className="guide-preview__dot" />
          <span className="guide-preview__dot" />
          <span className="guide-preview__dot" />
          <span className="guide-preview__url">app.acme-billing.com/invoices</span>
        </div>
        <div className="guide-preview__screen">
          <div className="guide-preview__sidebar">
            <span className="guide-preview__brand" />
            <span className="guide-preview__nav guide-preview__nav--active" />
            <span className="guide-preview__nav" />
            <span className="guide-preview__nav" />
            <span className="guide-preview__nav" />
          </div>
          <div className="guide-preview__content">
            <div className="guide-preview__toolbar">
              <span className="guide-preview__heading" />
              <span className="guide-preview__target">
                + Create invoice
                <span className="guide-preview__ring" />
                <svg className="guide-preview__cursor" viewBox="0 0 24 24">
                  <path d="M5 3l13 7.5-5.6 1.4L15.5 19l-2.7 1.2-3.1-7.1L5 17z" fill="#0b1020" stroke="#fff" strokeWidth="1.4" strokeLinejoin="round" />
                </svg>
              </span>
            </div>
            <div className="guide-preview__table">
              {[0, 1, 2, 3].map((row) => (
                <div key={row} className="guide-preview__row">
                  <span />
                  <span />
                  <span />
                </div>
              ))}
            </div>
          </div>
        </div>
        <div className="guide-preview__caption">
          <span className="guide-preview__play">
            <svg viewBox="0 0 16 16">
              <rect x="4" y="3" width="3" height="10" rx="1" fill="currentColor" />
              <rect x="9" y="3" width="3" height="10" rx="1" fill="currentColor" />
            </svg>
          </span>
          <div className="guide-preview__text">
            <span className="guide-preview__step">Step 2 of 5</span>
            <span className="guide-preview__instruction">
              Click <strong>Create invoice</strong>
            </span>
          </div>
          <span className="guide-preview__wave">
            {[5, 9, 14, 8, 12, 6, 10, 15, 7, 11, 5, 9].map((height, index) => (
              <span key={index} style={{ height: `${height}px`, animationDelay: `${index * 70}ms` }} />
            ))}
          </span>
        </div>
        <div className="guide-preview__progress">
          {[0, 1, 2, 3, 4].map((step) => (
            <span key={step} data-state={step < 1 ? 'done' : step === 1 ? 'current' : undefined} />
          ))}
        </div>
      </div>
    </figure>
  );
}
