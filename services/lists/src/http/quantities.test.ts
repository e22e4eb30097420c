import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import mongoose from 'mongoose';
import request from 'supertest';
import { listsConfig } from '../config';
import { Product } from '../data/models';
import { api, fromService, newId, person } from '../test-support/harness';
import { createListsService } from './app';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

const offers = () => fromService('offers');
type Listed = { id: string; quantity: number; mostWanted: boolean; note: string; offeredQuantity: number; hasBeenOffered: boolean };

async function claim(ids: string[], offeringId: string, quantities?: Record<string, number>, app = api()) {
  return app.post('/internal/products/claim').set(await offers()).send({ ids, offeringId, ...(quantities ? { quantities } : {}) });
}
async function release(ids: string[], offeringId: string) {
  return api().post('/internal/products/release').set(await offers()).send({ ids, offeringId });
}

describe('quantity, mostWanted and note on products', () => {
  it('defaults to one, not most wanted, no note, none offered, in every answer', async () => {
    const me = await person();
    const created = await api()
      .post('/api/products-in-lists')
      .set(me.headers)
      .send({ name: 'Lamp', image: 'https://shop.example/a.jpg', price: 100, url: 'https://shop.example/p', productListId: me.defaultListId });
    expect(created.status).toBe(201);
    const defaults = { quantity: 1, mostWanted: false, note: '', offeredQuantity: 0, hasBeenOffered: false };
    expect(created.body.data).toMatchObject(defaults);
    const id = created.body.data.id as string;
    expect((await me.list(me.defaultListId)).products[0]).toMatchObject(defaults);
    expect((await api().get('/api/products-in-lists').set(me.headers)).body.data[0]).toMatchObject(defaults);
    expect((await api().get(`/api/product-lists/${me.defaultListId}/products/${id}`)).body.data).toMatchObject(defaults);
    expect((await api().get(`/api/product-lists/${me.defaultListId}`)).body.data.products[0]).toMatchObject(defaults);
    expect((await api().get('/api/product-lists').set(me.headers)).body.data[0].products[0]).toMatchObject(defaults);
  });

  it('round-trips the fields through POST and both PATCH routes; the note is plain text, cleaned', async () => {
    const me = await person();
    const id = await me.addProduct(me.defaultListId, { quantity: 4, mostWanted: true, note: '  Size M,\r\nblue <b>please</b>\u0007 ' });
    const [p] = (await me.list(me.defaultListId)).products as Listed[];
    expect(p).toMatchObject({ id, quantity: 4, mostWanted: true, note: 'Size M,\nblue <b>please</b>', offeredQuantity: 0 });

    const patched = await api().patch(`/api/products-in-lists/${id}`).set(me.headers).send({ quantity: 2, note: null });
    expect(patched.status).toBe(200);
    expect(patched.body.data).toMatchObject({ quantity: 2, mostWanted: true, note: '' });
    const nested = await api().patch(`/api/product-lists/${me.defaultListId}/products/${id}`).set(me.headers).send({ mostWanted: false, note: 'Any edition' });
    expect(nested.status).toBe(200);
    expect(nested.body.data).toMatchObject({ quantity: 2, mostWanted: false, note: 'Any edition', name: 'A gift' });
  });

  it.each([
    ['quantity 0', { quantity: 0 }, 'quantity'],
    ['quantity 100', { quantity: 100 }, 'quantity'],
    ['quantity 1.5', { quantity: 1.5 }, 'quantity'],
    ['quantity "2"', { quantity: '2' }, 'quantity'],
    ['mostWanted "yes"', { mostWanted: 'yes' }, 'mostWanted'],
    ['a note of 501 characters', { note: 'x'.repeat(501) }, 'note'],
    ['a note that is a number', { note: 12 }, 'note'],
  ])('refuses %s with a 422 on that field, on create and change, and keeps what is stored', async (_label, fields, key) => {
    const me = await person();
    const create = await api()
      .post('/api/products-in-lists')
      .set(me.headers)
      .send({ name: 'Lamp', url: 'https://shop.example/p', productListId: me.defaultListId, ...fields });
    expect(create.status).toBe(422);
    expect(create.body.errors).toHaveProperty(key);
    const id = await me.addProduct(me.defaultListId, { quantity: 3, note: 'kept' });
    const change = await api().patch(`/api/products-in-lists/${id}`).set(me.headers).send({ name: 'Changed', ...fields });
    expect(change.status).toBe(422);
    expect(change.body.errors).toHaveProperty(key);
    expect((await me.list(me.defaultListId)).products[0]).toMatchObject({ name: 'A gift', quantity: 3, note: 'kept' });
  });

  it('accepts a note of exactly 500 characters', async () => {
    const me = await person();
    await me.addProduct(me.defaultListId, { note: 'é'.repeat(500) });
    expect((await me.list(me.defaultListId)).products[0].note).toHaveLength(500);
  });

  it('reads products stored before quantities with the defaults', async () => {
    const me = await person();
    const id = await me.addProduct(me.defaultListId);
    await Product.collection.updateOne({ _id: new mongoose.Types.ObjectId(id) }, { $unset: { quantity: '', mostWanted: '', note: '', offeredQuantity: '', holds: '' } });
    expect((await me.list(me.defaultListId)).products[0]).toMatchObject({ quantity: 1, mostWanted: false, note: '', offeredQuantity: 0 });
    expect((await claim([id], 'offer-legacy')).status).toBe(200);
    expect((await me.list(me.defaultListId)).products[0]).toMatchObject({ hasBeenOffered: true, offeredQuantity: 1 });
  });
});

