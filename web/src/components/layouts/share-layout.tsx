import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '#shared/product';
import { paths } from '../../config/paths';
import { Logo } from '../brand/logo';
import { buttonClassName } from '../ui/button';
import { Link } from '../ui/link';
import './share-layout.css';

/** A shared guide's page: the guide first, a slim bar that says where it comes from. */
export function ShareLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="share-header">
        <div className="share-header__inner">
          <Link to={paths.home.getHref()} className="share-header__brand" aria-label={`${PRODUCT_NAME} home`}>
            <Logo />
          </Link>
          <Link to={paths.home.getHref()} className={buttonClassName({ size: 'sm' })}>
            Create your own guide
          </Link>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="share-main">
        {children}
      </main>
    </>
  );
}
