/** Caps that keep one account from growing documents without bound (answered with a 422). */
export const MAX_LISTS_PER_OWNER = 100;
export const MAX_PRODUCTS_PER_LIST = 500;

/**
 * Products each list carries in `GET /api/product-lists` (in the list's order, with
 * `productCount` beside them): enough for the first screen of the list page, which reads the
 * rest with `GET /api/product-lists/{id}`. 100 lists × 6 keeps the answer bounded.
 */
export const LIST_PREVIEW_PRODUCTS = 6;

/** The limits of one account that the service configuration sets (MAX_*_PER_ACCOUNT). */
export interface AccountLimits {
  maxProductsPerAccount: number;
  maxFavoritesPerAccount: number;
}
