import type { ReactNode } from 'react';
import './banner.css';

export interface BannerProps {
  tone?: 'info' | 'warning' | 'success';
  title: ReactNode;
  children?: ReactNode;
  /** buttons or links, on the right on wide screens */
  actions?: ReactNode;
  /** announce it (it appeared because of something the person did) */
  live?: boolean;
  className?: string;
}

const ICONS = {
  info: 'M10 9v5M10 6.2v.1',
  warning: 'M10 6v5M10 13.8v.1',
  success: 'm6.5 10.2 2.3 2.3 4.7-4.8',
} as const;

/** A message across the top of a page's content: a state to act on (verify your email). */
export function Banner({ tone = 'info', title, children, actions, live = false, className }: BannerProps) {
  return (
    <div className={['banner', `banner--${tone}`, className].filter(Boolean).join(' ')} role={live ? 'status' : undefined}>
      <svg className="banner__icon" viewBox="0 0 20 20" aria-hidden="true">
        <circle cx="10" cy="10" r="8" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d={ICONS[tone]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <div className="banner__body">
        <p className="banner__title">{title}</p>
        {children ? <div className="banner__text">{children}</div> : null}
      </div>
      {actions ? <div className="banner__actions">{actions}</div> : null}
    </div>
  );
}
