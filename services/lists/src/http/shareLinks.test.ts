import mongoose from 'mongoose';
import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { ProductList } from '../data/models';
import { api, person } from '../test-support/harness';

jest.setTimeout(60_000);

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

const bytesOf = (id: string) => Buffer.from(id, 'hex');

describe('list ids (what opens a list without an account)', () => {
  it('share no guessable part: no time prefix, no process part, no counter, balanced bits', async () => {
    const ids: string[] = [];
    for (let owner = 0; owner < 2; owner += 1) {
      const me = await person();
      ids.push(me.defaultListId);
      for (let i = 0; i < 49; i += 1) ids.push(await me.createList(`List ${i}`));
    }
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
    // An ObjectId's first 4 bytes are the second it was made: ids made within seconds would share
    // them. 100 random ids share a 32-bit prefix with odds of about 1 in a million.
    expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(ids.length);
    // Baseline made in the same run: time-based ObjectIds share that prefix and the process part.
    const baseline = Array.from({ length: ids.length }, () => new mongoose.Types.ObjectId().toHexString());
    expect(new Set(baseline.map((id) => id.slice(0, 8))).size).toBeLessThanOrEqual(3);
    expect(new Set(baseline.map((id) => id.slice(8, 18))).size).toBe(1);
    // Its next 5 bytes are the same for every id of one process.
    expect(new Set(ids.map((id) => id.slice(8, 18))).size).toBe(ids.length);
    // Its last 3 bytes count up by one from one id to the next.
    const counters = ids.map((id) => bytesOf(id).readUIntBE(9, 3));
    const successive = counters.slice(1).filter((c, i) => c === counters[i] + 1).length;
    expect(successive).toBeLessThanOrEqual(1);
    // Every bit is a coin toss: 9,600 bits, so the share of ones stays ten deviations inside 45..55 %.
    let ones = 0;
    for (const id of ids) for (const byte of bytesOf(id)) for (let b = 0; b < 8; b += 1) ones += (byte >> b) & 1;
    const share = ones / (ids.length * 96);
    expect(share).toBeGreaterThan(0.45);
    expect(share).toBeLessThan(0.55);
  });
});

describe('POST /api/product-lists/{id}/share-link (reset the link)', () => {
  it('gives the list a new id: the old link is 404, products, order and favorites follow', async () => {
    const owner = await person();
    const listId = await owner.createList('Birthday');
    const a = await owner.addProduct(listId, { name: 'A' });
    const b = await owner.addProduct(listId, { name: 'B' });
    expect((await api().put(`/api/product-lists/${listId}/products-ordering`).set(owner.headers).send({ products: [b, a] })).status).toBe(200);
    const fan = await person();
    expect((await api().put(`/api/favorites/${listId}`).set(fan.headers)).status).toBe(204);
    const before = await api().get(`/api/product-lists/${listId}`);
    expect(before.status).toBe(200);

    const reset = await api().post(`/api/product-lists/${listId}/share-link`).set(owner.headers);
    expect(reset.status).toBe(200);
    const newId: string = reset.body.data.id;
    expect(newId).toMatch(/^[0-9a-f]{24}$/);
    expect(newId).not.toBe(listId);
    expect(reset.body.data).toMatchObject({ name: 'Birthday', isOwner: true });
    expect(reset.body.data.products.map((p: { id: string; productListId: string }) => [p.id, p.productListId])).toEqual([
      [b, newId],
      [a, newId],
    ]);

    const old = await api().get(`/api/product-lists/${listId}`);
    expect(old.status).toBe(404);
    expect(old.body.error.code).toBe('list_not_found');
    expect((await api().get(`/api/product-lists/${listId}/products/${a}`)).status).toBe(404);
    const fresh = await api().get(`/api/product-lists/${newId}`);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toEqual({ ...before.body.data, id: newId, products: before.body.data.products.map((p: object) => ({ ...p, productListId: newId })) });

    const favorites = await api().get('/api/favorites').set(fan.headers);
    expect(favorites.body.data).toEqual([expect.objectContaining({ id: newId, name: 'Birthday', productCount: 2 })]);
    // The owner's lists keep their order and the default list stays the default one.
    const mine = await api().get('/api/product-lists').set(owner.headers);
    expect(mine.body.data.map((l: { id: string }) => l.id)).toEqual([owner.defaultListId, newId]);
  });

  it('works on the default list, which stays the one a person keeps', async () => {
    const owner = await person();
    const reset = await api().post(`/api/product-lists/${owner.defaultListId}/share-link`).set(owner.headers);
    expect(reset.status).toBe(200);
    const mine = await api().get('/api/product-lists').set(owner.headers);
    expect(mine.body.data.map((l: { id: string }) => l.id)).toEqual([reset.body.data.id]);
    expect((await api().delete(`/api/product-lists/${reset.body.data.id}`).set(owner.headers)).status).toBe(422);
  });

  it('is for the owner only: 401 anonymous, 403 others, 404 unknown; nothing changes', async () => {
    const owner = await person();
    const other = await person();
    expect((await api().post(`/api/product-lists/${owner.defaultListId}/share-link`)).status).toBe(401);
    const forbidden = await api().post(`/api/product-lists/${owner.defaultListId}/share-link`).set(other.headers);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('not_owner');
    expect((await api().post(`/api/product-lists/${new mongoose.Types.ObjectId().toHexString()}/share-link`).set(owner.headers)).status).toBe(404);
    expect((await api().post('/api/product-lists/not-an-id/share-link').set(owner.headers)).status).toBe(404);
    expect((await api().get(`/api/product-lists/${owner.defaultListId}`)).status).toBe(200);
  });

  it('keeps the links of lists made with a time-based id until their owner resets them', async () => {
    const owner = await person();
    const legacyId = new mongoose.Types.ObjectId();
    await ProductList.create({ _id: legacyId, ownerId: owner.id, name: 'Made long ago' });
    const open = await api().get(`/api/product-lists/${legacyId.toHexString()}`);
    expect(open.status).toBe(200);
    expect(open.body.data.name).toBe('Made long ago');
    const reset = await api().post(`/api/product-lists/${legacyId.toHexString()}/share-link`).set(owner.headers);
    expect(reset.status).toBe(200);
    expect((await api().get(`/api/product-lists/${legacyId.toHexString()}`)).status).toBe(404);
    expect((await api().get(`/api/product-lists/${reset.body.data.id}`)).body.data.name).toBe('Made long ago');
  });
});

describe('reads of unknown ids, per client', () => {
  it('answers 429 with Retry-After beyond 60 misses; found lists are not counted', async () => {
    const owner = await person();
    // Reads that find the list first: none of them counts (counted, they would stop the 41st miss).
    for (let i = 0; i < 20; i += 1) expect((await api().get(`/api/product-lists/${owner.defaultListId}`)).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 70; i += 1) {
      statuses.push((await api().get(`/api/product-lists/${new mongoose.Types.ObjectId().toHexString()}`)).status);
    }
    expect(statuses.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true);
    const limited = await api().get(`/api/product-lists/${new mongoose.Types.ObjectId().toHexString()}`);
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('too_many_requests');
    expect(limited.body.error.message).toMatch(/do not exist/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The same client is also stopped from trying ids through a product of a list.
    expect((await api().get(`/api/product-lists/${new mongoose.Types.ObjectId().toHexString()}/products/${owner.id}`)).status).toBe(429);
  });
});
