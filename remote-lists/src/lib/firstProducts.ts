// A long shared list's first view carries its first products only: the gateway embeds what the
// page hydrates from in the HTML, and the page reads the whole list once it runs.
import type { ProductList } from '@wishlist/contracts';
import { WINDOW_FROM } from '../components/useCardWindow';

/** Products a long list's first view carries: more than a tall screen shows, fewer than the whole list. */
export const FIRST_VIEW_PRODUCTS = WINDOW_FROM;

/**
 * What the page hydrates from (the gateway puts it in the page): the list, or for a long one its
 * first products and its count (`productCount`). The page renders those, holds the others' place,
 * and reads the whole list once it runs, so that the HTML of a list of 500 weighs what a screenful
 * does (the whole list would be ~250 kB of JSON to serialize, compress, send and parse before the
 * first paint).
 */
export function sharedListData(list: ProductList): ProductList {
  const products = Array.isArray(list.products) ? list.products : [];
  if (products.length <= FIRST_VIEW_PRODUCTS) return list;
  return { ...list, products: products.slice(0, FIRST_VIEW_PRODUCTS), productCount: products.length };
}

/** Whether a list is its first products only (sharedListData's trimmed form). */
export function isFirstProductsOnly(list: Pick<ProductList, 'products' | 'productCount'>): boolean {
  return Array.isArray(list.products) && typeof list.productCount === 'number' && list.productCount > list.products.length;
}
