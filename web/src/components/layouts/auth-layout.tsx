import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '#shared/product';
import { paths } from '#web/config/paths';
import { Logo } from '../brand/logo';
import { Link } from '../ui/link';
import './auth-layout.css';

const HIGHLIGHTS = [
  { title: 'Capture once', text: 'Click through a flow in any web app; every click becomes a step.' },
  { title: 'Narrated for you', text: 'A smart transcript and a synthetic voiceover, written from your clicks.' },
  { title: 'Share anywhere', text: 'Send a link or embed the guide where your team already works.' },
] as const;

/**
 * The frame of the account screens (/auth, accepting an invitation): the task in a calm column,
 * the product's promise beside it on wide screens.
 */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <div className="auth-layout__column">
        <header className="auth-layout__header">
          <Link to={paths.home.getHref()} className="auth-layout__brand" aria-label={`${PRODUCT_NAME} home`}>
            <Logo />
          </Link>
        </header>
        <main id="main" tabIndex={-1} className="auth-layout__main">
          {children}
        </main>
        <footer className="auth-layout__footer">
          <p>
            © {new Date().getFullYear()} {PRODUCT_NAME}
          </p>
          <nav aria-label="Legal">
            <ul role="list" className="auth-layout__legal">
              <li>
                <Link to={paths.terms.getHref()}>Terms</Link>
              </li>
              <li>
                <Link to={paths.privacy.getHref()}>Privacy</Link>
              </li>
            </ul>
          </nav>
        </footer>
      </div>
      <aside className="auth-layout__aside" aria-label={`About ${PRODUCT_NAME}`}>
        <div className="auth-layout__aside-inner">
          <p className="auth-layout__eyebrow">Capture · Narrate · Share</p>
          <p className="auth-layout__pitch">Show it once. Share a narrated guide with everyone.</p>
          <ol role="list" className="auth-layout__highlights">
            {HIGHLIGHTS.map((item, index) => (
              <li key={item.title} className="auth-layout__highlight">
                <span className="auth-layout__step" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <p className="auth-layout__highlight-title">{item.title}</p>
                  <p className="auth-layout__highlight-text">{item.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </div>
      </aside>
    </div>
  );
}
