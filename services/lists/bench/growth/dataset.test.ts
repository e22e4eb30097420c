import { generator, LISTS_PER_USER, parseSizes, PRODUCTS_PER_USER, shapeOf } from './dataset';

describe('parseSizes', () => {
  it('reads k for thousands, defaults to the sizes of the issue, refuses what is no size', () => {
    expect(parseSizes('1k, 10k,2000')).toEqual([1000, 10_000, 2000]);
    expect(parseSizes(undefined)).toEqual([1000, 10_000, 100_000, 500_000]);
    expect(() => parseSizes('ten')).toThrow(/--sizes/);
    expect(() => parseSizes('1010')).toThrow(/multiple of 20/);
    expect(() => parseSizes('20')).toThrow(/at least 40/);
  });
});

describe('the data set', () => {
  it('has 1 user per 20 products, 5 lists each, one offering per user', () => {
    expect(shapeOf(500_000)).toEqual({ users: 25_000, lists: 125_000, products: 500_000, offerings: 25_000 });
    const g = generator(1000, 'seed');
    const all = g.batch(0, g.users);
    expect(all.users).toHaveLength(50);
    expect(all.lists).toHaveLength(50 * LISTS_PER_USER);
    expect(all.products).toHaveLength(50 * PRODUCTS_PER_USER);
    expect(all.offerings).toHaveLength(50);
  });

  it('is the same whatever the batches, and each offering holds a product that says so', () => {
    const g = generator(200, 'seed');
    const whole = g.batch(0, g.users);
    const parts = [g.batch(0, 3), g.batch(3, g.users)];
    expect(parts.flatMap((p) => p.products).map((p) => String(p._id))).toEqual(whole.products.map((p) => String(p._id)));
    const byId = new Map(whole.products.map((p) => [String(p._id), p]));
    for (const o of whole.offerings) {
      const [offered] = o.products as { id: string }[];
      const product = byId.get(offered.id)!;
      expect(product.holds).toEqual([{ offeringId: o._id, units: 1 }]);
      expect(product.hasBeenOffered).toBe(true);
      expect(product.ownerId).toBe(o.ownerId);
    }
    expect(whole.products.filter((p) => p.hasBeenOffered)).toHaveLength(g.users);
    // Each list orders its own products; one default list per user.
    for (const l of whole.lists) expect((l.productIds as unknown[]).length).toBe(PRODUCTS_PER_USER / LISTS_PER_USER);
    expect(whole.lists.filter((l) => l.defaultFor)).toHaveLength(g.users);
    expect(g.userOf(2).listIds[0]).toBe(String(whole.lists[2 * LISTS_PER_USER]._id));
  });

  it('gives the journal probe a short and a long list', () => {
    const { batch, user } = generator(40, 'seed').probe(10, 480);
    expect(user.productIds.map((p) => p.length)).toEqual([10, 480]);
    expect(batch.products).toHaveLength(490);
    expect(batch.lists.map((l) => (l.productIds as unknown[]).length)).toEqual([10, 480]);
  });
});
