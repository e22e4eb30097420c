import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { productPictureOf } from '../images';
import { api, newId, person } from '../test-support/harness';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

describe('/api/favorites', () => {
  it('adds (idempotent), lists oldest first, removes (idempotent)', async () => {
    const me = await person();
    const alice = await person();
    const bob = await person();
    const bobsSecond = await bob.createList('Bob 2');
    expect((await api().put(`/api/favorites/${alice.defaultListId}`).set(me.headers)).status).toBe(204);
    expect((await api().put(`/api/favorites/${bobsSecond}`).set(me.headers)).status).toBe(204);
    expect((await api().put(`/api/favorites/${alice.defaultListId}`).set(me.headers)).status).toBe(204);
    const res = await api().get('/api/favorites').set(me.headers);
    expect(res.status).toBe(200);
    expect(res.body.data.map((f: { id: string; name: string }) => ({ id: f.id, name: f.name }))).toEqual([
      { id: alice.defaultListId, name: 'My wish list' },
      { id: bobsSecond, name: 'Bob 2' },
    ]);
    expect((await api().delete(`/api/favorites/${alice.defaultListId}`).set(me.headers)).status).toBe(204);
    expect((await api().delete(`/api/favorites/${alice.defaultListId}`).set(me.headers)).status).toBe(204);
    expect((await api().get('/api/favorites').set(me.headers)).body.data).toMatchObject([{ id: bobsSecond, name: 'Bob 2' }]);
    // Each person has their own favorites.
    expect((await api().get('/api/favorites').set(alice.headers)).body.data).toEqual([]);
  });

  it('tells same-named favorites apart by product count, first picture and date, never by owner', async () => {
    const me = await person();
    const alice = await person();
    const bob = await person();
    const teapot = await alice.addProduct(alice.defaultListId, { name: 'Teapot', image: 'https://shop.example/teapot.jpg' });
    await alice.addProduct(alice.defaultListId, { name: 'Kettle', image: 'https://shop.example/kettle.jpg' });
    const before = Date.now();
    await api().put(`/api/favorites/${alice.defaultListId}`).set(me.headers);
    await api().put(`/api/favorites/${bob.defaultListId}`).set(me.headers);
    const res = await api().get('/api/favorites').set(me.headers);
    expect(res.body.data).toEqual([
      { id: alice.defaultListId, name: 'My wish list', productCount: 2, image: 'https://shop.example/teapot.jpg', picture: productPictureOf(teapot, 'https://shop.example/teapot.jpg'), favoritedAt: expect.any(String), priceAlerts: false },
      { id: bob.defaultListId, name: 'My wish list', productCount: 0, image: null, favoritedAt: expect.any(String), priceAlerts: false },
    ]);
    expect(Date.parse(res.body.data[0].favoritedAt)).toBeGreaterThanOrEqual(before - 1000);
    // The list's own order decides the picture: Kettle first now.
    const order = (await alice.list(alice.defaultListId)).products.map((p: { id: string }) => p.id).reverse();
    expect((await api().put(`/api/product-lists/${alice.defaultListId}/products-ordering`).set(alice.headers).send({ products: order })).status).toBeLessThan(300);
    expect((await api().get('/api/favorites').set(me.headers)).body.data[0].image).toBe('https://shop.example/kettle.jpg');
    // Nothing about the owner travels with a favorite.
    expect(JSON.stringify(res.body)).not.toMatch(/@|ownerId/);
  });

  it('makes one favorite when the same add arrives many times at once', async () => {
    const me = await person();
    const alice = await person();
    const answers = await Promise.all(Array.from({ length: 6 }, () => api().put(`/api/favorites/${alice.defaultListId}`).set(me.headers)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(204));
    expect((await api().get('/api/favorites').set(me.headers)).body.data).toHaveLength(1);
  });

  it('never includes the caller’s own lists (422 on add)', async () => {
    const me = await person();
    const res = await api().put(`/api/favorites/${me.defaultListId}`).set(me.headers);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['productList']);
    expect((await api().get('/api/favorites').set(me.headers)).body.data).toEqual([]);
  });

  it('answers 404 for unknown or malformed lists, 401 without identity', async () => {
    const me = await person();
    expect((await api().put(`/api/favorites/${newId()}`).set(me.headers)).status).toBe(404);
    expect((await api().put('/api/favorites/nope').set(me.headers)).status).toBe(404);
    expect((await api().delete('/api/favorites/nope').set(me.headers)).status).toBe(404);
    expect((await api().delete(`/api/favorites/${newId()}`).set(me.headers)).status).toBe(204);
    const alice = await person();
    expect((await api().get('/api/favorites')).status).toBe(401);
    expect((await api().put(`/api/favorites/${alice.defaultListId}`)).status).toBe(401);
    expect((await api().delete(`/api/favorites/${alice.defaultListId}`)).status).toBe(401);
  });

  it('drops a favorite whose list was deleted', async () => {
    const me = await person();
    const alice = await person();
    const second = await alice.createList('Second');
    await api().put(`/api/favorites/${second}`).set(me.headers);
    await api().delete(`/api/product-lists/${second}`).set(alice.headers);
    expect((await api().get('/api/favorites').set(me.headers)).body.data).toEqual([]);
  });
});