describe('partial offers (internal claim and release)', () => {
  it('holds units per offering, is offered once all are, and gives units back on release', async () => {
    const me = await person();
    const id = await me.addProduct(me.defaultListId, { quantity: 4 });
    expect((await claim([id], 'offer-1', { [id]: 2 })).status).toBe(200);
    expect((await me.list(me.defaultListId)).products[0]).toMatchObject({ offeredQuantity: 2, hasBeenOffered: false });

    const tooMany = await claim([id], 'offer-2', { [id]: 3 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.conflicts).toEqual([id]);
    expect((await claim([id], 'offer-2', { [id]: 2 })).status).toBe(200);
    expect((await me.list(me.defaultListId)).products[0]).toMatchObject({ offeredQuantity: 4, hasBeenOffered: true });
    // A retried claim of an offering that holds units changes nothing.
    expect((await claim([id], 'offer-2', { [id]: 2 })).status).toBe(200);
    expect((await claim([id], 'offer-3')).status).toBe(409);

    expect((await release([id], 'offer-1')).body.data).toEqual({ released: 1 });
    expect((await release([id], 'offer-1')).body.data).toEqual({ released: 0 });
    expect((await me.list(me.defaultListId)).products[0]).toMatchObject({ offeredQuantity: 2, hasBeenOffered: false });
    expect(JSON.stringify(await me.list(me.defaultListId))).not.toContain('offer-2');
  });

  it('claims products of different quantities and units in one call, all or nothing', async () => {
    const me = await person();
    const a = await me.addProduct(me.defaultListId, { quantity: 2 });
    const b = await me.addProduct(me.defaultListId);
    const c = await me.addProduct(me.defaultListId, { quantity: 3 });
    const d = await me.addProduct(me.defaultListId, { quantity: 2 });
    await claim([c], 'offer-0');
    const refused = await claim([a, b, c, d], 'offer-1', { [a]: 2, [c]: 3, [d]: 1 });
    expect(refused.status).toBe(409);
    expect(refused.body.conflicts).toEqual([c]);
    const untouched = ((await me.list(me.defaultListId)).products as Listed[]).map((p) => p.offeredQuantity);
    expect(untouched).toEqual([0, 0, 1, 0]);
    expect((await claim([a, b, c, d], 'offer-1', { [a]: 2, [c]: 2, [d]: 1 })).status).toBe(200);
    const after = (await me.list(me.defaultListId)).products as Listed[];
    expect(after.map((p) => [p.offeredQuantity, p.hasBeenOffered])).toEqual([
      [2, true],
      [1, true],
      [3, true],
      [1, false],
    ]);
    expect((await release([a, b, c, d], 'offer-1')).body.data).toEqual({ released: 4 });
    expect(((await me.list(me.defaultListId)).products as Listed[]).map((p) => p.offeredQuantity)).toEqual([0, 0, 1, 0]);
  });

  it('lets exactly one of two copies of the service give away the last unit', async () => {
    const me = await person();
    const id = await me.addProduct(me.defaultListId, { quantity: 3 });
    expect((await claim([id], 'offer-0', { [id]: 2 })).status).toBe(200);
    const otherCopy = request(createListsService(listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })).app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => claim([id], `offer-${i + 1}`, undefined, i % 2 === 0 ? api() : otherCopy)),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    expect((await me.list(me.defaultListId)).products[0]).toMatchObject({ offeredQuantity: 3, hasBeenOffered: true });
  });

  it('never lowers the quantity below the units offered; raising it reopens the product', async () => {
    const me = await person();
    const id = await me.addProduct(me.defaultListId, { quantity: 3 });
    await claim([id], 'offer-1', { [id]: 3 });
    const lower = await api().patch(`/api/products-in-lists/${id}`).set(me.headers).send({ quantity: 2 });
    expect(lower.status).toBe(422);
    expect(lower.body.errors).toEqual({ quantity: 'below-offered' });
    const raise = await api().patch(`/api/products-in-lists/${id}`).set(me.headers).send({ quantity: 5 });
    expect(raise.status).toBe(200);
    expect(raise.body.data).toMatchObject({ quantity: 5, offeredQuantity: 3, hasBeenOffered: false });
    expect((await claim([id], 'offer-2', { [id]: 2 })).status).toBe(200);
    expect((await me.list(me.defaultListId)).products[0]).toMatchObject({ offeredQuantity: 5, hasBeenOffered: true });
  });

  it("the owner's toggle takes over the units: unmarked frees them all, a later release changes nothing", async () => {
    const me = await person();
    const id = await me.addProduct(me.defaultListId, { quantity: 2 });
    await claim([id], 'offer-1');
    const off = await api().patch(`/api/products-in-lists/${id}`).set(me.headers).send({ hasBeenOffered: false });
    expect(off.body.data).toMatchObject({ offeredQuantity: 0, hasBeenOffered: false });
    expect((await release([id], 'offer-1')).body.data.released).toBe(0);
    const on = await api().patch(`/api/products-in-lists/${id}`).set(me.headers).send({ hasBeenOffered: true });
    expect(on.body.data).toMatchObject({ offeredQuantity: 2, hasBeenOffered: true });
  });

  it('refuses a malformed quantities map (400)', async () => {
    const id = newId();
    for (const quantities of [{ [id]: 0 }, { [id]: 100 }, { [id]: 'x' }, []]) {
      expect((await api().post('/internal/products/claim').set(await offers()).send({ ids: [id], offeringId: 'o', quantities })).status).toBe(400);
    }
  });
});
