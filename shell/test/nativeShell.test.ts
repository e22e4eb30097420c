import { detectNativeShell, initNativeShell, NATIVE_SHELL_STORAGE_KEY } from '../src/nativeShell';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe('detectNativeShell', () => {
  it('turns native mode on from ?shell=android, remembers it and strips only that query', () => {
    const storage = memoryStorage();
    const r = detectNativeShell({ href: 'https://w.example/en/basket?a=1&shell=android#top', referrer: '', storage });
    expect(r.native).toBe(true);
    expect(r.cleanedHref).toBe('https://w.example/en/basket?a=1#top');
    expect(storage.data.get(NATIVE_SHELL_STORAGE_KEY)).toBe('1');
  });

  it('keeps native mode for the session once remembered, without query or referrer', () => {
    const storage = memoryStorage({ [NATIVE_SHELL_STORAGE_KEY]: '1' });
    expect(detectNativeShell({ href: 'https://w.example/product-lists', referrer: '', storage })).toEqual({ native: true, cleanedHref: null });
  });

  it('recognises an android-app:// referrer', () => {
    const storage = memoryStorage();
    const r = detectNativeShell({ href: 'https://w.example/', referrer: 'android-app://com.example.wishlist/', storage });
    expect(r).toEqual({ native: true, cleanedHref: null });
    expect(storage.data.get(NATIVE_SHELL_STORAGE_KEY)).toBe('1');
  });

  it('is off otherwise: plain address, web referrer, nothing remembered', () => {
    const storage = memoryStorage();
    expect(detectNativeShell({ href: 'https://w.example/en', referrer: 'https://www.google.com/', storage })).toEqual({ native: false, cleanedHref: null });
    expect(storage.data.size).toBe(0);
  });

  it('another shell value leaves native mode and forgets it', () => {
    const storage = memoryStorage({ [NATIVE_SHELL_STORAGE_KEY]: '1' });
    const r = detectNativeShell({ href: 'https://w.example/en?shell=web', referrer: '', storage });
    expect(r).toEqual({ native: false, cleanedHref: 'https://w.example/en' });
    expect(storage.data.has(NATIVE_SHELL_STORAGE_KEY)).toBe(false);
  });

  it('works without storage (private mode)', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => undefined,
    };
    expect(detectNativeShell({ href: 'https://w.example/?shell=android', referrer: '', storage }).native).toBe(true);
    expect(detectNativeShell({ href: 'https://w.example/', referrer: '', storage }).native).toBe(false);
    expect(detectNativeShell({ href: 'https://w.example/', referrer: '', storage: null }).native).toBe(false);
  });
});

describe('initNativeShell', () => {
  afterEach(() => {
    sessionStorage.clear();
    delete window.__WISHLIST_NATIVE__;
    window.history.replaceState(null, '', '/');
  });

  it('publishes the mode for the remotes and rewrites the address without the query', () => {
    window.history.replaceState({ keep: true }, '', '/fr/product-lists?shell=android&x=2');
    expect(initNativeShell()).toBe(true);
    expect(window.__WISHLIST_NATIVE__).toBe(true);
    expect(window.location.pathname + window.location.search).toBe('/fr/product-lists?x=2');
    expect(window.history.state).toEqual({ keep: true });
    // A later start in the same tab (reload, new navigation) still knows it.
    window.history.replaceState(null, '', '/en');
    delete window.__WISHLIST_NATIVE__;
    expect(initNativeShell()).toBe(true);
  });

  it('a normal session is not native and the address is left alone', () => {
    window.history.replaceState(null, '', '/en?x=1');
    expect(initNativeShell()).toBe(false);
    expect(window.__WISHLIST_NATIVE__).toBe(false);
    expect(window.location.search).toBe('?x=1');
  });

  it('tells the gateway by a session cookie, so that no web-header snapshot is served; a web start forgets it', () => {
    window.history.replaceState(null, '', '/en?shell=android');
    initNativeShell();
    expect(document.cookie).toMatch(/(^|; )wishlist_native=1(;|$)/);
    sessionStorage.clear();
    window.history.replaceState(null, '', '/en?shell=web');
    expect(initNativeShell()).toBe(false);
    expect(document.cookie).not.toMatch(/wishlist_native=1/);
  });
});
