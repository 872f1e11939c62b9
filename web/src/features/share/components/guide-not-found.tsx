import type { ReactNode } from 'react';
import { useDocumentHead } from '#web/lib/document-head';
import './share.css';

/**
 * A shared guide that is missing or private: both look the same, so a link reveals nothing.
 * `action` is the way home: an in-app link on the share page, a new tab from an embed.
 */
export function GuideNotFound({ action }: { action: ReactNode }) {
  useDocumentHead({ title: 'Guide not found' });
  return (
    <div className="guide-not-found">
      <svg className="guide-not-found__icon" viewBox="0 0 48 48" aria-hidden="true">
        <rect x="6" y="9" width="36" height="30" rx="5" />
        <path d="M6 17h36M19 27l10 6M29 27l-10 6" />
      </svg>
      <h1 className="guide-not-found__title">Guide not found</h1>
      <p className="guide-not-found__lead">{"This guide doesn't exist or is private."}</p>
      {action}
    </div>
  );
}
