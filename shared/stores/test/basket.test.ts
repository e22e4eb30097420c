import type { BasketInput } from '../src/basket';

const product = (id: string, price: number | null = 1000, extra: Partial<BasketInput> = {}): BasketInput & { productListId: string } => ({
  id,
  name: `Product ${id}`,
  url: `https://shop.example/${id}`,
  price,
  image: `https://img.example/${id}.jpg`,
  websiteName: 'shop.example',
  hasBeenOffered: false,
  isWishlisted: true,
  hasFocus: true,
  isMovable: false,
  productListId: 'L1',
  ...extra,
});

describe('basket store (SPEC §3, §4)', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.resetModules();
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = () => require('../src') as typeof import('../src');

  it('starts empty', () => {
    const { useBasketStore } = load();
    const s = useBasketStore.getState();
    expect(s.isEmpty()).toBe(true);
    expect(s.count()).toBe(0);
    expect(s.total()).toBe(0);
    expect(s.formattedTotal('fr')).toMatch(/^0,00\s€$/);
    expect(s.formattedTotal('en')).toBe('€0.00');
  });

  it('keeps its initial empty products when nothing is stored, so a hydrating page sees no change', () => {
    const { useBasketStore } = load();
    expect(useBasketStore.getState().products).toBe(useBasketStore.getInitialState().products);
    localStorage.setItem('basket', JSON.stringify({ state: { products: 'not a list' }, version: 1 }));
    jest.resetModules();
    const again = load().useBasketStore;
    expect(again.getState().products).toEqual([]);
    expect(again.getState().products).toBe(again.getInitialState().products);
  });

  it('adds, ignores an id already present, and answers has/count/total', () => {
    const { useBasketStore } = load();
    const s = useBasketStore.getState();
    expect(s.add(product('a', 1250))).toBe(true);
    expect(s.add(product('a', 9999, { name: 'other' }))).toBe(false);
    expect(s.add(product('b', null))).toBe(true);
    expect(s.add(product('c', 800))).toBe(true);
    const st = useBasketStore.getState();
    expect(st.count()).toBe(3);
    expect(st.has('a')).toBe(true);
    expect(st.has('zz')).toBe(false);
    expect(st.has(undefined)).toBe(false);
    expect(st.products.find((p) => p.id === 'a')?.name).toBe('Product a');
    expect(st.total()).toBe(2050);
    expect(st.formattedTotal('fr')).toMatch(/^20,50\s€$/);
    expect(st.formattedTotal('en')).toBe('€20.50');
    expect(st.isEmpty()).toBe(false);
  });

  it('ignores a product without an id', () => {
    const { useBasketStore } = load();
    expect(useBasketStore.getState().add(product('', 10))).toBe(false);
    expect(useBasketStore.getState().add({ ...product('x'), id: undefined })).toBe(false);
    expect(useBasketStore.getState().count()).toBe(0);
  });

  it('removes by id, removes several, clears', () => {
    const { useBasketStore } = load();
    const s = useBasketStore.getState();
    ['a', 'b', 'c', 'd'].forEach((id) => s.add(product(id)));
    s.remove('b');
    s.remove('nope');
    expect(useBasketStore.getState().products.map((p) => p.id)).toEqual(['a', 'c', 'd']);
    s.removeMany(['a', 'd', 'zz']);
    expect(useBasketStore.getState().products.map((p) => p.id)).toEqual(['c']);
    s.clear();
    expect(useBasketStore.getState().isEmpty()).toBe(true);
  });

  it('persists only the stored fields under `basket`', () => {
    const { useBasketStore } = load();
    useBasketStore.getState().add({ ...product('a', 500), extra: 'dropped', ownerId: 'u1' } as BasketInput);
    const stored = JSON.parse(localStorage.getItem('basket')!);
    expect(stored.state).toEqual({
      products: [
        {
          id: 'a',
          name: 'Product a',
          url: 'https://shop.example/a',
          price: 500,
          image: 'https://img.example/a.jpg',
          websiteName: 'shop.example',
          hasBeenOffered: false,
          isWishlisted: true,
          hasFocus: true,
          isMovable: false,
          productListId: 'L1',
        },
      ],
    });
    expect(Object.keys(stored.state)).toEqual(['products']);
  });

  it('remembers the last shared list viewed, keeps it through clear and a reload, drops a bad stored one', () => {
    let { useBasketStore } = load();
    useBasketStore.getState().rememberList('L7');
    useBasketStore.getState().rememberList('');
    useBasketStore.getState().clear();
    expect(useBasketStore.getState().lastListId).toBe('L7');
    expect(JSON.parse(localStorage.getItem('basket')!).state.lastListId).toBe('L7');
    jest.resetModules();
    ({ useBasketStore } = load());
    expect(useBasketStore.getState().lastListId).toBe('L7');
    localStorage.setItem('basket', JSON.stringify({ state: { products: [], lastListId: { evil: true } }, version: 1 }));
    jest.resetModules();
    ({ useBasketStore } = load());
    expect(useBasketStore.getState().lastListId).toBeUndefined();
  });

  it('reads the stored basket back on load', () => {
    load().useBasketStore.getState().add(product('a', 300));
    jest.resetModules();
    const { useBasketStore } = load();
    expect(useBasketStore.getState().has('a')).toBe(true);
    expect(useBasketStore.getState().total()).toBe(300);
  });

  it('drops corrupted stored entries and duplicates instead of crashing', () => {
    localStorage.setItem(
      'basket',
      JSON.stringify({
        state: { products: [product('a', 100), { id: 3 }, null, 'x', product('a', 200), { ...product('b'), price: 'NaN' }] },
        version: 1,
      }),
    );
    const { useBasketStore } = load();
    const st = useBasketStore.getState();
    expect(st.products.map((p) => p.id)).toEqual(['a', 'b']);
    expect(st.products[1].price).toBeNull();
    expect(st.total()).toBe(100);
  });

  it('survives unparsable storage', () => {
    localStorage.setItem('basket', '{not json');
    const { useBasketStore } = load();
    expect(useBasketStore.getState().isEmpty()).toBe(true);
  });

  it('follows a change made in another tab', async () => {
    const { useBasketStore } = load();
    localStorage.setItem('basket', JSON.stringify({ state: { products: [product('z', 42)] }, version: 1 }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'basket' }));
    await Promise.resolve();
    expect(useBasketStore.getState().has('z')).toBe(true);
  });
});

