import { LANGUAGE_KEY as STORES_LANGUAGE_KEY, TOKEN_STORAGE_KEY } from '@wishlist/stores';
import { EARLY_TIMEOUT_MS, LANGUAGE_KEY, TOKEN_KEY, earlyApiPath, ownerApiPaths, rememberPathLanguage, startEarlyRequests } from '../src/earlyData';
import { FIRST_VIEW_ID, forgetRemotes, INLINE_CONFIG_ID, preloadFirstView, registerRuntimeRemotes, takeInlineRuntimeConfig } from '../src/federation/runtimeConfig';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn(), registerPlugins: jest.fn(), preloadRemote: jest.fn() }));

type Early = Record<string, { bearer: string | null; response: Promise<Response> }>;
const early = () => (window as unknown as { __WISHLIST_EARLY__?: Early }).__WISHLIST_EARLY__;

beforeEach(() => {
  localStorage.clear();
  delete (window as unknown as { __WISHLIST_EARLY__?: Early }).__WISHLIST_EARLY__;
  history.replaceState(null, '', '/');
});

describe('early data of the first view', () => {
  it('uses the storage keys of @wishlist/stores', () => {
    expect(TOKEN_KEY).toBe(TOKEN_STORAGE_KEY);
    expect(LANGUAGE_KEY).toBe(STORES_LANGUAGE_KEY);
    expect(EARLY_TIMEOUT_MS).toBe(3000);
  });

  it('knows the shared list of /see/{id}, and nothing else', () => {
    expect(earlyApiPath('/see/6b04')).toBe('/api/product-lists/6b04');
    expect(earlyApiPath('/see/a%20b/')).toBe('/api/product-lists/a%20b');
    expect(earlyApiPath('/en')).toBeNull();
    expect(earlyApiPath('/product-list/6b04')).toBeNull();
  });

  it('asks for the list with the stored bearer and language, and leaves the answer for the api-client', async () => {
    history.replaceState(null, '', '/see/list1');
    localStorage.setItem('token', JSON.stringify({ name: 't', bearer: 'b1' }));
    localStorage.setItem('language', JSON.stringify('fr'));
    const fetchImpl = jest.fn(async () => ({ status: 200 }) as Response);
    startEarlyRequests(window, fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/product-lists/list1');
    expect(init.headers).toMatchObject({ Authorization: 'Bearer b1', 'Accept-Language': 'fr', Accept: 'application/json' });
    expect(early()?.['/api/product-lists/list1']?.bearer).toBe('b1');
    expect((await early()!['/api/product-lists/list1']!.response).status).toBe(200);
  });

  it("knows what a signed-in person's list page reads first", () => {
    const lists = ['/api/product-lists', '/api/favorites'];
    expect(ownerApiPaths('/product-list/6b04')).toEqual([...lists, '/api/product-lists/6b04']);
    expect(ownerApiPaths('/product-list/a%20b/p1')).toEqual([...lists, '/api/product-lists/a%20b']);
    expect(ownerApiPaths('/product-lists')).toEqual([]);
    expect(ownerApiPaths('/see/6b04')).toEqual([]);
  });

  it("asks for the owner's lists and the list shown with the stored bearer, and nothing signed out", () => {
    const fetchImpl = jest.fn(async () => ({ status: 200 }) as Response);
    history.replaceState(null, '', '/product-list/list1');
    startEarlyRequests(window, fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).not.toHaveBeenCalled();
    localStorage.setItem('token', JSON.stringify({ name: 't', bearer: 'b1' }));
    startEarlyRequests(window, fetchImpl as unknown as typeof fetch);
    expect((fetchImpl.mock.calls as unknown as [string, RequestInit][]).map(([url]) => url)).toEqual(ownerApiPaths('/product-list/list1'));
    expect(early()?.['/api/product-lists/list1']?.bearer).toBe('b1');
    expect(early()?.['/api/favorites']?.bearer).toBe('b1');
  });

  it("answers the session's summary from the one read of the lists, each taker reading its own copy", async () => {
    localStorage.setItem('token', JSON.stringify({ name: 't', bearer: 'b1' }));
    history.replaceState(null, '', '/product-list/list1');
    const body = JSON.stringify({ data: [{ id: 'l1', name: 'Birthday', products: [{ id: 'p1' }] }] });
    // A body is read once: a copy made after a read fails, as a browser's Response does.
    class OneReadResponse {
      status = 200;
      private read = false;
      clone() {
        if (this.read) throw new TypeError('body already used');
        return new OneReadResponse();
      }
      async text() {
        if (this.read) throw new TypeError('body already used');
        this.read = true;
        return body;
      }
    }
    const fetchImpl = jest.fn(async () => new OneReadResponse() as unknown as Response);
    startEarlyRequests(window, fetchImpl as unknown as typeof fetch);
    const urls = (fetchImpl.mock.calls as unknown as [string][]).map(([url]) => url);
    expect(urls.filter((url) => url.startsWith('/api/product-lists?'))).toHaveLength(0);
    const summary = early()?.['/api/product-lists?summary=1'];
    const lists = early()?.['/api/product-lists'];
    expect(summary?.bearer).toBe('b1');
    expect(await (await summary!.response).text()).toBe(body);
    expect(await (await lists!.response).text()).toBe(body);
  });

  it('asks nothing on other pages, and without a bearer sends none', () => {
    const fetchImpl = jest.fn(async () => ({ status: 200 }) as Response);
    history.replaceState(null, '', '/en');
    startEarlyRequests(window, fetchImpl as unknown as typeof fetch);
    expect(fetchImpl).not.toHaveBeenCalled();
    history.replaceState(null, '', '/see/x');
    startEarlyRequests(window, fetchImpl as unknown as typeof fetch);
    expect((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].headers).not.toHaveProperty('Authorization');
    expect(early()?.['/api/product-lists/x']?.bearer).toBeNull();
  });
});

describe('runtime config inlined by the gateway', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    forgetRemotes();
  });

  it('is taken once, then /remotes.json is fetched again (a Retry sees a redeployed remote)', () => {
    document.body.innerHTML = `<script id="${INLINE_CONFIG_ID}" type="application/json">{"remotes":[{"name":"remote_lists","entry":"/remotes/lists/mf-manifest.json"}],"affiliation":{"scriptUrl":null}}</script>`;
    expect(takeInlineRuntimeConfig()).toEqual({ remotes: [{ name: 'remote_lists', entry: '/remotes/lists/mf-manifest.json' }], affiliation: { scriptUrl: null } });
    expect(takeInlineRuntimeConfig()).toBeNull();
  });

  it('is ignored when absent or unreadable', () => {
    expect(takeInlineRuntimeConfig()).toBeNull();
    forgetRemotes();
    document.body.innerHTML = `<script id="${INLINE_CONFIG_ID}" type="application/json">{not json</script>`;
    expect(takeInlineRuntimeConfig()).toBeNull();
  });
});

