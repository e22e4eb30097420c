// The data of the first view is asked for as the shell starts, in parallel with the code
// that renders it (the remote's manifest, entry and chunks), instead of after it. Runs in the entry
// before Module Federation has shared anything, so it imports no shared package: the storage keys
// mirror @wishlist/stores (checked by earlyData.test.ts) and @wishlist/api-client's early.ts takes
// the pending answer on its first GET of the same path with the same bearer.

/** @wishlist/stores' TOKEN_STORAGE_KEY and LANGUAGE_KEY. */
export const TOKEN_KEY = 'token';
export const LANGUAGE_KEY = 'language';
/** @wishlist/api-client's connect timeout (SPEC §9): until the answer's headers arrive. */
export const EARLY_TIMEOUT_MS = 3000;

const SHARED_LIST = /^\/see\/([^/?#]+)\/?$/;
const OWNER_LIST = /^\/product-list\/([^/?#]+)(?:\/[^/?#]+)?\/?$/;

/** The API path the first view of `pathname` reads first, or null (only the shared list for now). */
export function earlyApiPath(pathname: string): string | null {
  const m = SHARED_LIST.exec(pathname);
  return m ? `/api/product-lists/${encodeURIComponent(decodeURIComponent(m[1]))}` : null;
}

/**
 * What a signed-in person's list page reads before it can draw anything (`/product-list/{id}`):
 * the person's lists, their favorites and the list shown, whole. Asked for as the shell starts,
 * they arrive while the code downloads instead of one after the other once it has run. Signed out,
 * the page sends the person to the shared view: nothing.
 */
export function ownerApiPaths(pathname: string): string[] {
  const m = OWNER_LIST.exec(pathname);
  if (!m) return [];
  return ['/api/product-lists', '/api/favorites', `/api/product-lists/${encodeURIComponent(decodeURIComponent(m[1]))}`];
}

/**
 * Early answers that also answer another path. The session's check reads the lists' summary
 * (`?summary=1`: the same lists without their first products); on the owner's page the whole lists
 * are read anyway, so one request serves both, and the API is asked once instead of twice.
 */
export const ALSO_ANSWERS: Readonly<Record<string, string>> = { '/api/product-lists': '/api/product-lists?summary=1' };

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/**
 * A path in /en or /fr is a choice of language, which LanguageSync remembers once the app runs.
 * The first view of /en and /fr arrives as HTML whose links are real links: one
 * followed before the app has started must not lose the choice, so the entry remembers it at once.
 */
export function rememberPathLanguage(win: Window = window): void {
  const first = win.location.pathname.split('/').filter(Boolean)[0];
  if (first !== 'en' && first !== 'fr') return;
  try {
    if (readJson(win.localStorage, LANGUAGE_KEY) !== first) win.localStorage.setItem(LANGUAGE_KEY, JSON.stringify(first));
  } catch {
    /* private mode: the app's own sync tries again */
  }
}

/** The session's bearer as @wishlist/stores keeps it, or null (signed out). */
export function storedBearer(win: Window = window): string | null {
  const token = readJson(win.localStorage, TOKEN_KEY) as { bearer?: unknown } | null;
  return typeof token?.bearer === 'string' && token.bearer ? token.bearer : null;
}

/**
 * The language the app reads a page without a language prefix in (@wishlist/i18n's
 * detectLanguage): the stored choice, else the browser's first language we have, else English.
 */
export function pageLanguage(win: Window = window): 'en' | 'fr' {
  const stored = readJson(win.localStorage, LANGUAGE_KEY);
  if (stored === 'en' || stored === 'fr') return stored;
  const nav = win.navigator;
  for (const tag of nav.languages?.length ? nav.languages : [nav.language]) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'en' || base === 'fr') return base;
  }
  return 'en';
}

/** Starts the first view's requests, if any; the api-client takes them. */
export function startEarlyRequests(win: Window = window, fetchImpl: typeof fetch = (...a) => win.fetch(...a)): void {
  const bearer = storedBearer(win);
  let paths: string[];
  try {
    const shared = earlyApiPath(win.location.pathname);
    paths = shared ? [shared] : bearer ? ownerApiPaths(win.location.pathname) : [];
  } catch {
    return; // a malformed escape in the address: the page asks itself
  }
  if (paths.length === 0) return;
  const language = pageLanguage(win);
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Wishlist-App': `web/${Date.now()}`, 'Accept-Language': language };
  if (bearer) headers.Authorization = `Bearer ${bearer}`;
  const slot = win as Window & { __WISHLIST_EARLY__?: Record<string, { bearer: string | null; response: Promise<Response>; at: number }> };
  for (const path of paths) {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), EARLY_TIMEOUT_MS);
    const response = fetchImpl(path, { headers, signal: controller.signal, credentials: 'same-origin' }).finally(() => clearTimeout(timer));
    // Never an unhandled rejection when nobody takes it (the person left the page first).
    response.catch(() => undefined);
    const early = (slot.__WISHLIST_EARLY__ ??= {});
    early[path] = { bearer, response, at: Date.now() };
    const also = ALSO_ANSWERS[path];
    if (!also) continue;
    // The other taker reads a copy, made as the headers arrive: this reaction is registered before
    // any taker's, so the copy exists before the body is read.
    const copy = response.then((r) => r.clone());
    copy.catch(() => undefined);
    early[also] = { bearer, response: copy, at: Date.now() };
  }
}
