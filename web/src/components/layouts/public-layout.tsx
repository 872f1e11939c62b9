import type { ReactNode } from 'react';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#shared/product';
import { paths } from '#web/config/paths';
import { Logo } from '../brand/logo';
import { buttonClassName } from '../ui/button';
import { Link, NavLink } from '../ui/link';
import './public-layout.css';

const NAVIGATION = [
  { label: 'Pricing', href: paths.pricing.getHref() },
  { label: 'Gallery', href: paths.gallery.getHref() },
  { label: 'Compare', href: paths.compare.getHref() },
] as const;

const FOOTER_COLUMNS = [
  {
    title: 'Product',
    links: [
      { label: 'Pricing', href: paths.pricing.getHref() },
      { label: 'Gallery', href: paths.gallery.getHref() },
      { label: 'Compare', href: paths.compare.getHref() },
    ],
  },
  {
    title: 'Alternatives',
    links: [
      { label: 'Scribe alternative', href: paths.compare.scribe.getHref() },
      { label: 'Loom alternative', href: paths.compare.loom.getHref() },
      { label: 'Guidde alternative', href: paths.compare.guidde.getHref() },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Terms of Service', href: paths.terms.getHref() },
      { label: 'Privacy Policy', href: paths.privacy.getHref() },
    ],
  },
] as const;

export interface SiteHeaderProps {
  /** someone is signed in: 'Open app' instead of 'Sign in' and the trial button */
  signedIn: boolean;
  /** where 'Start free trial' goes */
  trialHref: string;
}

export function SiteHeader({ signedIn, trialHref }: SiteHeaderProps) {
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
        <div className="site-header__actions">
          {signedIn ? (
            <Link to={paths.dashboard.getHref()} className={buttonClassName({ size: 'sm' })}>
              Open app
            </Link>
          ) : (
            <>
              <Link to={paths.auth.getHref()} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
                Sign in
              </Link>
              <Link to={trialHref} className={buttonClassName({ size: 'sm' }, 'site-header__trial')}>
                Start free trial
              </Link>
            </>
          )}
        </div>
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
          <p className="site-footer__contact">
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
          </p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.title} className="site-footer__column" aria-label={column.title}>
            <h2 className="site-footer__heading">{column.title}</h2>
            <ul role="list" className="site-footer__links">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {/* Built once, viewed later: the year may differ from the prerendered one. */}
        <p className="site-footer__copyright" suppressHydrationWarning>
          {`© ${new Date().getFullYear()} ${PRODUCT_NAME}. All rights reserved.`}
        </p>
      </div>
    </footer>
  );
}

/** The marketing pages' frame: skip link, header, the page as `main`, footer. */
export function PublicLayout({ children, ...header }: SiteHeaderProps & { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SiteHeader {...header} />
      <main id="main" tabIndex={-1} className="site-main">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
