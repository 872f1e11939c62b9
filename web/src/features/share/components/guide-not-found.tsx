import { buttonClassName } from '../../../components/ui/button';
import { Link } from '../../../components/ui/link';
import { useDocumentHead } from '../../../lib/document-head';
import './share.css';

/** A shared guide that is missing or private: both look the same, so a link reveals nothing. */
export function GuideNotFound({ homeHref, openInNewTab = false }: { homeHref: string; openInNewTab?: boolean }) {
  useDocumentHead({ title: 'Guide not found' });
  return (
    <div className="guide-not-found">
      <svg className="guide-not-found__icon" viewBox="0 0 48 48" aria-hidden="true">
        <rect x="6" y="9" width="36" height="30" rx="5" />
        <path d="M6 17h36M19 27l10 6M29 27l-10 6" />
      </svg>
      <h1 className="guide-not-found__title">Guide not found</h1>
      <p className="guide-not-found__lead">{"This guide doesn't exist or is private."}</p>
      {openInNewTab ? (
        <a href={homeHref} target="_blank" rel="noopener" className={buttonClassName({ variant: 'outline' })}>
          Go to Homepage
        </a>
      ) : (
        <Link to={homeHref} className={buttonClassName({ variant: 'outline' })}>
          Go to Homepage
        </Link>
      )}
    </div>
  );
}
