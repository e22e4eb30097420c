// The shared list the server rendered for the app to hydrate: the store starts with it (the page's
// first render is then the server's markup), and a fresh read of the same list changes nothing.
import { list, mocked, product, resetApi } from '../test/api';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());

const served = list('L1', 'Birthday', [product('P1', { websiteName: 'www.shop.example' })], false);

function servePage(path: string, data: unknown, hydrate = true) {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = `<script id="first-view-data" type="application/json">${JSON.stringify(data)}</script>`;
  if (hydrate) document.documentElement.setAttribute('data-first-view-hydrate', 'see');
  else document.documentElement.removeAttribute('data-first-view-hydrate');
}

/** The store as a page load creates it, with the API mock of the same module registry. */
function freshStore() {
  let mod: typeof import('./listsStore') | undefined;
  let api: ReturnType<typeof mocked> | undefined;
  jest.isolateModules(() => {
    mod = jest.requireActual<typeof import('./listsStore')>('./listsStore');
    api = jest.requireActual<typeof import('../test/api')>('../test/api').mocked();
  });
  return { store: mod!.useListsStore, api: api! };
}

/** Runs `body` with the page's navigation entry saying it was loaded as `type` (jsdom has none). */
async function navigatedAs(type: string, body: () => Promise<void>): Promise<void> {
  const perf = performance as unknown as Record<string, unknown>;
  const before = Object.getOwnPropertyDescriptor(perf, 'getEntriesByType');
  Object.defineProperty(perf, 'getEntriesByType', { configurable: true, value: () => [{ type }] });
  try {
    await body();
  } finally {
    if (before) Object.defineProperty(perf, 'getEntriesByType', before);
    else delete perf.getEntriesByType;
  }
}

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('data-first-view-hydrate');
});

it('starts with the served list, normalized as a read would leave it, and takes the data once', () => {
  servePage('/see/L1', served);
  const { store } = freshStore();
  const state = store.getState();
  expect(state.source).toEqual({ kind: 'shared', listId: 'L1' });
  expect(state.lists[0].products[0].websiteName).toBe('shop.example');
  expect(store.getInitialState().lists).toBe(state.lists);
  expect(document.getElementById('first-view-data')).toBeNull();
});

it('keeps the shown objects when a fresh read says the same (nothing re-renders), takes a changed one', async () => {
  servePage('/see/L1', served);
  const { store, api } = freshStore();
  resetApi(api);
  const shown = store.getState().lists[0];
  api.getProductList.mockResolvedValue(JSON.parse(JSON.stringify(served)));
  await store.getState().loadShared('L1');
  expect(store.getState().lists[0]).toBe(shown);
  api.getProductList.mockResolvedValue({ ...served, name: 'Renamed' });
  await store.getState().loadShared('L1');
  expect(store.getState().lists[0].name).toBe('Renamed');
});

it('keeps the products a fresh read did not change as the objects shown (their cards do not render again)', async () => {
  const first = [product('P1'), product('P2')];
  servePage('/see/L1', { ...list('L1', 'Birthday', first, false), productCount: 3 });
  const { store, api } = freshStore();
  resetApi(api);
  const [p1, p2] = store.getState().lists[0].products;
  api.getProductList.mockResolvedValue(list('L1', 'Birthday', [product('P1'), product('P2', { name: 'Renamed' }), product('P3')], false));
  await store.getState().loadShared('L1');
  const products = store.getState().lists[0].products;
  expect(products.map((p) => p.id)).toEqual(['P1', 'P2', 'P3']);
  expect(products[0]).toBe(p1);
  expect(products[1]).not.toBe(p2);
  expect(products[1].name).toBe('Renamed');
  expect(store.getState().partialIds).toEqual([]);
});

it('takes the served list for its first read when the page came from the server for this load, reads it again after', () =>
  navigatedAs('navigate', async () => {
    servePage('/see/L1', served);
    const { store, api } = freshStore();
    resetApi(api);
    const shown = store.getState().lists[0];
    api.getProductList.mockResolvedValue({ ...served, name: 'Renamed' });
    await expect(store.getState().loadShared('L1')).resolves.toBe(shown);
    expect(api.getProductList).not.toHaveBeenCalled();
    await store.getState().loadShared('L1');
    expect(api.getProductList).toHaveBeenCalledTimes(1);
    expect(store.getState().lists[0].name).toBe('Renamed');
  }));

it('shows a long list served with its first products at once, and reads it whole for its first load', () =>
  navigatedAs('navigate', async () => {
    const products = Array.from({ length: 30 }, (_, i) => product(`P${i}`));
    const whole = list('L1', 'Birthday', products, false);
    servePage('/see/L1', { ...whole, products: products.slice(0, 24), productCount: 30 });
    const { store, api } = freshStore();
    resetApi(api);
    expect(store.getState().lists[0].products).toHaveLength(24);
    expect(store.getState().partialIds).toEqual(['L1']);
    expect(store.getState().status).toBe('ready');
    api.getProductList.mockResolvedValue(JSON.parse(JSON.stringify(whole)));
    const reading = store.getState().loadShared('L1');
    // The first products stay on screen while the rest is read.
    expect(store.getState().lists[0].products).toHaveLength(24);
    await reading;
    expect(api.getProductList).toHaveBeenCalledTimes(1);
    expect(store.getState().lists[0].products).toHaveLength(30);
    expect(store.getState().partialIds).toEqual([]);
  }));

it('reads the served list again when the page came back through the history (the browser may have kept its copy)', () =>
  navigatedAs('back_forward', async () => {
    servePage('/see/L1', served);
    const { store, api } = freshStore();
    resetApi(api);
    api.getProductList.mockResolvedValue(JSON.parse(JSON.stringify(served)));
    await store.getState().loadShared('L1');
    expect(api.getProductList).toHaveBeenCalledTimes(1);
  }));

it('starts empty without a hydratable page, on another path, or for an owner\'s answer', () => {
  for (const [path, data, hydrate] of [
    ['/see/L1', served, false],
    ['/see/OTHER', served, true],
    ['/see/L1', { ...served, isOwner: true }, true],
    ['/see/L1', 'not a list', true],
  ] as const) {
    servePage(path, data, hydrate);
    const { store } = freshStore();
    expect(store.getState().lists).toEqual([]);
    expect(store.getState().source).toBeNull();
  }
});
