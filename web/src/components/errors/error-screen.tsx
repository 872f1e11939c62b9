import type { ReactNode } from 'react';
import { useDocumentHead } from '#web/lib/document-head';
import { Button } from '../ui/button';
import './error-screen.css';

// The 404 variant is in `not-found-screen.tsx`: it needs the router's `Link`, and the embed
// shows the 500 variant without loading the router.

export interface ScreenFrameProps {
  code: number;
  title: string;
  lead: ReactNode;
  actions: ReactNode;
  /** wraps the screen in the page's `main` landmark when no layout around it has one */
  standalone?: boolean;
  children?: ReactNode;
}

/** The layout both variants share: the large code, the title, the lead and the actions. */
export function ScreenFrame({ code, title, lead, actions, standalone = false, children }: ScreenFrameProps) {
  const content = (
    <div className="error-screen">
      <p className="error-screen__code">{code}</p>
      <h1 className="error-screen__title">{title}</h1>
      <p className="error-screen__lead">{lead}</p>
      <div className="error-screen__actions">{actions}</div>
      {children}
    </div>
  );
  return standalone ? (
    <main id="main" tabIndex={-1} className="error-screen__main">
      {content}
    </main>
  ) : (
    content
  );
}

export interface ErrorScreenProps {
  /** the HTTP-like status shown large; @default 500 */
  code?: number;
  onRetry: () => void;
  retrying?: boolean;
  /** only when the route that failed is the root route (product-spec.md §2) */
  showHomeButton?: boolean;
  standalone?: boolean;
  /** developer detail, shown in development builds only */
  detail?: string;
}

/** The 500 variant (product-spec.md §2, §8). */
export function ErrorScreen({ code = 500, onRetry, retrying = false, showHomeButton = false, standalone, detail }: ErrorScreenProps) {
  useDocumentHead({ title: 'Something went wrong' });
  return (
    <ScreenFrame
      code={code}
      title="Oooops. Something went wrong."
      lead="We could not load this page. It is usually temporary, so please try again."
      standalone={standalone}
      actions={
        <>
          <Button size="lg" onClick={onRetry} loading={retrying}>
            Try Again
          </Button>
          {showHomeButton ? (
            // A full page load: when the root route itself failed, a fresh start is the way out.
            <Button size="lg" variant="outline" onClick={() => window.location.assign('/')}>
              Go to Homepage
            </Button>
          ) : null}
        </>
      }
    >
      {import.meta.env.DEV && detail ? <pre className="error-screen__detail">{detail}</pre> : null}
    </ScreenFrame>
  );
}
