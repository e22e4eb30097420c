import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { api, fromService, person } from '../test-support/harness';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

describe('eventDate on lists', () => {
  it('is set at creation, changed and cleared by PATCH, and returned with the list everywhere', async () => {
    const me = await person();
    const created = await api().post('/api/product-lists').set(me.headers).send({ name: 'Birthday', eventDate: '2030-02-28' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ name: 'Birthday', eventDate: '2030-02-28', archived: false });
    const id = created.body.data.id;

    const moved = await api().patch(`/api/product-lists/${id}`).set(me.headers).send({ eventDate: '2030-03-01' });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ name: 'Birthday', eventDate: '2030-03-01' });
    expect((await api().get(`/api/product-lists/${id}`)).body.data.eventDate).toBe('2030-03-01');
    const mine = (await api().get('/api/product-lists').set(me.headers)).body.data;
    expect(mine.find((l: { id: string }) => l.id === id)).toMatchObject({ eventDate: '2030-03-01', archived: false });

    const cleared = await api().patch(`/api/product-lists/${id}`).set(me.headers).send({ eventDate: null });
    expect(cleared.body.data.eventDate).toBeNull();
    expect(cleared.body.data.name).toBe('Birthday');
  });

  it('keeps SPEC §7 as written: a list made or renamed without the new fields has no date and is not archived', async () => {
    const me = await person();
    const created = await api().post('/api/product-lists').set(me.headers).send({ name: 'Plain' });
    expect(created.body.data).toMatchObject({ eventDate: null, archived: false });
    const renamed = await api().patch(`/api/product-lists/${created.body.data.id}`).set(me.headers).send({ name: 'Plainer' });
    expect(renamed.body.data).toMatchObject({ name: 'Plainer', eventDate: null, archived: false });
    // An empty change is still the rename without a name it always was.
    const empty = await api().patch(`/api/product-lists/${created.body.data.id}`).set(me.headers).send({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ name: 'required' });
  });

  it.each([['2030-02-30'], ['2030-13-01'], ['30-01-01'], ['2030-1-1'], ['tomorrow'], [20300101], [true], ['1899-12-31'], ['2030-01-01T00:00:00Z']])(
    'refuses %p with 422 { eventDate: invalid-date } and changes nothing',
    async (bad) => {
      const me = await person();
      const create = await api().post('/api/product-lists').set(me.headers).send({ name: 'x', eventDate: bad });
      expect(create.status).toBe(422);
      expect(create.body.errors).toEqual({ eventDate: 'invalid-date' });
      await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ eventDate: '2031-05-05' });
      const patch = await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ name: 'Renamed', eventDate: bad });
      expect(patch.status).toBe(422);
      expect(patch.body.errors).toEqual({ eventDate: 'invalid-date' });
      expect(await me.list(me.defaultListId)).toMatchObject({ name: 'My wish list', eventDate: '2031-05-05' });
    },
  );

  it('accepts 29 February of a leap year only', async () => {
    const me = await person();
    expect((await api().post('/api/product-lists').set(me.headers).send({ name: 'x', eventDate: '2028-02-29' })).status).toBe(201);
    expect((await api().post('/api/product-lists').set(me.headers).send({ name: 'x', eventDate: '2027-02-29' })).status).toBe(422);
  });

  it('is changed by the owner only', async () => {
    const me = await person();
    const other = await person();
    const res = await api().patch(`/api/product-lists/${me.defaultListId}`).set(other.headers).send({ eventDate: '2030-01-01' });
    expect(res.status).toBe(403);
    expect((await me.list(me.defaultListId)).eventDate).toBeNull();
  });
});

describe('received products', () => {
  it('are marked by the owner, apart from offered, and never shown to visitors', async () => {
    const me = await person();
    const visitor = await person();
    const productId = await me.addProduct(me.defaultListId);
    const marked = await api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ received: true });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ id: productId, received: true, hasBeenOffered: false });

    expect((await me.list(me.defaultListId)).products[0]).toMatchObject({ received: true });
    const seen = (await api().get(`/api/product-lists/${me.defaultListId}`).set(visitor.headers)).body.data.products[0];
    expect(seen).not.toHaveProperty('received');
    const anonymous = (await api().get(`/api/product-lists/${me.defaultListId}`)).body.data.products[0];
    expect(anonymous).not.toHaveProperty('received');
    // The owner's view read again (now from the read cache) still has it.
    expect((await me.list(me.defaultListId)).products[0]).toMatchObject({ received: true });
    const one = await api().get(`/api/product-lists/${me.defaultListId}/products/${productId}`);
    expect(one.body.data).not.toHaveProperty('received');

    const unmarked = await api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ received: false });
    expect(unmarked.body.data.received).toBe(false);
  });

  it('refuses a non-boolean (422) and someone else (403)', async () => {
    const me = await person();
    const other = await person();
    const productId = await me.addProduct(me.defaultListId);
    const bad = await api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ received: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ received: 'invalid-boolean' });
    expect((await api().patch(`/api/products-in-lists/${productId}`).set(other.headers).send({ received: true })).status).toBe(403);
    expect((await me.list(me.defaultListId)).products[0].received).toBe(false);
  });
});

