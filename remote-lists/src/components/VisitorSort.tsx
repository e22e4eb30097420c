// A visitor's order and budget on a shared list (sort by the owner's order, price or most wanted;
// "up to N €"), kept in the page's query so that it survives a reload and goes with a copied link.
import { useCallback, useId, useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_VISITOR_VIEW, isDefaultView, PRICE_CAPS, readVisitorView, VISITOR_SORTS, writeVisitorView, type VisitorSort, type VisitorView } from '@wishlist/contracts';
import { useListsT } from '../i18n';

const noSubscription = () => () => undefined;

/**
 * The visitor's choice and its setter. The server renders the first view without a query, so a
 * page being hydrated starts from the default and takes the query's choice at once after
 * (`useSyncExternalStore`'s server snapshot): no mismatch with the server's HTML. A query that
 * chooses nothing is the default already: the hydrated page is not rendered a second time for it.
 */
export function useVisitorView(): [VisitorView, (view: VisitorView) => void] {
  const [search, setSearch] = useSearchParams();
  const chosen = useSyncExternalStore(noSubscription, () => !isDefaultView(readVisitorView(search)), () => false);
  const view = useMemo(() => (chosen ? readVisitorView(search) : DEFAULT_VISITOR_VIEW), [chosen, search]);
  const change = useCallback((next: VisitorView) => setSearch((current) => writeVisitorView(current, next), { replace: true, preventScrollReset: true }), [setSearch]);
  return [view, change];
}

export interface VisitorSortBarProps {
  view: VisitorView;
  onChange: (view: VisitorView) => void;
  /** Products shown, and on the list. */
  shown: number;
  total: number;
}

/** The two selects above a shared list, and what the budget leaves said to screen readers. */
export function VisitorSortBar({ view, onChange, shown, total }: VisitorSortBarProps) {
  const { t } = useListsT();
  const id = useId();
  return (
    <div className="lists-visitor-sort" role="group" aria-label={t('visitorSort.label')}>
      <div className="lists-visitor-sort__field">
        <label htmlFor={`${id}-sort`}>{t('visitorSort.sortLabel')}</label>
        <select
          id={`${id}-sort`}
          className="lists-visitor-sort__select lists-no-swipe"
          value={view.sort}
          onChange={(e) => onChange({ ...view, sort: e.target.value as VisitorSort })}
        >
          {VISITOR_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`visitorSort.sort.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="lists-visitor-sort__field">
        <label htmlFor={`${id}-max`}>{t('visitorSort.priceLabel')}</label>
        <select
          id={`${id}-max`}
          className="lists-visitor-sort__select lists-no-swipe"
          value={view.maxPrice === null ? '' : String(view.maxPrice)}
          onChange={(e) => onChange({ ...view, maxPrice: e.target.value === '' ? null : Number(e.target.value) })}
        >
          <option value="">{t('visitorSort.anyPrice')}</option>
          {[...new Set([...PRICE_CAPS, ...(view.maxPrice === null ? [] : [view.maxPrice])])]
            .sort((a, b) => a - b)
            .map((cap) => (
              <option key={cap} value={String(cap)}>
                {t('visitorSort.upTo', { amount: cap })}
              </option>
            ))}
        </select>
      </div>
      <p className="lists-visitor-sort__result" role="status">
        {view.maxPrice === null ? '' : shown === 0 ? t('visitorSort.none', { amount: view.maxPrice }) : t('visitorSort.result', { count: shown, total })}
      </p>
    </div>
  );
}
