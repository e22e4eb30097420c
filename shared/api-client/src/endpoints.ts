// One typed function per call of SPEC §7.
import type {
  AcceptOfferingRequest,
  CreateOfferingRequest,
  CreateProductListRequest,
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

/** Forgets the cached favorites (a favorite's settings changed elsewhere, e.g. its price alerts). */
export function clearFavoritesCache(): void {
  favoritesCache.clear();
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

export type TokenState = 'validated' | 'pending' | 'refused' | 'dead';

/**
 * GET /api/tokens/{tokenName} for the polling page: `validated`, `pending` (not yet, or any
 * transient failure: network, 5xx, rate limit), `refused` (410 token_refused: "this was not me"
 * from the e-mailed link) or `dead` (410 expired/revoked/too many tries, 401, 403, 404: waiting
 * longer cannot succeed).
 */
export async function getTokenState(tokenName: string): Promise<TokenState> {
  try {
    const { data } = await request<{ isValidated?: boolean }>('GET', `/api/tokens/${id(tokenName)}`);
    return data?.isValidated === true ? 'validated' : 'pending';
  } catch (e) {
    if (isApiError(e) && e.status === 410 && (e.data as { error?: { code?: unknown } } | null)?.error?.code === 'token_refused') return 'refused';
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
/**
 * GET /api/product-lists, cached 5 ms, reset after any list change. Each list carries its
 * `productCount` and its first products only; `getProductList` reads one list whole.
 * `summary: true` (`?summary=1`): names and counts with no product at all, for the screens that
 * show nothing else (lists page, header menus, list pickers): 100 lists answer in a few kB.
 */
export function getProductLists({ summary = false }: { summary?: boolean } = {}): Promise<ProductList[]> {
  const path = summary ? '/api/product-lists?summary=1' : '/api/product-lists';
  return listsCache.get(summary ? 'list-summaries' : 'lists', async () => {
    const lists = (await request<Envelope<ProductList[]>>('GET', path)).data.data;
    // A summary may be answered by the whole lists (the shell's early read on the owner's page
    // serves both): it is the same lists without products, whatever answered.
    return summary ? lists.map((l) => (l.products.length === 0 ? l : { ...l, products: [] })) : lists;
  });
}

export async function getProductList(listId: string): Promise<ProductList> {
  return (await request<Envelope<ProductList>>('GET', `/api/product-lists/${id(listId)}`)).data.data;
}

export async function createProductList(payload: CreateProductListRequest): Promise<ProductList> {
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

/** Archives a list (read-only, out of the slider) or restores it; resolves to the list. */
export async function setProductListArchived(listId: string, archived: boolean): Promise<ProductList> {
  try {
    return (await request<Envelope<ProductList>>('PATCH', `/api/product-lists/${id(listId)}`, { archived })).data.data;
  } finally {
    listsCache.clear();
  }
}

/** The owner's own mark that they received a product (apart from offered). */
export async function setProductReceived(productId: string, received: boolean): Promise<void> {
  try {
    await request('PATCH', `/api/products-in-lists/${id(productId)}`, { received });
  } finally {
    listsCache.clear();
  }
}

/**
 * The owner gives a list a new link: the list answers under a new id (the old link stops working);
 * products and favorites follow it. Resolves to the list under its new id.
 */
export async function resetShareLink(listId: string): Promise<ProductList> {
  try {
    return (await request<Envelope<ProductList>>('POST', `/api/product-lists/${id(listId)}/share-link`)).data.data;
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

// Offerings (the offers contract)
/** `pending` until the owner gives an address or refuses, or the giver withdraws it. */
export type OfferingState = 'pending' | 'address-given' | 'refused' | 'withdrawn';

/** GET /api/offerings/{id} as the owner reads it (the giver's e-mail is never sent). */
export interface Offering extends OfferingRead {
  state: OfferingState;
  createdAt: string;
}

/** POST /api/offerings body: 1..50 unique product ids; identity ≤ 100, message ≤ 2000 characters. */
export interface CreateOfferingPayload extends Omit<CreateOfferingRequest, 'offererIdentity' | 'offererMessage'> {
  offererIdentity?: string;
  offererMessage?: string;
  /** Language of the mails to the giver (also sent as Accept-Language). */
  language?: 'en' | 'fr';
}

/** One offering per owner of the products: `id` is the first, `ids` all of them. */
export interface CreatedOffering {
  id: string;
  ids: string[];
  /**
   * The giver must confirm their address from the verification mail before the owner is told
   * (false when a signed-in person offers with their own account's address).
   */
  confirmationRequired: boolean;
}

/** The answer of a confirmation: the offering is now passed on to its owner. */
export interface ConfirmedOffering {
  id: string;
  state: OfferingState;
}

/** GET /api/offerings/{id}: only the owner of its products may read it (anyone else gets 404). */
export async function getOffering(offeringId: string): Promise<Offering> {
  return (await request<Envelope<Offering>>('GET', `/api/offerings/${id(offeringId)}`)).data.data;
}

/**
 * POST /api/offerings (anonymous allowed). Errors: 422 `{ errors: { field: message } }`, 409
 * `{ error: { code: 'already_offered' }, conflicts: [ids] }` (see `offeringConflicts`), 429.
 */
export async function createOffering(payload: CreateOfferingPayload): Promise<CreatedOffering> {
  const { data } = (await request<Envelope<Partial<CreatedOffering>>>('POST', '/api/offerings', payload)).data;
  const first = typeof data?.id === 'string' ? data.id : '';
  const ids = Array.isArray(data?.ids) ? data.ids.filter((v): v is string => typeof v === 'string') : [];
  return { id: first || ids[0] || '', ids: ids.length > 0 ? ids : first ? [first] : [], confirmationRequired: data?.confirmationRequired === true };
}

/**
 * POST /api/offerings/{id}/confirmation {code} (anonymous): the giver confirms with the code of the
 * verification mail. 404 wrong link, 410 `offering_expired`, 429.
 */
export async function confirmOffering(offeringId: string, code: string): Promise<ConfirmedOffering> {
  const { data } = (await request<Envelope<Partial<ConfirmedOffering>>>('POST', `/api/offerings/${id(offeringId)}/confirmation`, { code })).data;
  return { id: typeof data?.id === 'string' ? data.id : offeringId, state: data?.state ?? 'pending' };
}

/**
 * POST /api/offerings/{id}/verification-mail (anonymous): the verification mail again (202). 429
 * `verification_mail_too_soon` / `verification_mail_limit`, 409 `offering_confirmed`, 410 `offering_expired`.
 */
export async function resendOfferingVerification(offeringId: string): Promise<void> {
  await request('POST', `/api/offerings/${id(offeringId)}/verification-mail`);
}

/** PATCH /api/offerings/{id} {address}: the owner gives an address (the giver gets it by mail). */
export async function acceptOffering(offeringId: string, payload: AcceptOfferingRequest): Promise<Offering | undefined> {
  const { data } = await request<Partial<Envelope<Offering>>>('PATCH', `/api/offerings/${id(offeringId)}`, payload);
  return data?.data;
}

/** DELETE /api/offerings/{id}: the owner refuses (products no longer offered, the giver told by mail). */
export async function refuseOffering(offeringId: string): Promise<void> {
  await request('DELETE', `/api/offerings/${id(offeringId)}`);
}

/** The product ids of a 409 `already_offered` answer to `createOffering` (empty for anything else). */
export function offeringConflicts(e: unknown): string[] {
  if (!isApiError(e) || e.status !== 409) return [];
  const body = e.data as { conflicts?: unknown } | null;
  return Array.isArray(body?.conflicts) ? body.conflicts.filter((v): v is string => typeof v === 'string') : [];
}

/** Units still free per product of a 409 `already_offered` answer (`{}` when it says none). */
export function offeringAvailable(e: unknown): Record<string, number> {
  if (!isApiError(e) || e.status !== 409) return {};
  const body = e.data as { available?: unknown } | null;
  if (!body?.available || typeof body.available !== 'object') return {};
  const out: Record<string, number> = {};
  for (const [id, n] of Object.entries(body.available as Record<string, unknown>)) {
    if (typeof n === 'number' && Number.isInteger(n) && n >= 0) out[id] = n;
  }
  return out;
}

/** Field messages of a 422 answer (`{ errors: { field: message } }`), or an empty object. */
export function fieldErrors(e: unknown): Record<string, string> {
  if (!isApiError(e) || e.status !== 422) return {};
  const errors = (e.data as { errors?: unknown } | null)?.errors;
  if (!errors || typeof errors !== 'object') return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors as Record<string, unknown>)) {
    const msg = Array.isArray(v) ? v[0] : v;
    out[k] = typeof msg === 'string' ? msg : 'invalid';
  }
  return out;
}
