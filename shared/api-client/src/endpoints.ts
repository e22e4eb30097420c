// One typed function per call of SPEC §7.
import type {
  AcceptOfferingRequest,
  CreateOfferingRequest,
  CreateProductRequest,
  CreateTokenRequest,
  Favorite,
  OfferingRead,
  Product,
  ProductList,
  UpdateProductInListRequest,
  UpdateProductListRequest,
  UpdateProductRequest,
  ValidateTokenRequest,
  ValidationResult,
} from '@wishlist/contracts';
import { TimedCache } from './cache';
import { isApiError, onSignedOut, request } from './http';

/** SPEC §9 cache durations. */
export const HEALTH_CACHE_MS = 500;
export const LISTS_CACHE_MS = 5;
export const FAVORITES_CACHE_MS = 3600;

const healthCache = new TimedCache<boolean>(HEALTH_CACHE_MS);
const listsCache = new TimedCache<ProductList[]>(LISTS_CACHE_MS);
const favoritesCache = new TimedCache<Favorite[]>(FAVORITES_CACHE_MS);
const pagesCache = new TimedCache<string>(Number.POSITIVE_INFINITY);

/** Forgets every cached answer (logout, tests). */
export function clearApiCaches(): void {
  healthCache.clear();
  listsCache.clear();
  favoritesCache.clear();
  pagesCache.clear();
}

// A 401/403 anywhere means signed out: nothing fetched with the old identity stays cached.
onSignedOut(() => {
  listsCache.clear();
  favoritesCache.clear();
});

const id = (value: string) => encodeURIComponent(value);
type Envelope<T> = { data: T };

// Health
/** OPTIONS /api/health; true when the server answers with success. Cached 500 ms. */
export function checkHealth(): Promise<boolean> {
  return healthCache.get('health', () =>
    request('OPTIONS', '/api/health').then(
      () => true,
      () => false,
    ),
  );
}

// Tokens and accounts
export async function createToken(payload: CreateTokenRequest): Promise<string> {
  const { data } = await request<{ token: string }>('POST', '/api/tokens', payload);
  return data.token;
}

/** Any failure means not validated (SPEC §7). */
export async function getTokenStatus(tokenName: string): Promise<boolean> {
  try {
    const { data } = await request<{ isValidated?: boolean }>('GET', `/api/tokens/${id(tokenName)}`);
    return data?.isValidated === true;
  } catch {
    return false;
  }
}

export type TokenState = 'validated' | 'pending' | 'dead';

/**
 * GET /api/tokens/{tokenName} for the polling page: `validated`, `pending` (not yet, or any
 * transient failure: network, 5xx, rate limit) or `dead` (410 expired/revoked/too many tries, 401,
 * 403, 404: waiting longer cannot succeed).
 */
export async function getTokenState(tokenName: string): Promise<TokenState> {
  try {
    const { data } = await request<{ isValidated?: boolean }>('GET', `/api/tokens/${id(tokenName)}`);
    return data?.isValidated === true ? 'validated' : 'pending';
  } catch (e) {
    if (isApiError(e) && [401, 403, 404, 410].includes(e.status)) return 'dead';
    return 'pending';
  }
}

/** SPEC §4: 200 success, 400 too-many-tries, 422 incorrect-data, other unknown. */
export async function validateToken(payload: ValidateTokenRequest): Promise<ValidationResult> {
  try {
    await request('PUT', '/api/tokens', payload);
    return { isValidated: true };
  } catch (e) {
    const status = isApiError(e) ? e.status : 0;
    const reason = status === 400 ? 'too-many-tries' : status === 422 ? 'incorrect-data' : 'unknown';
    return { isValidated: false, reason };
  }
}

export async function revokeToken(token: string): Promise<void> {
  await request('DELETE', '/api/tokens', { token });
}

export async function deleteAccount(): Promise<void> {
  await request('DELETE', '/api/accounts');
}

// Product lists
/** GET /api/product-lists, cached 5 ms, reset after any list change. */
export function getProductLists(): Promise<ProductList[]> {
  return listsCache.get('lists', async () => (await request<Envelope<ProductList[]>>('GET', '/api/product-lists')).data.data);
}

export async function getProductList(listId: string): Promise<ProductList> {
  return (await request<Envelope<ProductList>>('GET', `/api/product-lists/${id(listId)}`)).data.data;
}

