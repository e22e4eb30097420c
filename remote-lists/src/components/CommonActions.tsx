import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Product } from '@wishlist/contracts';
import { useListsT } from '../i18n';
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

export function ActionLink({ to, icon, children }: { to: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Link to={to} className="lists-tab">
      {icon}
      <span className="lists-tab__label">{children}</span>
    </Link>
  );
}

export function ActionButton({ onClick, icon, children, disabled, pressed }: { onClick: () => void; icon: ReactNode; children: ReactNode; disabled?: boolean; pressed?: boolean }) {
  return (
    <button type="button" className="lists-tab" onClick={onClick} disabled={disabled} aria-pressed={pressed}>
      {icon}
      <span className="lists-tab__label">{children}</span>
    </button>
  );
}

/** Everyone: opens the focused product's page in a new tab (disabled without a focused product). */
export function OpenPageAction({ product }: { product?: Product }) {
  const { t } = useListsT();
  const href = safeProductUrl(product?.url);
  if (!href)
    return (
      <button type="button" className="lists-tab" disabled>
        <ExternalIcon />
        <span className="lists-tab__label">{t('tabs.openPage')}</span>
      </button>
    );
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="lists-tab">
      <ExternalIcon />
      <span className="lists-tab__label">{t('tabs.openPage')}</span>
    </a>
  );
}

/** Everyone: the basket page. */
export function SeeBasketAction() {
  const { t } = useListsT();
  return (
    <ActionLink to={paths.basket} icon={<BasketIcon />}>
      {t('tabs.seeBasket')}
    </ActionLink>
  );
}
