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
  it('loads owned lists then the favorites’ lists, dropping deleted favorites, and strips www.', async () => {
    api.getProductLists.mockResolvedValue([list('L1', 'Mine', [product('P1', { websiteName: 'www.shop.example' })])]);
    api.getFavorites.mockResolvedValue([{ id: 'F1', name: 'Fav' }, { id: 'GONE', name: 'Deleted' }]);
    api.getProductList.mockImplementation(async (id) => {
      if (id === 'F1') return list('F1', 'Fav', [product('P9')], false);
      throw new api.ApiError(404, {});
    });
    await store().loadMine();
    expect(store().lists.map((l) => [l.id, l.isOwner])).toEqual([['L1', true], ['F1', false]]);
    expect(store().favoriteIds).toEqual(['F1', 'GONE']);
    expect(store().lists[0].products[0].websiteName).toBe('shop.example');
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
