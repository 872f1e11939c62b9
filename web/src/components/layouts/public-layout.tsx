import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '#shared/product';
import { paths } from '../../config/paths';
import { Logo } from '../brand/logo';
import { buttonClassName } from '../ui/button';
import { Link, NavLink } from '../ui/link';
import './public-layout.css';

const NAVIGATION = [
  { label: 'Pricing', href: paths.pricing.getHref() },
  { label: 'Gallery', href: paths.gallery.getHref() },
  { label: 'Compare', href: paths.compare.getHref() },
] as const;

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={paths.home.getHref()} className="site-header__brand" aria-label={`${PRODUCT_NAME} home`}>
          <Logo />
        </Link>
        <nav className="site-header__nav" aria-label="Main">
          <ul role="list" className="site-header__links">
            {NAVIGATION.map((item) => (
              <li key={item.href}>
                <NavLink to={item.href} className="site-header__link">
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <Link to={paths.auth.getHref()} className={buttonClassName({ variant: 'outline', size: 'sm' }, 'site-header__signin')}>
          Sign in
        </Link>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo />
          <p className="site-footer__tagline">Narrated step-by-step guides from any web app.</p>
        </div>
        <nav aria-label="Legal">
          <ul role="list" className="site-footer__links">
            <li>
              <Link to={paths.terms.getHref()}>Terms</Link>
            </li>
            <li>
              <Link to={paths.privacy.getHref()}>Privacy</Link>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** The marketing pages' frame: skip link, header, the page as `main`, footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
