import { ErrorScreen } from '#web/components/errors/error-screen';
import { buttonClassName } from '#web/components/ui/button';
import { PRODUCT_NAME } from '#shared/product';
import { paths } from '#web/config/paths';
import { GuideNotFound } from '#web/features/share/components/guide-not-found';
import '#web/features/share/components/share.css';

export interface EmbedProblemProps {
  /** the guide is missing, a draft or private: its not-found state; otherwise the generic error screen */
  notFound: boolean;
  /** the guide's organisation may not embed (free plan): a link to its share page instead */
  refused?: { title: string; href: string } | undefined;
  error?: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** What an embed shows instead of its guide; loaded only then, so a working embed never carries it. */
export default function EmbedProblem({ notFound, refused, error, onRetry, retrying }: EmbedProblemProps) {
  if (refused) {
    return (
      <div className="guide-not-found">
        <h1 className="guide-not-found__title">{refused.title}</h1>
        <p className="guide-not-found__lead">This guide cannot play here: embedding guides is part of {PRODUCT_NAME} Pro.</p>
        {/* The frame is someone else's page: the share page opens a tab of its own. */}
        <a href={refused.href} target="_blank" rel="noopener" className={buttonClassName({})}>
          Watch it on {PRODUCT_NAME}
        </a>
      </div>
    );
  }
  if (notFound) {
    return (
      <GuideNotFound
        action={
          // The frame is someone else's page: the way home opens a tab of its own.
          <a href={paths.home.getHref()} target="_blank" rel="noopener" className={buttonClassName({ variant: 'outline' })}>
            Go to Homepage
          </a>
        }
      />
    );
  }
  return (
    <ErrorScreen
      onRetry={onRetry}
      retrying={retrying}
      detail={error instanceof Error ? `${error.name}: ${error.message}\n${error.stack ?? ''}` : String(error)}
    />
  );
}
