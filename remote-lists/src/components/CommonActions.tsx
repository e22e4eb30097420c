import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '@wishlist/contracts';
import { paths } from '../lib/paths';
import { BasketIcon, ExternalIcon } from './Icons';

/** Only http(s) product links are opened (no javascript: or data: URLs from stored text). */
export function safeProductUrl(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.href : null;
  } catch {
    return null;
  }
}

/** A translation function of the `lists` namespace. */
type T = (key: string) => string;

/** One action of the bottom bar: an in-app link, an external page (new tab) or a button. */
export interface BarAction {
  key: string;
  label: string;
  icon: ReactNode;
  /** In-app route. */
  to?: string;
  /** External page, opened in a new tab. */
  href?: string;
  onClick?: () => void;
  /** Shown but inactive (a button without its product). */
  disabled?: boolean;
}

/** An action as a labelled icon of the bar. */
export function BarItem({ action }: { action: BarAction }) {
  const content = (
    <>
      {action.icon}
      <span className="lists-tab__label">{action.label}</span>
    </>
  );
  if (action.to && !action.disabled)
    return (
      <Link to={action.to} className="lists-tab">
        {content}
      </Link>
    );
  if (action.href && !action.disabled)
    return (
      <a href={action.href} target="_blank" rel="noopener noreferrer" className="lists-tab">
        {content}
      </a>
    );
  return (
    <button type="button" className="lists-tab" onClick={action.onClick} disabled={action.disabled}>
      {content}
    </button>
  );
}

/** Everyone: opens the selected product's page in a new tab (disabled without a selected product). */
export function openPageAction(t: T, product?: Product): BarAction {
  const href = safeProductUrl(product?.url);
  return { key: 'open-page', label: t('tabs.openPage'), icon: <ExternalIcon />, href: href ?? undefined, disabled: !href };
}

/** Everyone: the basket page. */
export function seeBasketAction(t: T): BarAction {
  return { key: 'see-basket', label: t('tabs.seeBasket'), icon: <BasketIcon />, to: paths.basket };
}
