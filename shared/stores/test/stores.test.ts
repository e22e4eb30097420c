describe('@wishlist/stores', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.resetModules();
    delete window.__WISHLIST_SINGLETONS__;
  });
  // Fresh module per test: the stores read localStorage when they are created.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = () => require('../src') as typeof import('../src');

  it('counts module evaluations for the singleton proof', () => {
    load();
    expect(window.__WISHLIST_SINGLETONS__).toEqual({ stores: 1 });
  });

  describe('session', () => {
    it('creates a token named t + ms + 128 random bits and persists it under `token`', () => {
      jest.spyOn(Date, 'now').mockReturnValue(1700000000000);
      const { useSessionStore } = load();
      const t = useSessionStore.getState().ensureToken();
      expect(t).toEqual({ name: expect.stringMatching(/^t1700000000000-[0-9a-f]{32}$/), bearer: '' });
      expect(JSON.parse(localStorage.getItem('token')!)).toEqual(t);
      expect(useSessionStore.getState().ensureToken()).toBe(t);
      jest.restoreAllMocks();
    });
    it('never makes the same name twice in the same millisecond (the random part is not guessable)', () => {
      const { createTokenName } = load();
      const names = new Set(Array.from({ length: 1000 }, () => createTokenName(1700000000000)));
      expect(names.size).toBe(1000);
      expect(createTokenName(5, (b) => b.fill(0xab))).toBe(`t5-${'ab'.repeat(16)}`);
      // The auth service accepts it (its TOKEN_NAME_PATTERN) and so does a link's path segment.
      expect(createTokenName()).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    });
    it('reads the stored token on load and exposes the bearer getter', () => {
      localStorage.setItem('token', JSON.stringify({ name: 't1', bearer: 'abc' }));
      const { getBearer, useSessionStore, hasSession } = load();
      expect(useSessionStore.getState().token).toEqual({ name: 't1', bearer: 'abc' });
      expect(getBearer()).toBe('abc');
      // A bearer alone is not a session (it may wait for validation): the default list makes it one.
      expect(hasSession()).toBe(false);
      useSessionStore.getState().setDefaultListId('L1');
      expect(hasSession()).toBe(true);
    });
    it('stores a bearer and logs out (clears default list and token)', () => {
      const { useSessionStore, getBearer, hasSession } = load();
      useSessionStore.getState().setBearer('xyz');
      useSessionStore.getState().setDefaultListId('L1');
      expect(JSON.parse(localStorage.getItem('token')!).bearer).toBe('xyz');
      useSessionStore.getState().logout();
      expect(useSessionStore.getState().defaultListId).toBeNull();
      expect(localStorage.getItem('token')).toBeNull();
      expect(getBearer()).toBeUndefined();
      expect(hasSession()).toBe(false);
    });
    it('ignores a corrupt stored token', () => {
      localStorage.setItem('token', '{nope');
      expect(load().useSessionStore.getState().token).toBeNull();
    });
  });

  describe('preferences', () => {
    it('persists auth-redirection and language as JSON under their keys', () => {
      const { usePreferencesStore } = load();
      usePreferencesStore.getState().setAuthRedirection('/create-product');
      usePreferencesStore.getState().setLanguage('fr');
      expect(JSON.parse(localStorage.getItem('auth-redirection')!)).toBe('/create-product');
      expect(JSON.parse(localStorage.getItem('language')!)).toBe('fr');
      expect(usePreferencesStore.getState().takeAuthRedirection()).toBe('/create-product');
      expect(localStorage.getItem('auth-redirection')).toBeNull();
    });
    it('loads stored preferences', () => {
      localStorage.setItem('language', '"fr"');
      localStorage.setItem('auth-redirection', '"/basket"');
      const s = load().usePreferencesStore.getState();
      expect(s.language).toBe('fr');
      expect(s.authRedirection).toBe('/basket');
    });
  });

  describe('notifications', () => {
    it('pushes with generated ids, replaces by id, dismisses', () => {
      const { useNotificationsStore, notify } = load();
      const a = notify({ type: 'success', message: 'Saved' });
      notify({ type: 'error', message: 'one', id: 'x' });
      notify({ type: 'error', message: 'two', id: 'x' });
      expect(useNotificationsStore.getState().items.map((i) => i.message)).toEqual(['Saved', 'two']);
      useNotificationsStore.getState().dismiss(a);
      expect(useNotificationsStore.getState().items).toHaveLength(1);
    });
    it('gives the page popin the fixed id tab-popin', () => {
      const { notify } = load();
      expect(notify({ type: 'page', message: 'Offer now?' })).toBe('tab-popin');
    });
  });

  describe('reachability', () => {
    it('defaults to reachable and flips', () => {
      const { useReachabilityStore, setApiReachable } = load();
      expect(useReachabilityStore.getState().isApiReachable).toBe(true);
      setApiReachable(false);
      expect(useReachabilityStore.getState().isApiReachable).toBe(false);
    });
  });
});
