import { useEffect, useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { getProductList } from '@wishlist/api-client';
import { applyVisitorView, PRICE_CAPS, readVisitorView, VISITOR_SORTS, writeVisitorView, type Product, type ProductList, type VisitorSort, type VisitorView } from '@wishlist/contracts';
import { useBasketStore } from '@wishlist/stores';
import { Button } from '@wishlist/ui';
import { useBasketT } from '../i18n';
import { ProductRow } from './ProductRow';
import '../strings/suggestions';

/** How many suggestions the strip shows at most. */
export const SUGGESTIONS_MAX = 6;

/** What a visitor may still put in the basket: free units, not a group gift (chipped in for), not in the basket already. */
export function suggestable(list: ProductList, inBasket: ReadonlySet<string>): Product[] {
  return list.products.filter((p) => {
    if (!p.id || inBasket.has(p.id) || p.hasBeenOffered || p.groupGift) return false;
    return (p.quantity ?? 1) - (p.offeredQuantity ?? 0) > 0;
  });
}

/**
 * "More from this list" under the basket: the other products of the shared list the visitor came
 * from, with the list page's order and budget (the basket page's own `?sort=…&max=…`), each with a
 * button to add it. Nothing when there is no such list, it is the visitor's own, or nothing is left.
 */
export function BasketSuggestions({ listId }: { listId: string | undefined }) {
  const { t } = useBasketT();
  const id = useId();
  const [search, setSearch] = useSearchParams();
  const view = readVisitorView(search);
  const setView = (next: VisitorView) => setSearch((current) => writeVisitorView(current, next), { replace: true, preventScrollReset: true });
  const products = useBasketStore((s) => s.products);
  const add = useBasketStore((s) => s.add);
  const [list, setList] = useState<ProductList | null>(null);
  const [added, setAdded] = useState('');

  useEffect(() => {
    if (!listId) return;
    let cancelled = false;
    getProductList(listId).then(
      (l) => {
        if (!cancelled && Array.isArray(l?.products)) setList(l);
      },
      // Suggestions are a help, never in the way: a list that cannot be read shows none.
      () => undefined,
    );
    return () => {
      cancelled = true;
    };
  }, [listId]);

  const inBasket = useMemo(() => new Set(products.map((p) => p.id)), [products]);
  const left = useMemo(() => (list && !list.isOwner ? suggestable(list, inBasket) : []), [list, inBasket]);
  const shown = applyVisitorView(left, view).slice(0, SUGGESTIONS_MAX);
  if (!list || list.isOwner || left.length === 0) return <p role="status" className="basket-visually-hidden">{added}</p>;

  return (
    <section className="basket-section basket-suggestions" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="basket-subtitle">
        {t('suggestions.title', { name: list.name })}
      </h2>
      <div className="basket-suggestions__controls">
        <label className="basket-suggestions__field">
          <span>{t('suggestions.sortLabel')}</span>
          <select value={view.sort} onChange={(e) => setView({ ...view, sort: e.target.value as VisitorSort })}>
            {VISITOR_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`suggestions.sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="basket-suggestions__field">
          <span>{t('suggestions.priceLabel')}</span>
          <select value={view.maxPrice === null ? '' : String(view.maxPrice)} onChange={(e) => setView({ ...view, maxPrice: e.target.value === '' ? null : Number(e.target.value) })}>
            <option value="">{t('suggestions.anyPrice')}</option>
            {[...new Set([...PRICE_CAPS, ...(view.maxPrice === null ? [] : [view.maxPrice])])]
              .sort((a, b) => a - b)
              .map((cap) => (
                <option key={cap} value={String(cap)}>
                  {t('suggestions.upTo', { amount: cap })}
                </option>
              ))}
          </select>
        </label>
      </div>
      {shown.length === 0 ? (
        <p className="basket-muted">{t('suggestions.none', { amount: view.maxPrice ?? 0 })}</p>
      ) : (
        <ul className="basket-list" aria-label={t('suggestions.listLabel')}>
          {shown.map((p) => (
            <ProductRow key={p.id} product={p} note={p.mostWanted ? <p className="basket-row__wanted">★ {t('suggestions.mostWanted')}</p> : undefined}>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('suggestions.addLabel', { name: p.name })}
                onClick={() => {
                  if (add(p)) setAdded(t('suggestions.added', { name: p.name }));
                }}
              >
                {t('suggestions.add')}
              </Button>
            </ProductRow>
          ))}
        </ul>
      )}
      <p role="status" className="basket-visually-hidden">
        {added}
      </p>
    </section>
  );
}
