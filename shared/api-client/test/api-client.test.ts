import { i18next, initI18n } from '@wishlist/i18n';
import { useReachabilityStore, useSessionStore } from '@wishlist/stores';
import * as api from '../src';

type Call = { url: string; init: RequestInit };
let calls: Call[];
let responder: (url: string, init: RequestInit) => Promise<Response> | Response;

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  responder = () => json(200, {});
  api.configureApiClient({
    fetch: ((url: string, init: RequestInit) => {
      calls.push({ url, init });
      return Promise.resolve(responder(url, init));
    }) as typeof fetch,
    timeoutMs: api.CONNECT_TIMEOUT_MS,
  });
  api.clearApiCaches();
  useSessionStore.setState({ token: null, defaultListId: null });
  useReachabilityStore.setState({ isApiReachable: true });
});
afterEach(() => jest.useRealTimers());

const headersOf = (c: Call) => c.init.headers as Record<string, string>;

describe('request', () => {
  it('sends JSON headers, the app header with a timestamp and no bearer when signed out', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1234);
    await api.request('GET', '/api/x');
    jest.restoreAllMocks();
    expect(headersOf(calls[0])).toEqual({
      Accept: 'application/json',
      'Accept-Language': 'en',
      'Content-Type': 'application/json',
      'X-Wishlist-App': 'web/1234',
    });
  });
  it('sends Accept-Language from the current i18n language', async () => {
    initI18n('fr');
    await i18next.changeLanguage('fr');
    await api.request('GET', '/api/x');
    expect(headersOf(calls[0])['Accept-Language']).toBe('fr');
    await i18next.changeLanguage('en');
    await api.request('GET', '/api/x');
    expect(headersOf(calls[1])['Accept-Language']).toBe('en');
  });
  it('adds Authorization: Bearer when a bearer is stored', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'secret' } });
    await api.request('GET', '/api/x');
    expect(headersOf(calls[0]).Authorization).toBe('Bearer secret');
  });
  it('serialises the body', async () => {
    await api.request('POST', '/api/x', { a: 1 });
    expect(calls[0].init.body).toBe('{"a":1}');
    expect(calls[0].init.method).toBe('POST');
  });
  it('treats 200-399 as success and marks the API reachable', async () => {
    useReachabilityStore.setState({ isApiReachable: false });
    responder = () => json(204, undefined);
    await expect(api.request('DELETE', '/api/x')).resolves.toEqual({ status: 204, data: {} });
    expect(useReachabilityStore.getState().isApiReachable).toBe(true);
  });
  it('throws other statuses as ApiError { status, data }', async () => {
    responder = () => json(422, { errors: { name: 'required' } });
    const e = await api.request('POST', '/api/x').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(api.ApiError);
    expect(e).toMatchObject({ status: 422, data: { errors: { name: 'required' } }, unreachable: false });
    expect(useReachabilityStore.getState().isApiReachable).toBe(true);
  });
  it('maps a network failure to ApiError 500 {} unreachable and flags the API unreachable', async () => {
    responder = () => Promise.reject(new TypeError('Failed to fetch'));
    const e = await api.request('GET', '/api/x').catch((x: unknown) => x);
    expect(e).toMatchObject({ status: 500, data: {}, unreachable: true });
    expect(useReachabilityStore.getState().isApiReachable).toBe(false);
  });
  it('aborts after the 3,000 ms connect timeout', async () => {
    jest.useFakeTimers();
    responder = (_u, init) =>
      new Promise<Response>((_res, rej) => init.signal!.addEventListener('abort', () => rej(new Error('aborted'))));
    const p = api.request('GET', '/api/slow').catch((x: unknown) => x);
    await jest.advanceTimersByTimeAsync(2999);
    expect(calls[0].init.signal!.aborted).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    expect(await p).toMatchObject({ status: 500, unreachable: true });
  });
  it('does not abort a slow body once headers have arrived', async () => {
    jest.useFakeTimers();
    responder = () => json(200, { ok: true });
    await api.request('GET', '/api/x');
    await jest.advanceTimersByTimeAsync(5000);
    expect(calls[0].init.signal!.aborted).toBe(false);
  });
  it('treats a 503 from the gateway as unreachable but keeps its status', async () => {
    responder = () => json(503, {});
    await expect(api.request('GET', '/api/x')).rejects.toMatchObject({ status: 503 });
    expect(useReachabilityStore.getState().isApiReachable).toBe(false);
  });
});

