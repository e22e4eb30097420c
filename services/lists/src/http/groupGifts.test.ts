import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { api, fromService, person } from '../test-support/harness';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

describe('groupGift on products', () => {
  it('is absent unless set, is set on POST and both PATCH routes, and reaches visitors and the offers lookup', async () => {
    const me = await person();
    const plain = await me.addProduct(me.defaultListId);
    expect((await me.list(me.defaultListId)).products[0]).not.toHaveProperty('groupGift');

    const id = await me.addProduct(me.defaultListId, { price: 30000, groupGift: true });
    const shared = await api().get(`/api/product-lists/${me.defaultListId}`);
    expect(shared.body.data.products.find((p: { id: string }) => p.id === id)).toMatchObject({ groupGift: true, price: 30000 });

    const off = await api().patch(`/api/products-in-lists/${id}`).set(me.headers).send({ groupGift: false });
    expect(off.status).toBe(200);
    expect(off.body.data).not.toHaveProperty('groupGift');
    const on = await api().patch(`/api/product-lists/${me.defaultListId}/products/${plain}`).set(me.headers).send({ groupGift: true });
    expect(on.status).toBe(200);
    expect(on.body.data.groupGift).toBe(true);

    const lookup = await api().post('/internal/products/lookup').set(await fromService('offers')).send({ ids: [plain] });
    expect(lookup.body.data[0]).toMatchObject({ id: plain, groupGift: true, price: 1999, ownerId: me.id });
  });

  it('needs a price of at least 5 € and one unit (422 groupGift), on creation and on change', async () => {
    const me = await person();
    const noPrice = await api()
      .post('/api/products-in-lists')
      .set(me.headers)
      .send({ name: 'Bike', image: 'https://shop.example/a.jpg', price: null, url: 'https://shop.example/p', productListId: me.defaultListId, groupGift: true });
    expect(noPrice.status).toBe(422);
    expect(noPrice.body.errors).toEqual({ groupGift: 'price-required' });

    const id = await me.addProduct(me.defaultListId, { price: 499 });
    const tooCheap = await api().patch(`/api/products-in-lists/${id}`).set(me.headers).send({ groupGift: true });
    expect(tooCheap.status).toBe(422);
    expect(tooCheap.body.errors).toEqual({ groupGift: 'price-required' });

    const gift = await me.addProduct(me.defaultListId, { price: 10000, groupGift: true });
    const clearPrice = await api().patch(`/api/products-in-lists/${gift}`).set(me.headers).send({ price: null });
    expect(clearPrice.status).toBe(422);
    expect(clearPrice.body.errors).toEqual({ groupGift: 'price-required' });
    const twoUnits = await api().patch(`/api/products-in-lists/${gift}`).set(me.headers).send({ quantity: 2 });
    expect(twoUnits.status).toBe(422);
    expect(twoUnits.body.errors).toEqual({ groupGift: 'one-unit' });
    const notBoolean = await api().patch(`/api/products-in-lists/${gift}`).set(me.headers).send({ groupGift: 'yes' });
    expect(notBoolean.status).toBe(422);
    expect(notBoolean.body.errors).toEqual({ groupGift: 'invalid-group-gift' });

    const stored = (await me.list(me.defaultListId)).products.find((p: { id: string }) => p.id === gift);
    expect(stored).toMatchObject({ price: 10000, quantity: 1, groupGift: true });
  });

  it('refuses to turn a product someone offered into a group gift', async () => {
    const me = await person();
    const id = await me.addProduct(me.defaultListId, { price: 10000 });
    const claimed = await api().post('/internal/products/claim').set(await fromService('offers')).send({ ids: [id], offeringId: 'offering-1' });
    expect(claimed.status).toBe(200);
    const res = await api().patch(`/api/products-in-lists/${id}`).set(me.headers).send({ groupGift: true });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ groupGift: 'already-offered' });
  });
});
