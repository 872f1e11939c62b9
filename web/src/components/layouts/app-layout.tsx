import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { PRODUCT_NAME } from '#shared/product';
import { paths } from '#web/config/paths';
import { Logo } from '../brand/logo';
import { Link, NavLink } from '../ui/link';
import './app-layout.css';

const ICONS = {
  recents: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="10" r="7.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M10 6.2V10l2.6 1.6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  ),
  welcome: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M4 14.5h4v-4h4v-4h4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="4" cy="14.5" r="1.6" fill="currentColor" />
    </svg>
  ),
  analytics: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <path d="M3.5 16.5h13M6 13.5V10M10 13.5V5.5M14 13.5V8" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  ),
  organization: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="7.5" cy="7.5" r="2.6" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <circle cx="13.8" cy="8.6" r="2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M2.8 16c.5-2.6 2.4-4 4.7-4s4.2 1.4 4.7 4M12.6 12.4c2.1-.3 3.9.9 4.5 3.6" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  ),
  account: (
    <svg viewBox="0 0 20 20" aria-hidden="true">
      <circle cx="10" cy="7" r="3.2" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M3.8 17c.7-3.2 3.2-5 6.2-5s5.5 1.8 6.2 5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  ),
};

const PRIMARY = [
  { label: 'Recents', href: paths.dashboard.recents.getHref(), icon: ICONS.recents },
  { label: 'Analytics', href: paths.dashboard.analytics.getHref(), icon: ICONS.analytics },
  { label: 'Get started', href: paths.dashboard.welcome.getHref(), icon: ICONS.welcome },
] as const;

const SETTINGS = [
  { label: 'Organization', href: paths.dashboard.organization.getHref(), icon: ICONS.organization },
  { label: 'Account', href: paths.dashboard.account.getHref(), icon: ICONS.account },
] as const;

function NavList({ items }: { items: ReadonlyArray<{ label: string; href: string; icon: ReactNode }> }) {
  return (
    <ul role="list" className="app-nav__list">
      {items.map((item) => (
        <li key={item.href}>
          <NavLink to={item.href} className="app-nav__link">
            <span className="app-nav__icon">{item.icon}</span>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export interface AppLayoutProps {
  /** the organisation switcher (from the organizations feature) */
  organizationSwitcher: ReactNode;
  /** the signed-in person's menu (from the auth feature) */
  accountMenu: ReactNode;
  /** the plan badge beside the logo (from the billing feature) */
  planBadge?: ReactNode;
  /** a section of the navigation under the main links (the folders, from the guides feature) */
  folders?: ReactNode;
  /** above the page on every screen (the email verification banner) */
  notice?: ReactNode;
  children: ReactNode;
}

/**
 * The signed-in app's frame: a sidebar (the header landmark) with the logo, the organisation
 * switcher, the navigation and the account menu; on a phone the sidebar is a drawer opened from
 * a top bar. The page is the `main` landmark.
 */
export function AppLayout({ organizationSwitcher, accountMenu, planBadge, folders, notice, children }: AppLayoutProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawerId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const drawerRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!drawerOpen) return;
    drawerRef.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setDrawerOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [drawerOpen]);

  return (
    <div className="app-shell" data-drawer-open={drawerOpen || undefined}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <div className="app-header__bar">
          <Link to={paths.dashboard.getHref()} className="app-header__brand" aria-label={`${PRODUCT_NAME} dashboard`}>
            <Logo />
          </Link>
          {planBadge ? <div className="app-header__plan">{planBadge}</div> : null}
          <button
            ref={toggleRef}
            type="button"
            className="app-header__toggle"
            aria-expanded={drawerOpen}
            aria-controls={drawerId}
            onClick={() => setDrawerOpen((open) => !open)}
          >
            <span className="visually-hidden">{drawerOpen ? 'Close navigation' : 'Open navigation'}</span>
            <svg viewBox="0 0 20 20" aria-hidden="true">
              {drawerOpen ? (
                <path d="m5 5 10 10M15 5 5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              ) : (
                <path d="M3.5 6h13M3.5 10h13M3.5 14h13" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
        <div
          ref={drawerRef}
          id={drawerId}
          className="app-header__drawer"
          onClick={(event) => {
            // Following a link in the drawer closes it.
            if (event.target instanceof Element && event.target.closest('a')) setDrawerOpen(false);
          }}
        >
          <div className="app-header__switcher">{organizationSwitcher}</div>
          <nav className="app-nav" aria-label="Dashboard">
            <NavList items={PRIMARY} />
            {folders}
            <p className="app-nav__heading">Settings</p>
            <NavList items={SETTINGS} />
          </nav>
          <div className="app-header__account">{accountMenu}</div>
        </div>
      </header>
      {drawerOpen ? (
        <div className="app-shell__scrim" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
      ) : null}
      <main id="main" tabIndex={-1} className="app-main">
        {notice ? <div className="app-main__notice">{notice}</div> : null}
        {children}
      </main>
    </div>
  );
}

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
}

/** A page's title (its only h1) and what the page is for. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="page-header">
      <div className="page-header__text">
        <h1 className="page-header__title">{title}</h1>
        {description ? <p className="page-header__description">{description}</p> : null}
      </div>
      {actions ? <div className="page-header__actions">{actions}</div> : null}
    </div>
  );
}

export interface SettingsSectionProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** actions in the card's footer */
  footer?: ReactNode;
  tone?: 'default' | 'danger';
  /** an action beside the title */
  aside?: ReactNode;
}

/** One card of a settings page, named by its heading. */
export function SettingsSection({ title, description, children, footer, tone = 'default', aside }: SettingsSectionProps) {
  const id = useId();
  return (
    <section className={`settings-card settings-card--${tone}`} aria-labelledby={id}>
      <div className="settings-card__head">
        <div>
          <h2 id={id} className="settings-card__title">
            {title}
          </h2>
          {description ? <p className="settings-card__description">{description}</p> : null}
        </div>
        {aside ? <div className="settings-card__aside">{aside}</div> : null}
      </div>
      <div className="settings-card__body">{children}</div>
      {footer ? <div className="settings-card__footer">{footer}</div> : null}
    </section>
  );
}
