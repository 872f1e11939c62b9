import { PRODUCT_NAME } from '#shared/product';
import './logo.css';

/** The mark: a path stepping up from a click point. Decorative; the word mark carries the name. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg className="logo__mark" width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-brand-700)" />
      <path
        d="M9 21.5h5.5v-5H20v-5h4"
        fill="none"
        stroke="#fff"
        strokeWidth="2.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="9" cy="21.5" r="2.4" fill="var(--color-accent-400)" />
    </svg>
  );
}

export function Logo({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  return (
    <span className={`logo logo--${tone}`}>
      <LogoMark />
      <span className="logo__word">{PRODUCT_NAME}</span>
    </span>
  );
}
