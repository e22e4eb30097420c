import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { api, fromService, newId, person, type Person } from '../test-support/harness';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

const putLists = (me: Person, productId: string, productListIds: unknown) =>
  api().put(`/api/products-in-lists/${productId}/lists`).set(me.headers).send({ productListIds });
const ids = (list: { products: { id: string }[] }) => list.products.map((p) => p.id);
const claim = async (productIds: string[], offeringId: string) =>
  api().post('/internal/products/claim').set(await fromService('offers')).send({ ids: productIds, offeringId });

describe('PUT /api/products-in-lists/{id}/lists', () => {
  it('puts one product on several lists, each read shows it in its own order, and every answer names its lists', async () => {
    const me = await person();
    const birthday = await me.createList('Birthday');
    const first = await me.addProduct(birthday, { name: 'Already there' });
    const lamp = await me.addProduct(me.defaultListId, { name: 'Lamp' });

    const res = await putLists(me, lamp, [me.defaultListId, birthday]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: lamp, productListId: me.defaultListId, productListIds: [me.defaultListId, birthday] });

    const home = await me.list(me.defaultListId);
    const other = await me.list(birthday);
    expect(ids(home)).toEqual([lamp]);
    expect(ids(other)).toEqual([first, lamp]);
    // productListId is the list being read; productListIds every list, home first.
    expect(other.products[1]).toMatchObject({ productListId: birthday, productListIds: [me.defaultListId, birthday] });

    // The owner's lists page counts it on both, GET /api/products-in-lists once (in its home list).
    const lists = (await api().get('/api/product-lists').set(me.headers)).body.data as { id: string; productCount: number }[];
    expect(lists.find((l) => l.id === birthday)?.productCount).toBe(2);
    const all = (await api().get('/api/products-in-lists').set(me.headers)).body.data as { id: string }[];
    expect(all.filter((p) => p.id === lamp)).toHaveLength(1);

    // The nested product read works from either list.
    expect((await api().get(`/api/product-lists/${birthday}/products/${lamp}`)).body.data).toMatchObject({ id: lamp, productListId: birthday });
  });

  it('moves the home when the home list is left out, and takes the product off the lists not named', async () => {
    const me = await person();
    const a = await me.createList('A');
    const b = await me.createList('B');
    const p = await me.addProduct(me.defaultListId);
    expect((await putLists(me, p, [me.defaultListId, a, b])).status).toBe(200);
    const res = await putLists(me, p, [b, a]);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ productListId: b, productListIds: [b, a] });
    expect(ids(await me.list(me.defaultListId))).toEqual([]);
    expect(ids(await me.list(a))).toEqual([p]);
    // Back to one list: the product looks as any other.
    expect((await putLists(me, p, [a])).body.data).toMatchObject({ productListId: a, productListIds: [a] });
    expect(ids(await me.list(b))).toEqual([]);
  });

  it.each([
    ['missing', undefined, 'required'],
    ['empty', [], 'required'],
    ['not an array', 'abc', 'required'],
    ['a malformed id', ['nope'], 'unknown-list'],
    ['duplicates', ['DUP', 'DUP'], 'duplicate'],
  ])('refuses %s with 422 { errors: { productListIds } }', async (_what, value, code) => {
    const me = await person();
    const p = await me.addProduct(me.defaultListId);
    const body = Array.isArray(value) ? value.map((v) => (v === 'DUP' ? me.defaultListId : v)) : value;
    const res = await putLists(me, p, body);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ productListIds: code });
  });

  it("refuses someone else's or an unknown list (422), someone else's product (403), an unknown product (404)", async () => {
    const me = await person();
    const other = await person();
    const p = await me.addProduct(me.defaultListId);
    expect((await putLists(me, p, [me.defaultListId, other.defaultListId])).body.errors).toEqual({ productListIds: 'unknown-list' });
    expect((await putLists(me, p, [newId()])).status).toBe(422);
    expect((await putLists(other, p, [other.defaultListId])).status).toBe(403);
    expect((await putLists(me, newId(), [me.defaultListId])).status).toBe(404);
    expect((await api().put(`/api/products-in-lists/${p}/lists`).send({ productListIds: [me.defaultListId] })).status).toBe(401);
    expect(ids(await other.list(other.defaultListId))).toEqual([]);
  });

  it('an archived list neither gains nor loses the product (409)', async () => {
    const me = await person();
    const old = await me.createList('Old');
    const p = await me.addProduct(me.defaultListId);
    expect((await api().patch(`/api/product-lists/${old}`).set(me.headers).send({ archived: true })).status).toBe(200);
    expect((await putLists(me, p, [me.defaultListId, old])).status).toBe(409);
  });
});