export async function createProductList(payload: { name: string }): Promise<ProductList> {
  try {
    return (await request<Envelope<ProductList>>('POST', '/api/product-lists', payload)).data.data;
  } finally {
    listsCache.clear();
  }
}

export async function updateProductList(listId: string, payload: UpdateProductListRequest): Promise<void> {
  try {
    await request('PATCH', `/api/product-lists/${id(listId)}`, payload);
  } finally {
    listsCache.clear();
  }
}

export async function deleteProductList(listId: string): Promise<void> {
  try {
    await request('DELETE', `/api/product-lists/${id(listId)}`);
  } finally {
    listsCache.clear();
  }
}

// Products inside a list
export async function getProductInList(listId: string, productId: string): Promise<Product> {
  const { data } = await request<Envelope<Product>>('GET', `/api/product-lists/${id(listId)}/products/${id(productId)}`);
  return data.data;
}

export async function updateProductInList(listId: string, productId: string, payload: UpdateProductInListRequest): Promise<void> {
  try {
    await request('PATCH', `/api/product-lists/${id(listId)}/products/${id(productId)}`, payload);
  } finally {
    listsCache.clear();
  }
}

export async function deleteProductInList(listId: string, productId: string): Promise<void> {
  try {
    await request('DELETE', `/api/product-lists/${id(listId)}/products/${id(productId)}`);
  } finally {
    listsCache.clear();
  }
}

export async function orderProducts(listId: string, productIds: string[]): Promise<void> {
  try {
    await request('PUT', `/api/product-lists/${id(listId)}/products-ordering`, { products: productIds });
  } finally {
    listsCache.clear();
  }
}

// Products across lists
export async function getProductsInLists(): Promise<Product[]> {
  return (await request<Envelope<Product[]>>('GET', '/api/products-in-lists')).data.data;
}

export async function createProduct(payload: CreateProductRequest): Promise<Product> {
  try {
    return (await request<Envelope<Product>>('POST', '/api/products-in-lists', payload)).data.data;
  } finally {
    listsCache.clear();
  }
}

export async function updateProduct(productId: string, payload: UpdateProductRequest): Promise<void> {
  try {
    await request('PATCH', `/api/products-in-lists/${id(productId)}`, payload);
  } finally {
    listsCache.clear();
  }
}

export async function deleteProduct(productId: string): Promise<void> {
  try {
    await request('DELETE', `/api/products-in-lists/${id(productId)}`);
  } finally {
    listsCache.clear();
  }
}

// Page scraping
/** POST /api/pages: the page HTML, cached per URL; the entry is dropped on failure. */
export function fetchPage(url: string): Promise<string> {
  return pagesCache.get(url, async () => {
    const { data } = await request<unknown>('POST', '/api/pages', { url });
    return typeof data === 'string' ? data : typeof (data as { data?: unknown })?.data === 'string' ? (data as { data: string }).data : '';
  });
}

// Favorites
/** GET /api/favorites, cached about 3.6 s, reset after add or remove. */
export function getFavorites(): Promise<Favorite[]> {
  return favoritesCache.get('favorites', async () => (await request<Envelope<Favorite[]>>('GET', '/api/favorites')).data.data);
}

export async function addFavorite(listId: string): Promise<void> {
  try {
    await request('PUT', `/api/favorites/${id(listId)}`);
  } finally {
    favoritesCache.clear();
  }
}

export async function removeFavorite(listId: string): Promise<void> {
  try {
    await request('DELETE', `/api/favorites/${id(listId)}`);
  } finally {
    favoritesCache.clear();
  }
}

// Offerings
export async function getOffering(offeringId: string): Promise<OfferingRead> {
  return (await request<Envelope<OfferingRead>>('GET', `/api/offerings/${id(offeringId)}`)).data.data;
}

export async function createOffering(payload: CreateOfferingRequest): Promise<string> {
  return (await request<Envelope<{ id: string }>>('POST', '/api/offerings', payload)).data.data.id;
}

export async function acceptOffering(offeringId: string, payload: AcceptOfferingRequest): Promise<void> {
  await request('PATCH', `/api/offerings/${id(offeringId)}`, payload);
}

export async function refuseOffering(offeringId: string): Promise<void> {
  await request('DELETE', `/api/offerings/${id(offeringId)}`);
}
