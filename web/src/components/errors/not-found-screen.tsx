import { useDocumentHead } from '#web/lib/document-head';
import { buttonClassName } from '../ui/button';
import { Link } from '../ui/link';
import { ScreenFrame } from './error-screen';

/** The 404 variant (product-spec.md §2): unknown routes and loaders that throw a 404. */
export function NotFoundScreen({ standalone }: { standalone?: boolean }) {
  useDocumentHead({ title: 'Page not found' });
  return (
    <ScreenFrame
      code={404}
      title="Oooops. Nothing to see here."
      lead="The page you are looking for does not exist or has moved."
      standalone={standalone}
      actions={
        <Link to="/" className={buttonClassName({ size: 'lg' })}>
          Go to Homepage
        </Link>
      }
    />
  );
}