describe('caches (SPEC §4)', () => {
  it('caches the health check for 500 ms', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(10_000);
    expect(await api.checkHealth()).toBe(true);
    now.mockReturnValue(10_400);
    await api.checkHealth();
    expect(calls).toHaveLength(1);
    expect(calls[0].init.method).toBe('OPTIONS');
    expect(calls[0].url).toBe('/api/health');
    now.mockReturnValue(10_501);
    responder = () => Promise.reject(new Error('down'));
    expect(await api.checkHealth()).toBe(false);
    expect(calls).toHaveLength(2);
    jest.restoreAllMocks();
  });
  it('caches lists 5 ms and resets after create/update/delete', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1000);
    responder = () => json(200, { data: [{ id: 'L1', name: 'A', isOwner: true, products: [] }] });
    expect((await api.getProductLists())[0].id).toBe('L1');
    await api.getProductLists();
    expect(calls).toHaveLength(1);
    now.mockReturnValue(1006);
    await api.getProductLists();
    expect(calls).toHaveLength(2);
    await api.createProductList({ name: 'B' });
    await api.getProductLists();
    expect(calls).toHaveLength(4);
    await api.updateProductList('L1', { name: 'C' });
    await api.getProductLists();
    await api.deleteProductList('L1');
    await api.getProductLists();
    expect(calls.filter((c) => c.init.method === 'GET')).toHaveLength(5);
    jest.restoreAllMocks();
  });
  it('caches favorites about 3.6 s', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(0);
    responder = () => json(200, { data: [{ id: 'F', name: 'Fav' }] });
    await api.getFavorites();
    now.mockReturnValue(3500);
    expect(await api.getFavorites()).toEqual([{ id: 'F', name: 'Fav' }]);
    expect(calls).toHaveLength(1);
    now.mockReturnValue(3700);
    await api.getFavorites();
    expect(calls).toHaveLength(2);
    await api.addFavorite('X');
    await api.getFavorites();
    expect(calls).toHaveLength(4);
    jest.restoreAllMocks();
  });
  it('caches scrape results per URL and drops the entry on failure', async () => {
    responder = () => new Response('<title>A</title>', { status: 200, headers: { 'content-type': 'text/html' } });
    expect(await api.fetchPage('https://a.com')).toBe('<title>A</title>');
    await api.fetchPage('https://a.com');
    expect(calls).toHaveLength(1);
    responder = () => json(502, {});
    await expect(api.fetchPage('https://b.com')).rejects.toMatchObject({ status: 502 });
    responder = () => new Response('<title>B</title>', { status: 200 });
    expect(await api.fetchPage('https://b.com')).toBe('<title>B</title>');
    expect(calls).toHaveLength(3);
  });
});