describe('first view named by the gateway', () => {
  const { preloadRemote } = jest.requireMock('@module-federation/enhanced/runtime') as { preloadRemote: jest.Mock };
  beforeEach(() => {
    document.body.innerHTML = '';
    forgetRemotes();
    preloadRemote.mockReset();
    preloadRemote.mockResolvedValue(undefined);
  });

  it('preloads the named remote page without its shared packages, only for a known remote', () => {
    registerRuntimeRemotes([{ name: 'remote_lists', entry: '/remotes/lists/mf-manifest.json' }]);
    document.body.innerHTML = `<script id="${FIRST_VIEW_ID}" type="application/json">{"remote":"remote_lists","expose":"./SharedListPage"}</script>`;
    preloadFirstView();
    expect(preloadRemote).toHaveBeenCalledWith([{ nameOrAlias: 'remote_lists', exposes: ['./SharedListPage'], share: false, depsRemote: false }]);
    document.body.innerHTML = `<script id="${FIRST_VIEW_ID}" type="application/json">{"remote":"remote_unknown"}</script>`;
    preloadFirstView();
    expect(preloadRemote).toHaveBeenCalledTimes(1);
  });
});

describe('rememberPathLanguage', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('remembers /en or /fr as the chosen language at once, as the preferences store keeps it', () => {
    localStorage.setItem(LANGUAGE_KEY, JSON.stringify('fr'));
    window.history.replaceState(null, '', '/en');
    rememberPathLanguage();
    expect(JSON.parse(localStorage.getItem(LANGUAGE_KEY)!)).toBe('en');
    window.history.replaceState(null, '', '/fr/comment-ajouter-un-produit');
    rememberPathLanguage();
    expect(JSON.parse(localStorage.getItem(LANGUAGE_KEY)!)).toBe('fr');
  });

  it('leaves the choice alone on a path without a language', () => {
    localStorage.setItem(LANGUAGE_KEY, JSON.stringify('fr'));
    window.history.replaceState(null, '', '/see/abc');
    rememberPathLanguage();
    expect(JSON.parse(localStorage.getItem(LANGUAGE_KEY)!)).toBe('fr');
  });
});
