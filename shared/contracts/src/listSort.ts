// How a visitor orders and narrows a shared list: by the owner's order, price (both ways) or most
// wanted first, and "up to N €". One rule for the list pages (remote-lists) and the basket's
// suggestions (remote-basket-offer); the choice lives in the page's query (`?sort=…&max=…`), so it
// survives a reload and a shared link.

export const VISITOR_SORTS = ['list', 'price-asc', 'price-desc', 'most-wanted'] as const;
export type VisitorSort = (typeof VISITOR_SORTS)[number];

/** The "up to" presets, in euros. */
export const PRICE_CAPS = [20, 50, 100, 200] as const;

/** The query parameters of the choice. */
export const SORT_PARAM = 'sort';
export const MAX_PRICE_PARAM = 'max';

export interface VisitorView {
  sort: VisitorSort;
  /** Whole euros, or null for any price. */
  maxPrice: number | null;
}

export const DEFAULT_VISITOR_VIEW: VisitorView = { sort: 'list', maxPrice: null };

/** The choice a query holds; anything unknown is the default (a hand-edited address never breaks the page). */
export function readVisitorView(query: URLSearchParams): VisitorView {
  const sort = query.get(SORT_PARAM);
  const max = query.get(MAX_PRICE_PARAM);
  const euros = max !== null && /^\d{1,6}$/.test(max) ? Number(max) : null;
  return {
    sort: (VISITOR_SORTS as readonly string[]).includes(sort ?? '') ? (sort as VisitorSort) : 'list',
    maxPrice: euros !== null && euros > 0 ? euros : null,
  };
}

/** The query with the choice written in (other parameters kept; the defaults leave no trace). */
export function writeVisitorView(query: URLSearchParams, view: VisitorView): URLSearchParams {
  const next = new URLSearchParams(query);
  if (view.sort === 'list') next.delete(SORT_PARAM);
  else next.set(SORT_PARAM, view.sort);
  if (view.maxPrice === null) next.delete(MAX_PRICE_PARAM);
  else next.set(MAX_PRICE_PARAM, String(view.maxPrice));
  return next;
}

export function isDefaultView(view: VisitorView): boolean {
  return view.sort === 'list' && view.maxPrice === null;
}

interface Sortable {
  price: number | null;
  mostWanted?: boolean;
}

/**
 * The products as the visitor asked: at most `maxPrice` euros (a product without a price cannot be
 * promised within a budget: left out while a cap is set), then ordered. Every order is stable (ties
 * keep the owner's order) and puts products without a price last.
 */
export function applyVisitorView<P extends Sortable>(products: readonly P[], view: VisitorView): P[] {
  const cap = view.maxPrice === null ? null : view.maxPrice * 100;
  const kept = cap === null ? [...products] : products.filter((p) => p.price !== null && p.price <= cap);
  const byPrice = (dir: 1 | -1) => (a: P, b: P) => {
    if (a.price === null || b.price === null) return a.price === null ? (b.price === null ? 0 : 1) : -1;
    return (a.price - b.price) * dir;
  };
  switch (view.sort) {
    case 'price-asc':
      return kept.sort(byPrice(1));
    case 'price-desc':
      return kept.sort(byPrice(-1));
    case 'most-wanted':
      return [...kept.filter((p) => p.mostWanted), ...kept.filter((p) => !p.mostWanted)];
    default:
      return kept;
  }
}
