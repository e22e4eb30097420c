import { Link, useNavigate } from 'react-router-dom';
import { basketTotal, unitsLeft, unitsOf, useBasketStore } from '@wishlist/stores';
import { formatPrice } from '@wishlist/contracts';
import { Button } from '@wishlist/ui';
import { ProductRow } from '../components/ProductRow';
import { UnitsStepper } from '../components/UnitsStepper';
import { usePage } from '../components/usePage';
import { localizedPath } from '@wishlist/i18n';
import { useBasketT, type Lang } from '../i18n';
import '../strings/basket';
import { sharedListPath } from '../lib/paths';
import { BasketIcon } from '../components/Icons';
import { BasketSuggestions } from '../components/BasketSuggestions';
import '../styles/basket.css';

/**
 * Where "Add more products" goes: the shared list the visitor viewed last, else the list the last
 * product came from, else the home page of the language (never `/`, which sends visitors to sign in).
 */
export function addMorePath(products: readonly { productListId?: string }[], lastListId: string | undefined, lang: Lang): string {
  if (lastListId) return sharedListPath(lastListId);
  const last = [...products].reverse().find((p) => p.productListId);
  return last?.productListId ? sharedListPath(last.productListId) : localizedPath('home', lang);
}

/** `/basket`: Products to gift, an "Offer for {total}" button, empty state, Add more products. */
export default function BasketPage() {
  const { t, lang } = useBasketT();
  const navigate = useNavigate();
  const products = useBasketStore((s) => s.products);
  const lastListId = useBasketStore((s) => s.lastListId);
  const remove = useBasketStore((s) => s.remove);
  const setUnits = useBasketStore((s) => s.setUnits);
  const heading = usePage(t('basket.documentTitle'));
  const total = formatPrice(basketTotal(products), lang);
  const more = addMorePath(products, lastListId, lang);

  return (
    <div className="basket-page">
      <h1 ref={heading} tabIndex={-1} className="basket-title">
        {t('basket.title')}
      </h1>
      {products.length === 0 ? (
        <div className="basket-empty">
          <div className="basket-empty__icon" aria-hidden="true">
            <BasketIcon />
          </div>
          <h2 className="basket-empty__title">{t('basket.emptyTitle')}</h2>
          <p className="basket-muted">{t('basket.emptyText')}</p>
          <Link to={more} className="ui-button ui-button--primary ui-button--md">
            <span className="ui-button__label">{t('basket.addMore')}</span>
          </Link>
        </div>
      ) : (
        <>
          <p className="basket-muted basket-count">{t('basket.count', { count: products.length })}</p>
          <ul className="basket-list" aria-label={t('basket.listLabel')}>
            {products.map((p) => (
              <ProductRow
                key={p.id}
                product={p}
                note={
                  <>
                    {p.mostWanted && <p className="basket-row__wanted">★ {t('basket.mostWanted')}</p>}
                    {p.note && <p className="basket-row__note">{t('basket.note', { note: p.note })}</p>}
                    {unitsLeft(p) > 1 && !p.hasBeenOffered && (
                      <UnitsStepper name={p.name} units={unitsOf(p)} max={unitsLeft(p)} onChange={(n) => setUnits(p.id, n)} />
                    )}
                    {p.hasBeenOffered && <p className="basket-row__warning">{t('basket.offeredWarning')}</p>}
                  </>
                }
              >
                <Button variant="ghost" size="sm" onClick={() => remove(p.id)} aria-label={t('basket.removeLabel', { name: p.name })}>
                  {t('basket.remove')}
                </Button>
              </ProductRow>
            ))}
          </ul>
          <div className="basket-summary">
            <p className="basket-summary__total">
              <span>{t('basket.total')}</span> <strong>{total}</strong>
            </p>
            <div className="basket-summary__actions">
              <Link to={more} className="ui-button ui-button--secondary ui-button--md">
                <span className="ui-button__label">{t('basket.addMore')}</span>
              </Link>
              <Button size="lg" onClick={() => navigate('/offer')}>
                {t('basket.offerFor', { total })}
              </Button>
            </div>
          </div>
        </>
      )}
      <BasketSuggestions listId={lastListId ?? [...products].reverse().find((p) => p.productListId)?.productListId} />
    </div>
  );
}