describe('archived lists', () => {
  async function ownerWithTwoLists() {
    const me = await person();
    const second = await me.createList('Christmas');
    const productId = await me.addProduct(second);
    const archived = await api().patch(`/api/product-lists/${second}`).set(me.headers).send({ archived: true });
    expect(archived.status).toBe(200);
    expect(archived.body.data).toMatchObject({ id: second, archived: true });
    return { me, second, productId };
  }

  it('are read-only: products cannot be added, changed, moved in or out, reordered or removed (409 list_archived)', async () => {
    const { me, second, productId } = await ownerWithTwoLists();
    const before = await me.list(second);
    const otherProduct = await me.addProduct(me.defaultListId);
    const refusals = [
      api().post('/api/products-in-lists').set(me.headers).send({ name: 'n', image: 'https://shop.example/a.jpg', price: 1, url: 'https://shop.example/p', productListId: second }),
      api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ name: 'changed' }),
      api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ productListId: me.defaultListId }),
      api().patch(`/api/products-in-lists/${otherProduct}`).set(me.headers).send({ productListId: second }),
      api().patch(`/api/product-lists/${second}/products/${productId}`).set(me.headers).send({ hasBeenOffered: true }),
      api().delete(`/api/products-in-lists/${productId}`).set(me.headers),
      api().delete(`/api/product-lists/${second}/products/${productId}`).set(me.headers),
      api().put(`/api/product-lists/${second}/products-ordering`).set(me.headers).send({ products: [productId] }),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('list_archived');
      expect(res.body.error.message).toMatch(/archived/);
    }
    expect(await me.list(second)).toEqual(before);
    expect((await me.list(me.defaultListId)).products.map((p: { id: string }) => p.id)).toEqual([otherProduct]);
  });

  it('still take the owner marking what they received', async () => {
    const { me, productId } = await ownerWithTwoLists();
    const res = await api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ received: true });
    expect(res.status).toBe(200);
    expect(res.body.data.received).toBe(true);
  });

  it('come after the active lists (the first, default list is never archived) and are restored', async () => {
    const me = await person();
    const second = await me.createList('Second');
    expect((await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ archived: true })).status).toBe(200);
    const lists = (await api().get('/api/product-lists').set(me.headers)).body.data;
    expect(lists.map((l: { id: string; archived: boolean }) => [l.id, l.archived])).toEqual([
      [second, false],
      [me.defaultListId, true],
    ]);
    const restored = await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ archived: false });
    expect(restored.body.data.archived).toBe(false);
    const again = (await api().get('/api/product-lists').set(me.headers)).body.data;
    expect(again.map((l: { id: string }) => l.id)).toEqual([me.defaultListId, second]);
  });

  it('the last active list cannot be archived (409), nor can an active list be deleted when the others are archived', async () => {
    const me = await person();
    const only = await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ archived: true });
    expect(only.status).toBe(409);
    expect(only.body.error.code).toBe('last_active_list');
    const second = await me.createList('Second');
    expect((await api().patch(`/api/product-lists/${second}`).set(me.headers).send({ archived: true })).status).toBe(200);
    expect((await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ archived: true })).status).toBe(409);
    expect((await api().delete(`/api/product-lists/${me.defaultListId}`).set(me.headers)).status).toBe(422);
    // An archived list itself can be deleted.
    expect((await api().delete(`/api/product-lists/${second}`).set(me.headers)).status).toBe(204);
  });

  it('two concurrent archivings of the last two active lists: one wins', async () => {
    const me = await person();
    const second = await me.createList('Second');
    const [a, b] = await Promise.all([
      api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ archived: true }),
      api().patch(`/api/product-lists/${second}`).set(me.headers).send({ archived: true }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lists = (await api().get('/api/product-lists').set(me.headers)).body.data;
    expect(lists.filter((l: { archived: boolean }) => !l.archived)).toHaveLength(1);
  });

  it('refuses a non-boolean archived (422) and someone else (403)', async () => {
    const me = await person();
    const other = await person();
    await me.createList('Second');
    const bad = await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ archived: 'yes' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ archived: 'invalid-boolean' });
    expect((await api().patch(`/api/product-lists/${me.defaultListId}`).set(other.headers).send({ archived: true })).status).toBe(403);
    expect((await me.list(me.defaultListId)).archived).toBe(false);
  });

  it('refuse claims by the offers service with 409 list_archived (nothing flagged); restored, they take offers again', async () => {
    const { me, second, productId } = await ownerWithTwoLists();
    const free = await me.addProduct(me.defaultListId);
    const headers = await fromService('offers');
    const refused = await api().post('/internal/products/claim').set(headers).send({ ids: [free, productId], offeringId: 'offering-1' });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('list_archived');
    expect(refused.body.conflicts).toEqual([productId]);
    expect((await me.list(me.defaultListId)).products[0].hasBeenOffered).toBe(false);
    await api().patch(`/api/product-lists/${second}`).set(me.headers).send({ archived: false });
    const claimed = await api().post('/internal/products/claim').set(headers).send({ ids: [free, productId], offeringId: 'offering-1' });
    expect(claimed.status).toBe(200);
  });
});