describe('endpoints (SPEC §7)', () => {
  it.each([
    ['createToken', () => api.createToken({ email: 'a@b.c', tokenName: 't1' }), 'POST', '/api/tokens'],
    ['getTokenStatus', () => api.getTokenStatus('t1'), 'GET', '/api/tokens/t1'],
    ['revokeToken', () => api.revokeToken('tok'), 'DELETE', '/api/tokens'],
    ['deleteAccount', () => api.deleteAccount(), 'DELETE', '/api/accounts'],
    ['getProductList', () => api.getProductList('L 1'), 'GET', '/api/product-lists/L%201'],
    ['getProductInList', () => api.getProductInList('L', 'P'), 'GET', '/api/product-lists/L/products/P'],
    ['updateProductInList', () => api.updateProductInList('L', 'P', { hasBeenOffered: true }), 'PATCH', '/api/product-lists/L/products/P'],
    ['deleteProductInList', () => api.deleteProductInList('L', 'P'), 'DELETE', '/api/product-lists/L/products/P'],
    ['orderProducts', () => api.orderProducts('L', ['a', 'b']), 'PUT', '/api/product-lists/L/products-ordering'],
    ['getProductsInLists', () => api.getProductsInLists(), 'GET', '/api/products-in-lists'],
    ['createProduct', () => api.createProduct({ name: 'n', image: 'i', price: null, url: 'https://a.b', productListId: 'L' }), 'POST', '/api/products-in-lists'],
    ['updateProduct', () => api.updateProduct('P', { name: 'n', image: 'i', price: 1, productListId: 'L' }), 'PATCH', '/api/products-in-lists/P'],
    ['deleteProduct', () => api.deleteProduct('P'), 'DELETE', '/api/products-in-lists/P'],
    ['removeFavorite', () => api.removeFavorite('L'), 'DELETE', '/api/favorites/L'],
    ['addFavorite', () => api.addFavorite('L'), 'PUT', '/api/favorites/L'],
    ['getOffering', () => api.getOffering('O'), 'GET', '/api/offerings/O'],
    ['acceptOffering', () => api.acceptOffering('O', { address: 'x' }), 'PATCH', '/api/offerings/O'],
    ['refuseOffering', () => api.refuseOffering('O'), 'DELETE', '/api/offerings/O'],
  ] as const)('%s calls %s %s', async (_n, call, method, url) => {
    responder = () => json(200, { data: {}, token: 'tok' });
    await call();
    expect(calls[0].init.method).toBe(method);
    expect(calls[0].url).toBe(url);
  });
  it('returns data.token, data.data and the offering id', async () => {
    responder = () => json(200, { token: 'bearer-1' });
    expect(await api.createToken({ email: 'a@b.c', tokenName: 't' })).toBe('bearer-1');
    responder = () => json(200, { data: { id: 'O1' } });
    expect(await api.createOffering({ isExpectingAddress: false, products: ['p'], offererEmail: 'a@b.c', offererIdentity: '', offererMessage: '' })).toEqual({ id: 'O1', ids: ['O1'], confirmationRequired: false });
    responder = () => json(200, { data: { id: 'L', name: 'N', isOwner: true, products: [] } });
    expect(await api.getProductList('L')).toMatchObject({ id: 'L', name: 'N' });
  });
  it('maps token validation statuses to reasons', async () => {
    for (const [status, expected] of [
      [200, { isValidated: true }],
      [400, { isValidated: false, reason: 'too-many-tries' }],
      [422, { isValidated: false, reason: 'incorrect-data' }],
      [500, { isValidated: false, reason: 'unknown' }],
    ] as const) {
      responder = () => json(status, {});
      expect(await api.validateToken({ tokenName: 't', validationCode: 'c' })).toEqual(expected);
    }
  });
  it('reports token status, any failure meaning not validated', async () => {
    responder = () => json(200, { isValidated: true });
    expect(await api.getTokenStatus('t')).toBe(true);
    responder = () => json(404, {});
    expect(await api.getTokenStatus('t')).toBe(false);
  });
  it('recognises auth errors', () => {
    expect(api.isAuthError(new api.ApiError(401, {}))).toBe(true);
    expect(api.isAuthError(new api.ApiError(403, {}))).toBe(true);
    expect(api.isAuthError(new api.ApiError(404, {}))).toBe(false);
  });
});

describe('signed out on 401/403 (SPEC §6), centrally', () => {
  it.each([401, 403])('a %s on any call clears the default list and the cached lists', async (status) => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'b' }, defaultListId: 'L1' });
    responder = () => json(200, { data: [{ id: 'L1', name: 'A', isOwner: true, products: [] }] });
    await api.getProductLists();
    responder = () => json(status, {});
    await expect(api.getFavorites()).rejects.toMatchObject({ status });
    expect(useSessionStore.getState().defaultListId).toBeNull();
    // The next lists call goes to the server (no stale list from the old identity).
    responder = () => json(200, { data: [] });
    expect(await api.getProductLists()).toEqual([]);
  });
  it('keeps the session on other errors', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'b' }, defaultListId: 'L1' });
    responder = () => json(404, {});
    await expect(api.getFavorites()).rejects.toMatchObject({ status: 404 });
    expect(useSessionStore.getState().defaultListId).toBe('L1');
  });
  it('lets the app override the handler', async () => {
    const onAuthError = jest.fn();
    const defaults = api.getApiClientConfig().onAuthError;
    api.configureApiClient({ onAuthError });
    responder = () => json(401, {});
    await api.request('GET', '/api/x').catch(() => undefined);
    expect(onAuthError).toHaveBeenCalledWith(401);
    api.configureApiClient({ onAuthError: defaults });
  });
});

