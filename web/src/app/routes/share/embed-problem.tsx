import { ErrorScreen } from '../../../components/errors/error-screen';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { GuideNotFound } from '../../../features/share/components/guide-not-found';

export interface EmbedProblemProps {
  /** the guide is missing, a draft or private: its not-found state; otherwise the generic error screen */
  notFound: boolean;
  error?: unknown;
  onRetry: () => void;
  retrying: boolean;
}

/** What an embed shows instead of its guide; loaded only then, so a working embed never carries it. */
export default function EmbedProblem({ notFound, error, onRetry, retrying }: EmbedProblemProps) {
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
