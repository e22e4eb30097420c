import { Link, useLocation } from 'react-router-dom';
import { formatPrice } from '@wishlist/contracts';
import { basketTotal, unitsOf, useBasketStore } from '@wishlist/stores';
import { isNativeShell, useHoverDisclosure, useIsMobile } from '@wishlist/ui';
import { BasketIcon } from '../components/Icons';
import { useBasketT } from '../i18n';
import '../strings/basket';
import '../strings/header';
import { useViewingOwnList } from '../lib/ownList';
import '../styles/basket.css';

/** Items listed in the hover panel before "and N more". */
export const HEADER_PREVIEW_ITEMS = 5;

function MobileBasketLink({ count }: { count: number }) {
  const { t } = useBasketT();
  return (
    <Link to="/basket" className="basket-header-link" aria-label={t('header.label', { count })}>
      <BasketIcon />
      <span className="basket-badge" aria-hidden="true">
        {count}
      </span>
    </Link>
  );
}

function DesktopBasket() {
  const { t, lang } = useBasketT();
  const products = useBasketStore((s) => s.products);
  const { pathname } = useLocation();
  const { open, id, rootProps, buttonProps } = useHoverDisclosure({ closeKey: pathname });
  const count = products.length;
  const total = formatPrice(basketTotal(products), lang);

  return (
    <div {...rootProps} className={['basket-header', open && 'basket-header--open'].filter(Boolean).join(' ')}>
      <button {...buttonProps} className="basket-header__button" aria-label={t('header.label', { count })}>
        <BasketIcon size={20} />
        <span className="basket-header__text" aria-hidden="true">
          {t('header.button')}
        </span>
        <span className="basket-badge" aria-hidden="true">
          {count}
        </span>
      </button>
      <div id={id} className="basket-header__panel" hidden={!open}>
        <p className="basket-header__title">
          <strong>{t('header.title')}</strong> <span className="basket-muted">{t('basket.count', { count })}</span>
        </p>
        {count === 0 ? (
          <p className="basket-muted basket-header__empty">{t('header.empty')}</p>
        ) : (
          <>
            <ul className="basket-header__items">
              {products.slice(0, HEADER_PREVIEW_ITEMS).map((p) => (
                <li key={p.id} className="basket-header__item">
                  <span className="basket-header__name ui-text-clip" title={p.name}>
                    {unitsOf(p) > 1 ? `${unitsOf(p)} × ${p.name}` : p.name}
                  </span>
                  <span className="basket-header__price">{formatPrice(p.price, lang)}</span>
                </li>
              ))}
            </ul>
            {count > HEADER_PREVIEW_ITEMS && (
              <p className="basket-muted basket-header__more">{t('header.more', { count: count - HEADER_PREVIEW_ITEMS })}</p>
            )}
          </>
        )}
        <div className="basket-header__links">
          {count > 0 && (
            <Link to="/offer" className="ui-button ui-button--primary ui-button--sm ui-button--block">
              <span className="ui-button__label">{t('header.offerFor', { total })}</span>
            </Link>
          )}
          <Link to="/basket" className="ui-button ui-button--secondary ui-button--sm ui-button--block">
            <span className="ui-button__label">{t('header.seeBasket')}</span>
          </Link>
        </div>
      </div>
    </div>
  );
}

/**
 * Header widget (slot `basket`, everyone). Desktop: a hover panel with the count, the contents and
 * an offer link with the formatted total. Mobile: a link to /basket with the count, hidden inside
 * the native wrapper. Hidden when the page shows the person's own list (SPEC §2).
 */
export default function HeaderBasket() {
  const isMobile = useIsMobile();
  const count = useBasketStore((s) => s.products.length);
  const ownList = useViewingOwnList();
  if (ownList) return null;
  if (isMobile) return isNativeShell() ? null : <MobileBasketLink count={count} />;
  return <DesktopBasket />;
}