describe('token polling state', () => {
  it.each([
    [200, { isValidated: true }, 'validated'],
    [200, { isValidated: false }, 'pending'],
    [410, {}, 'dead'],
    [401, {}, 'dead'],
    [404, {}, 'dead'],
    [500, {}, 'pending'],
    [429, {}, 'pending'],
  ] as const)('%s %j is %s', async (status, body, expected) => {
    responder = () => json(status, body);
    expect(await api.getTokenState('t1')).toBe(expected);
    expect(calls[0].url).toBe('/api/tokens/t1');
  });
  it('keeps waiting on a network failure', async () => {
    responder = () => Promise.reject(new TypeError('offline'));
    expect(await api.getTokenState('t1')).toBe('pending');
  });
});

describe('session flows', () => {
  it('refreshDefaultListId takes the first list', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'b' }, defaultListId: null });
    responder = () => json(200, { data: [{ id: 'A', name: 'A', isOwner: true, products: [] }, { id: 'B', name: 'B', isOwner: true, products: [] }] });
    expect(await api.refreshDefaultListId()).toBe('A');
    expect(useSessionStore.getState().defaultListId).toBe('A');
  });
  it('refreshDefaultListId without a bearer is signed out, without a call', async () => {
    useSessionStore.setState({ token: null, defaultListId: 'stale' });
    expect(await api.refreshDefaultListId()).toBeNull();
    expect(useSessionStore.getState().defaultListId).toBeNull();
    expect(calls).toHaveLength(0);
  });
  it('refreshDefaultListId: 401 is signed out, unreachable throws', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'b' }, defaultListId: 'L1' });
    responder = () => json(401, {});
    expect(await api.refreshDefaultListId()).toBeNull();
    expect(useSessionStore.getState().checkedBearer).toBeNull();
    api.clearApiCaches();
    useSessionStore.setState({ token: { name: 't2', bearer: 'b2' }, defaultListId: null, checkedBearer: null });
    responder = () => Promise.reject(new TypeError('offline'));
    await expect(api.refreshDefaultListId()).rejects.toMatchObject({ unreachable: true });
    // Whatever the answer, the session is then known: the header stops waiting.
    expect(useSessionStore.getState().checkedBearer).toBe('b2');
  });
  it('refreshDefaultListId: a pending bearer (401, no session yet) is kept and known to be signed out', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'pending' }, defaultListId: null, checkedBearer: null });
    responder = () => json(401, {});
    expect(await api.refreshDefaultListId()).toBeNull();
    expect(useSessionStore.getState().token).toEqual({ name: 't1', bearer: 'pending' });
    expect(useSessionStore.getState().checkedBearer).toBe('pending');
  });
  it('a 401 to the bearer of a live session ends it: token dropped, listeners told, the error says so', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'dead' }, defaultListId: 'L1' });
    const ended = jest.fn();
    const off = api.onSessionEnded(ended);
    responder = () => json(401, {});
    const error = await api.updateProductList('L1', { name: 'x' }).catch((e: unknown) => e);
    off();
    expect(api.isSignedOutError(error)).toBe(true);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(useSessionStore.getState().token).toBeNull();
    expect(useSessionStore.getState().defaultListId).toBeNull();
  });
  it('other refusals are ordinary failures: a 403 (not yours), a 401 without a bearer', async () => {
    const ended = jest.fn();
    const off = api.onSessionEnded(ended);
    useSessionStore.setState({ token: { name: 't1', bearer: 'b' }, defaultListId: 'L1' });
    responder = () => json(403, {});
    expect(api.isSignedOutError(await api.updateProductList('L9', { name: 'x' }).catch((e: unknown) => e))).toBe(false);
    useSessionStore.setState({ token: null, defaultListId: null });
    responder = () => json(401, {});
    expect(api.isSignedOutError(await api.addFavorite('L9').catch((e: unknown) => e))).toBe(false);
    off();
    expect(ended).not.toHaveBeenCalled();
  });
  it('signOut revokes the token with its bearer and forgets the session at once', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'secret' }, defaultListId: 'L1' });
    responder = () => new Response(null, { status: 204 });
    const done = api.signOut();
    expect(useSessionStore.getState()).toMatchObject({ token: null, defaultListId: null });
    await done;
    expect(calls[0].init.method).toBe('DELETE');
    expect(calls[0].url).toBe('/api/tokens');
    expect(calls[0].init.body).toBe('{"token":"secret"}');
    expect(headersOf(calls[0]).Authorization).toBe('Bearer secret');
  });
  it('signOut never rejects and makes no call without a bearer', async () => {
    useSessionStore.setState({ token: { name: 't1', bearer: 'secret' }, defaultListId: 'L1' });
    responder = () => Promise.reject(new TypeError('offline'));
    await expect(api.signOut()).resolves.toBeUndefined();
    calls = [];
    await api.signOut();
    expect(calls).toHaveLength(0);
  });
});

