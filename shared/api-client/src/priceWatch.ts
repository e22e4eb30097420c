// Price watch (docs/api.md, "Price watch"): the owner's check, the list's and a favorite's alert switches.
import type { Product, ProductList } from '@wishlist/contracts';
import { clearFavoritesCache } from './endpoints';
import { request } from './http';
import { PAGE_METADATA_TIMEOUT_MS } from './pageMetadata';

const id = (value: string) => encodeURIComponent(value);
type Envelope<T> = { data: T };

/**
 * POST /api/products-in-lists/{id}/price-check: the product with the shop page's new reading. The
 * service reads the shop's page before it answers, as for a page's metadata: the same patience.
 */
export async function checkProductPrice(productId: string): Promise<Product> {
  const path = `/api/products-in-lists/${id(productId)}/price-check`;
  return (await request<Envelope<Product>>('POST', path, undefined, { timeoutMs: PAGE_METADATA_TIMEOUT_MS })).data.data;
}

/** The owner's switch for price-drop mails to the list's followers. */
export async function setListPriceAlerts(listId: string, priceAlerts: boolean): Promise<ProductList> {
  return (await request<Envelope<ProductList>>('PATCH', `/api/product-lists/${id(listId)}`, { priceAlerts })).data.data;
}

/** A follower's opt-in (or out) of a favorite list's price-drop mails. */
export async function setFavoritePriceAlerts(listId: string, priceAlerts: boolean): Promise<void> {
  try {
    await request('PATCH', `/api/favorites/${id(listId)}`, { priceAlerts });
  } finally {
    clearFavoritesCache();
  }
}
