import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { api, as, fromService, newId, person } from '../test-support/harness';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

const offers = () => fromService('offers');

describe('internal API guard', () => {
  it.each(['/internal/products/lookup', '/internal/products/claim', '/internal/products/release'])('%s is for the offers service only', async (path) => {
    const body = { ids: [newId()], offeringId: 'o1' };
    expect((await api().post(path).send(body)).status).toBe(401);
    expect((await api().post(path).set(await fromService('gateway')).send(body)).status).toBe(403);
    expect((await api().post(path).set('x-wishlist-service', (await as(newId()))['x-wishlist-identity']).send(body)).status).toBe(401);
  });

  it.each([
    ['/internal/products/lookup', {}],
    ['/internal/products/lookup', { ids: 'x' }],
    ['/internal/products/lookup', { ids: [1] }],
    ['/internal/products/claim', { ids: [] , offeringId: 'o' }],
    ['/internal/products/claim', { ids: ['a'] }],
    ['/internal/products/claim', { ids: ['a'], offeringId: '' }],
    ['/internal/products/release', { ids: ['a'], offeringId: 3 }],
  ])('%s refuses the malformed body %j (400)', async (path, body) => {
    const res = await api().post(path).set(await offers()).send(body);
    expect(res.status).toBe(400);
  });
});

describe('POST /internal/products/lookup', () => {
  it('answers known products with owner and list name; unknown and malformed ids are missing', async () => {
    const me = await person();
    const p = await me.addProduct(me.defaultListId, { name: 'Lamp' });
    const res = await api().post('/internal/products/lookup').set(await offers()).send({ ids: [p, newId(), 'junk', p] });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      expect.objectContaining({ id: p, name: 'Lamp', ownerId: me.id, listName: 'My wish list', productListId: me.defaultListId, hasBeenOffered: false, offeredBy: null }),
    ]);
  });
});

describe('POST /internal/products/claim and release', () => {
  it('claims all or nothing; public answers show hasBeenOffered but never offeredBy', async () => {
    const me = await person();
    const a = await me.addProduct(me.defaultListId);
    const b = await me.addProduct(me.defaultListId);
    const c = await me.addProduct(me.defaultListId);
    const first = await api().post('/internal/products/claim').set(await offers()).send({ ids: [a, b], offeringId: 'offer-1' });
    expect(first.status).toBe(200);
    const listed = (await me.list(me.defaultListId)).products;
    expect(listed.map((p: { hasBeenOffered: boolean }) => p.hasBeenOffered)).toEqual([true, true, false]);
    expect(JSON.stringify(listed)).not.toContain('offer-1');

    // b is taken: nothing of this claim happens, c stays free.
    const second = await api().post('/internal/products/claim').set(await offers()).send({ ids: [c, b], offeringId: 'offer-2' });
    expect(second.status).toBe(409);
    expect(second.body).toEqual({ error: { code: 'products_unavailable', message: expect.any(String) }, conflicts: [b] });
    const missing = await api().post('/internal/products/claim').set(await offers()).send({ ids: [c, newId(), 'junk'], offeringId: 'offer-2' });
    expect(missing.status).toBe(409);
    expect(missing.body.conflicts).toHaveLength(2);
    expect((await me.list(me.defaultListId)).products[2].hasBeenOffered).toBe(false);

    // A retried claim of the same offering is fine.
    expect((await api().post('/internal/products/claim').set(await offers()).send({ ids: [a, b], offeringId: 'offer-1' })).status).toBe(200);
    const lookup = await api().post('/internal/products/lookup').set(await offers()).send({ ids: [a] });
    expect(lookup.body.data[0].offeredBy).toBe('offer-1');
  });

  it('lets exactly one of many concurrent claims on the same product win', async () => {
    const me = await person();
    const p = await me.addProduct(me.defaultListId);
    const headers = await offers();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => api().post('/internal/products/claim').set(headers).send({ ids: [p], offeringId: `offer-${i}` })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    const winner = answers.find((a) => a.status === 200)!.body.data.offeringId;
    const lookup = await api().post('/internal/products/lookup').set(headers).send({ ids: [p] });
    expect(lookup.body.data[0]).toMatchObject({ hasBeenOffered: true, offeredBy: winner });
  });

  it('releases only what the offering holds, idempotently', async () => {
    const me = await person();
    const a = await me.addProduct(me.defaultListId);
    const b = await me.addProduct(me.defaultListId);
    await api().post('/internal/products/claim').set(await offers()).send({ ids: [a], offeringId: 'offer-1' });
    await api().post('/internal/products/claim').set(await offers()).send({ ids: [b], offeringId: 'offer-2' });
    const released = await api().post('/internal/products/release').set(await offers()).send({ ids: [a, b, newId(), 'junk'], offeringId: 'offer-1' });
    expect(released.status).toBe(200);
    expect(released.body.data).toEqual({ released: 1 });
    const again = await api().post('/internal/products/release').set(await offers()).send({ ids: [a, b], offeringId: 'offer-1' });
    expect(again.body.data).toEqual({ released: 0 });
    const flags = (await me.list(me.defaultListId)).products.map((p: { hasBeenOffered: boolean }) => p.hasBeenOffered);
    expect(flags).toEqual([false, true]);
  });

  it("the owner's toggle overrides an offering's hold: a later release leaves the owner's choice alone", async () => {
    const me = await person();
    const p = await me.addProduct(me.defaultListId);
    await api().post('/internal/products/claim').set(await offers()).send({ ids: [p], offeringId: 'offer-1' });
    await api().patch(`/api/product-lists/${me.defaultListId}/products/${p}`).set(me.headers).send({ hasBeenOffered: false });
    await api().patch(`/api/product-lists/${me.defaultListId}/products/${p}`).set(me.headers).send({ hasBeenOffered: true });
    const released = await api().post('/internal/products/release').set(await offers()).send({ ids: [p], offeringId: 'offer-1' });
    expect(released.body.data.released).toBe(0);
    expect((await me.list(me.defaultListId)).products[0].hasBeenOffered).toBe(true);
    // Now offered by the owner's choice: an offering cannot claim it.
    expect((await api().post('/internal/products/claim').set(await offers()).send({ ids: [p], offeringId: 'offer-2' })).status).toBe(409);
  });
});
