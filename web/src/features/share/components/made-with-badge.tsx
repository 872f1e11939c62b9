import type { MouseEvent } from 'react';
import type { SharedBrand } from '#shared/share/shared-guide';
import { PRODUCT_NAME } from '#shared/product';
import { usePlayerWords } from '../words/player-words';
import { showsBadge } from '../utils/brand-style';
import './made-with-badge.css';

interface MadeWithBadgeProps {
  brand: SharedBrand | undefined;
  href: string;
  className?: string;
  /** opens in a new tab (the embed's, out of the customer's page) */
  newTab?: boolean;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * "Made with Stepcast" (issue 32): on every guide of a free organisation, and on a Pro one's
 * unless its brand turned it off. The product's name in bold wherever the language puts it.
 */
export function MadeWithBadge({ brand, href, className = 'made-with', newTab = false, onClick }: MadeWithBadgeProps) {
  const { words } = usePlayerWords();
  if (!showsBadge(brand)) return null;
  const [before, after] = words.madeWith.split('{product}').map((part) => part.trim());
  return (
    <a className={className} href={href} {...(newTab ? { target: '_blank', rel: 'noopener' } : {})} onClick={onClick}>
      {before ? <span>{before}</span> : null} <strong>{PRODUCT_NAME}</strong> {after ? <span>{after}</span> : null}
      {newTab ? <span className="visually-hidden"> {words.newTab}</span> : null}
    </a>
  );
}

/** The organisation's logo above a shared guide, when its brand has one. */
export function BrandLogo({ brand, name, className = 'brand-logo' }: { brand: SharedBrand | undefined; name: string; className?: string }) {
  if (!brand?.logoUrl) return null;
  return <img className={className} src={brand.logoUrl} alt={name || 'Logo'} decoding="async" />;
}
