import { list, mocked, product, resetApi } from '../test/api';
import { useListsStore } from './listsStore';

jest.mock('@wishlist/api-client', () => jest.requireActual('../test/api').apiMock());
const api = mocked();
const store = () => useListsStore.getState();

beforeEach(() => {
  resetApi(api);
  store().reset();
});

describe('useListsStore', () => {
  it('loads owned lists then the favorites, each favorite read when it is shown (a deleted one drops out), and strips www.', async () => {
    api.getProductLists.mockResolvedValue([list('L1', 'Mine', [product('P1', { websiteName: 'www.shop.example' })])]);
    api.getFavorites.mockResolvedValue([
      { id: 'F1', name: 'Fav', productCount: 1 },
      { id: 'GONE', name: 'Deleted' },
    ]);
    api.getProductList.mockImplementation(async (id) => {
      if (id === 'F1') return list('F1', 'Fav', [product('P9')], false);
      throw new api.ApiError(404, {});
    });
    await store().loadMine();
    expect(api.getProductList).not.toHaveBeenCalled();
    expect(store().lists.map((l) => [l.id, l.isOwner, l.products.length])).toEqual([
      ['L1', true, 1],
      ['F1', false, 0],
      ['GONE', false, 0],
    ]);
    expect(store().partialIds).toEqual(['F1', 'GONE']);
    expect(store().favoriteIds).toEqual(['F1', 'GONE']);
    expect(store().lists[0].products[0].websiteName).toBe('shop.example');

    await store().completeList('F1');
    await store().completeList('GONE');
    await store().completeList('L1');
    expect(api.getProductList).toHaveBeenCalledTimes(2);
    expect(store().lists.map((l) => [l.id, l.isOwner, l.products.map((p) => p.id)])).toEqual([
      ['L1', true, ['P1']],
      ['F1', false, ['P9']],
    ]);
    expect(store().partialIds).toEqual([]);
  });

  it('reads an owned list whole when it holds more products than its preview; a reload keeps them on screen until read again', async () => {
    const whole = ['P1', 'P2', 'P3', 'P4'].map((id) => product(id));
    api.getProductLists.mockResolvedValue([{ ...list('L1', 'A', whole.slice(0, 2)), productCount: 4 }, { ...list('L2', 'B', [product('P5', { productListId: 'L2' })]), productCount: 1 }]);
    api.getProductList.mockResolvedValue(list('L1', 'A', whole));
    await store().loadMine();
    expect(store().partialIds).toEqual(['L1']);
    await store().completeList('L1');
    expect(store().lists[0].products.map((p) => p.id)).toEqual(['P1', 'P2', 'P3', 'P4']);
    expect(store().partialIds).toEqual([]);

    await store().reload();
    expect(store().partialIds).toEqual(['L1']);
    expect(store().lists[0].products.map((p) => p.id)).toEqual(['P1', 'P2', 'P3', 'P4']);
  });

  it('loads the list to be shown whole with the lists (one update, nothing left to complete); a failed read leaves it partial', async () => {
    const whole = ['P1', 'P2', 'P3'].map((id) => product(id));
    api.getProductLists.mockResolvedValue([{ ...list('L1', 'A', whole.slice(0, 1)), productCount: 3 }, { ...list('L2', 'B', [product('P5')]), productCount: 2 }]);
    api.getProductList.mockImplementation(async (id) => (id === 'L1' ? list('L1', 'A renamed', whole) : list('L9', 'Not mine', [product('P9')], false)));
    const updates = jest.fn();
    const unsubscribe = useListsStore.subscribe(updates);
    await store().loadMine('L1');
    unsubscribe();
    expect(updates).toHaveBeenCalledTimes(2); // loading, then the lists
    expect(store().lists.map((l) => [l.id, l.name, l.products.length, l.productCount])).toEqual([
      ['L1', 'A renamed', 3, 3],
      ['L2', 'B', 1, 2],
    ]);
    expect(store().partialIds).toEqual(['L2']);

    store().reset();
    await store().loadMine('L9');
    expect(store().lists.map((l) => l.id)).toEqual(['L1', 'L2']);
    expect(store().partialIds).toEqual(['L1', 'L2']);

    store().reset();
    api.getProductList.mockRejectedValue(new api.ApiError(500, {}));
    await store().loadMine('L1');
    expect(store().lists[0].products.map((p) => p.id)).toEqual(['P1']);
    expect(store().partialIds).toEqual(['L1', 'L2']);
  });

  it('drops an answer that arrives after a sign-out', async () => {
    api.getProductLists.mockResolvedValue([{ ...list('L1', 'A', [product('P1')]), productCount: 3 }]);
    let answer: (l: ReturnType<typeof list>) => void = () => undefined;
    api.getProductList.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    await store().loadMine();
    const pending = store().completeList('L1');
    store().reset();
    answer(list('L1', 'A', [product('P1'), product('P2'), product('P3')]));
    await pending;
    expect(store().lists).toEqual([]);
  });

  it('drops the lists of a load that ends after a sign-out', async () => {
    let answer: (l: ReturnType<typeof list>[]) => void = () => undefined;
    api.getProductLists.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    api.getFavorites.mockResolvedValue([]);
    const pending = store().loadMine();
    store().reset();
    answer([list('L1', 'A', [product('P1')])]);
    expect(await pending).toEqual([]);
    expect(store().lists).toEqual([]);
    expect(store().source).toBeNull();
  });

  it('upsertProduct adds, replaces, and moves a product saved into another list', async () => {
    api.getProductLists.mockResolvedValue([list('L1', 'A', [product('P1'), product('P2')]), list('L2', 'B', [product('P3')])]);
    await store().loadMine();
    store().upsertProduct(product('P4', { productListId: 'L1' }));
    store().upsertProduct(product('P1', { productListId: 'L1', name: 'Renamed' }));
    store().upsertProduct(product('P2', { productListId: 'L2' }));
    const ids = store().lists.map((l) => l.products.map((p) => p.id));
    expect(ids).toEqual([['P1', 'P4'], ['P3', 'P2']]);
    expect(store().lists[0].products[0].name).toBe('Renamed');
  });

  it('removeProduct drops it and its focus; reload reads the source again', async () => {
    api.getProductLists.mockResolvedValue([list('L1', 'A', [product('P1'), product('P2')])]);
    await store().loadMine();
    store().setFocus('P1');
    store().removeProduct('P1');
    expect(store().lists[0].products.map((p) => p.id)).toEqual(['P2']);
    expect(store().focusedProductId).toBeNull();
    await store().reload();
    expect(api.getProductLists).toHaveBeenCalledTimes(2);
    expect(store().lists[0].products.map((p) => p.id)).toEqual(['P1', 'P2']);
  });

  it('refresh is ignored while one runs', async () => {
    api.getProductLists.mockResolvedValue([list('L1', 'A')]);
    await store().loadMine();
    const first = store().refresh();
    expect(await store().refresh()).toBe(false);
    expect(await first).toBe(true);
    expect(api.getProductLists).toHaveBeenCalledTimes(2);
  });
});