describe('basket at sign-out', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.resetModules();
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = () => require('../src') as typeof import('../src');

  it('forgets the last list when the session ends, and keeps the anonymous products', () => {
    const { useBasketStore, useSessionStore } = load();
    useSessionStore.getState().setBearer('xyz');
    useBasketStore.getState().rememberList('L7');
    useBasketStore.getState().add(product('p1'));
    useSessionStore.getState().logout();
    expect(useBasketStore.getState().lastListId).toBeUndefined();
    expect(JSON.parse(localStorage.getItem('basket')!).state.lastListId).toBeUndefined();
    expect(useBasketStore.getState().products.map((p) => p.id)).toEqual(['p1']);
  });

  it('forgetList leaves an empty basket as it was', () => {
    const { useBasketStore } = load();
    useBasketStore.getState().forgetList();
    expect(useBasketStore.getState().lastListId).toBeUndefined();
  });
});

describe('view store', () => {
  it('publishes whether the shown list is the person own', () => {
    jest.resetModules();
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { useViewStore, isViewingOwnList } = require('../src') as typeof import('../src');
    expect(isViewingOwnList()).toBe(false);
    useViewStore.getState().setViewedList({ id: 'L1', isOwner: true });
    expect(isViewingOwnList()).toBe(true);
    useViewStore.getState().setViewedList({ id: 'L2', isOwner: false });
    expect(isViewingOwnList()).toBe(false);
    useViewStore.getState().setViewedList(null);
    expect(useViewStore.getState().viewedList).toBeNull();
  });

});

describe('basket quantities', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.resetModules();
  });
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const load = () => require('../src') as typeof import('../src');

  it('keeps a quantity per line, bounded by the units left, and counts it in the total', () => {
    const { useBasketStore } = load();
    const s = useBasketStore.getState();
    s.add(product('q', 1000, { quantity: 4, offeredQuantity: 1, note: 'Size M', mostWanted: true }));
    expect(useBasketStore.getState().products[0]).toMatchObject({ quantity: 4, offeredQuantity: 1, note: 'Size M', mostWanted: true });
    expect(useBasketStore.getState().products[0].units).toBeUndefined();
    s.setUnits('q', 2);
    expect(useBasketStore.getState().total()).toBe(2000);
    s.setUnits('q', 10);
    expect(useBasketStore.getState().products[0].units).toBe(3);
    s.setUnits('q', 0);
    expect(useBasketStore.getState().products[0].units).toBe(1);
    // The service said only one is left: the line follows.
    s.setUnits('q', 3, 1);
    expect(useBasketStore.getState().products[0]).toMatchObject({ units: 1, offeredQuantity: 3 });
  });

  it('drops stored quantities that are not whole numbers in range', () => {
    localStorage.setItem(
      'basket',
      JSON.stringify({ state: { products: [{ ...product('x'), quantity: 1.5, offeredQuantity: -1, units: 500, note: 7 }] }, version: 1 }),
    );
    const { useBasketStore } = load();
    const [item] = useBasketStore.getState().products;
    expect(item.quantity).toBeUndefined();
    expect(item.offeredQuantity).toBeUndefined();
    expect(item.units).toBeUndefined();
    expect(item.note).toBeUndefined();
  });
});
