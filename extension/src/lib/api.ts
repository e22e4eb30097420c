// The extension is a client of the same `/api` (SPEC §7) through the shared API client, pointed at
// the configured server and carrying the bearer kept in extension storage.
import {
  askSignIn,
  configureApiClient,
  createProduct,
  createProductList,
  getProductLists,
  getTokenState,
  revokeToken,
  type TokenState,
} from '@wishlist/api-client';
import type { CreateProductRequest, Product, ProductList } from '@wishlist/contracts';
import { createTokenName } from '@wishlist/stores';
import { uiLanguage } from './i18n';
import { setStoredToken, type StoredToken } from './settings';

let bearer: string | undefined;

/** Points the shared client at `server`, with `token`'s bearer when it was issued by that server. */
export function connect(server: string, token: StoredToken | null): void {
  bearer = token && token.server === server && token.bearer ? token.bearer : undefined;
  configureApiClient({
    baseUrl: server,
    getBearer: () => bearer,
    app: 'extension',
    getLanguage: uiLanguage,
    // The popup decides what a 401 means on each screen; nothing global to clear.
    onAuthError: () => undefined,
    onReachability: () => undefined,
  });
}

/** SPEC §6: owned lists are the only targets when saving products; the first one is the default. */
export async function ownLists(): Promise<ProductList[]> {
  // An archived list is read-only: the popup never offers it as a target.
  return (await getProductLists()).filter((l) => l.isOwner && !l.archived);
}

/**
 * The device-token flow (SPEC §4, as the web app does it): a fresh token name with its random
 * suffix, `POST /api/tokens` with the e-mail, and the bearer kept (not yet valid) in extension
 * storage until the sign-in is approved from the link in the e-mail. The match code the link's
 * page shows too is kept with it, so the waiting screen shows it whenever the popup reopens.
 */
export async function requestSignIn(server: string, email: string): Promise<StoredToken> {
  const tokenName = createTokenName();
  const { token: issued, matchCode } = await askSignIn({ email, tokenName, language: uiLanguage() });
  const token: StoredToken = { name: tokenName, bearer: issued, email, server, ...(matchCode ? { matchCode } : {}) };
  await setStoredToken(token);
  bearer = issued;
  return token;
}

/** `GET /api/tokens/{name}`: validated, pending, refused from the link, or dead (expired, revoked). */
export function tokenState(token: StoredToken): Promise<TokenState> {
  return getTokenState(token.name);
}

/** SPEC §4 logout: the token leaves storage at once and is revoked on the server (`DELETE /api/tokens`). */
export async function signOut(token: StoredToken | null): Promise<void> {
  await setStoredToken(null);
  const revoking = token?.bearer ? revokeToken(token.bearer).catch(() => undefined) : Promise.resolve();
  bearer = undefined;
  await revoking;
}

export function saveProduct(payload: CreateProductRequest): Promise<Product> {
  return createProduct(payload);
}

export function createList(name: string): Promise<ProductList> {
  return createProductList({ name });
}