describe('one product on several lists: one offered state', () => {
  it('offered on one list is offered on all, and a read cached before the offer is not served after it', async () => {
    const me = await person();
    const b = await me.createList('B');
    const p = await me.addProduct(me.defaultListId);
    await putLists(me, p, [me.defaultListId, b]);
    // Reads that a cache may keep, on both lists.
    expect((await api().get(`/api/product-lists/${b}`)).body.data.products[0].hasBeenOffered).toBe(false);
    expect((await api().get(`/api/product-lists/${me.defaultListId}`)).body.data.products[0].hasBeenOffered).toBe(false);
    expect((await claim([p], 'offering-1')).status).toBe(200);
    expect((await api().get(`/api/product-lists/${b}`)).body.data.products[0].hasBeenOffered).toBe(true);
    expect((await api().get(`/api/product-lists/${me.defaultListId}`)).body.data.products[0].hasBeenOffered).toBe(true);
    // The owner's mark from either list is the same mark.
    expect((await api().patch(`/api/product-lists/${b}/products/${p}`).set(me.headers).send({ hasBeenOffered: false })).status).toBe(200);
    expect((await me.list(me.defaultListId)).products[0].hasBeenOffered).toBe(false);
  });

  it('two givers racing for it from two lists: exactly one wins', async () => {
    const me = await person();
    const b = await me.createList('B');
    const p = await me.addProduct(me.defaultListId);
    await putLists(me, p, [me.defaultListId, b]);
    const results = await Promise.all([claim([p], 'from-list-a'), claim([p], 'from-list-b'), claim([p], 'from-list-a-again')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it('DELETE from a list takes it off that list only; DELETE /api/products-in-lists/{id} deletes it everywhere', async () => {
    const me = await person();
    const b = await me.createList('B');
    const c = await me.createList('C');
    const p = await me.addProduct(me.defaultListId);
    await putLists(me, p, [me.defaultListId, b, c]);
    expect((await api().delete(`/api/product-lists/${me.defaultListId}/products/${p}`).set(me.headers)).status).toBe(204);
    expect(ids(await me.list(me.defaultListId))).toEqual([]);
    expect((await me.list(b)).products[0]).toMatchObject({ id: p, productListIds: [b, c] });
    expect((await api().delete(`/api/products-in-lists/${p}`).set(me.headers)).status).toBe(204);
    expect(ids(await me.list(b))).toEqual([]);
    expect(ids(await me.list(c))).toEqual([]);
  });

  it('deleting a list keeps its products that are on other lists; resetting its link carries them along', async () => {
    const me = await person();
    const b = await me.createList('B');
    const c = await me.createList('C');
    const shared = await me.addProduct(b, { name: 'Shared' });
    const alone = await me.addProduct(b, { name: 'Alone' });
    await putLists(me, shared, [b, c]);
    const moved = (await api().post(`/api/product-lists/${c}/share-link`).set(me.headers)).body.data.id as string;
    expect((await me.list(b)).products[0].productListIds).toEqual([b, moved]);
    expect((await api().delete(`/api/product-lists/${b}`).set(me.headers)).status).toBe(204);
    expect((await me.list(moved)).products.map((p: { id: string; productListIds: string[] }) => [p.id, p.productListIds])).toEqual([[shared, [moved]]]);
    expect((await api().get(`/api/product-lists/${b}/products/${alone}`)).status).toBe(404);
  });

  it('PATCH productListId moves it from its home list and keeps its other lists; reordering each list works', async () => {
    const me = await person();
    const b = await me.createList('B');
    const c = await me.createList('C');
    const p = await me.addProduct(me.defaultListId);
    const q = await me.addProduct(b);
    await putLists(me, p, [me.defaultListId, b]);
    const res = await api().patch(`/api/products-in-lists/${p}`).set(me.headers).send({ productListId: c });
    expect(res.body.data).toMatchObject({ productListId: c, productListIds: [c, b] });
    expect(ids(await me.list(me.defaultListId))).toEqual([]);
    // Saved from another list it is on (a client editing it there): it stays on every list.
    const edited = await api().patch(`/api/products-in-lists/${p}`).set(me.headers).send({ name: 'Renamed', productListId: b });
    expect(edited.body.data).toMatchObject({ name: 'Renamed', productListId: c, productListIds: [c, b] });
    const order = await api().put(`/api/product-lists/${b}/products-ordering`).set(me.headers).send({ products: [p, q] });
    expect(order.status).toBe(200);
    expect(ids(order.body.data)).toEqual([p, q]);
  });
});

describe('private products (hidden)', () => {
  async function withPrivate() {
    const me = await person();
    const visitor = await person();
    const b = await me.createList('B');
    const shown = await me.addProduct(me.defaultListId, { name: 'Shown' });
    const secret = await me.addProduct(me.defaultListId, { name: 'Secret', hidden: true });
    return { me, visitor, b, shown, secret };
  }

  it('the owner sees it marked; no other answer has it (list reads, product read, favorites count and picture)', async () => {
    const { me, visitor, shown, secret } = await withPrivate();
    const own = await me.list(me.defaultListId);
    expect(own.products.map((p: { name: string; hidden: boolean }) => [p.name, p.hidden])).toEqual([
      ['Shown', false],
      ['Secret', true],
    ]);
    for (const headers of [{}, visitor.headers]) {
      for (let i = 0; i < 2; i++) {
        // Twice: the second answer may come from the read cache.
        const read = await api().get(`/api/product-lists/${me.defaultListId}`).set(headers);
        expect(ids(read.body.data)).toEqual([shown]);
        expect(JSON.stringify(read.body)).not.toContain('Secret');
        expect(read.body.data.products[0]).not.toHaveProperty('productListIds');
        expect(read.body.data.products[0]).not.toHaveProperty('hidden');
      }
      expect((await api().get(`/api/product-lists/${me.defaultListId}/products/${secret}`).set(headers)).status).toBe(404);
    }
    expect((await api().get(`/api/product-lists/${me.defaultListId}/products/${secret}`).set(me.headers)).body.data).toMatchObject({ hidden: true });

    // A favorite counts what the follower sees, and never shows the private picture first.
    await api().patch(`/api/product-lists/${me.defaultListId}/products/${shown}`).set(me.headers).send({ hidden: true });
    expect((await api().put(`/api/favorites/${me.defaultListId}`).set(visitor.headers)).status).toBe(204);
    const [favorite] = (await api().get('/api/favorites').set(visitor.headers)).body.data;
    expect(favorite).toMatchObject({ productCount: 0, image: null });
    await api().patch(`/api/products-in-lists/${secret}`).set(me.headers).send({ hidden: false });
    expect((await api().get('/api/favorites').set(visitor.headers)).body.data[0]).toMatchObject({ productCount: 1 });
  });

  it('a private product cannot be offered: lookup leaves it out and a claim refuses it as unknown', async () => {
    const { me, secret, shown } = await withPrivate();
    const lookup = await api().post('/internal/products/lookup').set(await fromService('offers')).send({ ids: [secret, shown] });
    expect(lookup.body.data.map((p: { id: string }) => p.id)).toEqual([shown]);
    const refused = await claim([secret], 'offering-x');
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts).toEqual([secret]);
    expect((await me.list(me.defaultListId)).products[1].hasBeenOffered).toBe(false);
  });

  it('stays private on every list it is put on, and its mark follows it from list to list', async () => {
    const { me, visitor, b, secret } = await withPrivate();
    expect((await putLists(me, secret, [me.defaultListId, b])).status).toBe(200);
    expect(ids(await visitor.list(b))).toEqual([]);
    expect((await api().put(`/api/favorites/${b}`).set(visitor.headers)).status).toBe(204);
    expect((await api().get('/api/favorites').set(visitor.headers)).body.data[0]).toMatchObject({ productCount: 0 });
    expect((await me.list(b)).products[0]).toMatchObject({ id: secret, hidden: true });
  });

  it('validates hidden (422 invalid-hidden) and only the owner changes it', async () => {
    const { me, visitor, shown } = await withPrivate();
    const bad = await api().patch(`/api/products-in-lists/${shown}`).set(me.headers).send({ hidden: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ hidden: 'invalid-hidden' });
    const created = await api()
      .post('/api/products-in-lists')
      .set(me.headers)
      .send({ name: 'X', url: 'https://shop.example/x', productListId: me.defaultListId, hidden: 1 });
    expect(created.body.errors).toEqual({ hidden: 'invalid-hidden' });
    expect((await api().patch(`/api/products-in-lists/${shown}`).set(visitor.headers).send({ hidden: true })).status).toBe(403);
  });
});