describe('early responses the shell started', () => {
  type Early = Record<string, { bearer: string | null; response: Promise<Response> }>;
  const slot = () => globalThis as unknown as { __WISHLIST_EARLY__?: Early };
  afterEach(() => delete slot().__WISHLIST_EARLY__);

  it('the first GET of the path with the same bearer takes the early answer instead of asking again, once', async () => {
    slot().__WISHLIST_EARLY__ = { '/api/product-lists/l1': { bearer: null, response: Promise.resolve(json(200, { data: { id: 'l1', name: 'Early' } })) } };
    expect((await api.getProductList('l1')).name).toBe('Early');
    expect(calls).toHaveLength(0);
    responder = () => json(200, { data: { id: 'l1', name: 'Fresh' } });
    expect((await api.getProductList('l1')).name).toBe('Fresh');
    expect(calls).toHaveLength(1);
  });

  it('is not used for another bearer, and a failed early request is asked again', async () => {
    useSessionStore.setState({ token: { name: 't', bearer: 'b2' } });
    slot().__WISHLIST_EARLY__ = { '/api/product-lists/l1': { bearer: 'b1', response: Promise.resolve(json(200, { data: { id: 'l1', name: 'Other' } })) } };
    responder = () => json(200, { data: { id: 'l1', name: 'Mine' } });
    expect((await api.getProductList('l1')).name).toBe('Mine');
    useSessionStore.setState({ token: null });
    slot().__WISHLIST_EARLY__ = { '/api/product-lists/l1': { bearer: null, response: Promise.reject(new TypeError('network')) } };
    expect((await api.getProductList('l1')).name).toBe('Mine');
    expect(calls).toHaveLength(2);
  });

  it("a summary answered by the whole lists (the owner's page's one early read) comes without products", async () => {
    const whole = { data: [{ id: 'l1', name: 'Birthday', productCount: 2, products: [{ id: 'p1' }, { id: 'p2' }] }, { id: 'l2', name: 'Empty', productCount: 0, products: [] }] };
    slot().__WISHLIST_EARLY__ = { '/api/product-lists?summary=1': { bearer: null, response: Promise.resolve(json(200, whole)) } };
    const summaries = await api.getProductLists({ summary: true });
    expect(summaries).toEqual([
      { id: 'l1', name: 'Birthday', productCount: 2, products: [] },
      { id: 'l2', name: 'Empty', productCount: 0, products: [] },
    ]);
    expect(calls).toHaveLength(0);
  });

  it('is not used once stale: a page asking for the path long after wants the data as it is now', async () => {
    const sent = Date.now() - 31_000;
    slot().__WISHLIST_EARLY__ = { '/api/product-lists/l1': { bearer: null, response: Promise.resolve(json(200, { data: { id: 'l1', name: 'Old' } })), at: sent } as Early[string] };
    responder = () => json(200, { data: { id: 'l1', name: 'Now' } });
    expect((await api.getProductList('l1')).name).toBe('Now');
    expect(calls).toHaveLength(1);
  });
});
