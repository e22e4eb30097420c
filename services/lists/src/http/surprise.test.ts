import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { api, fromService, person, type Person } from '../test-support/harness';

// A loaded machine starts the embedded engine slowly; nothing here compares durations.
jest.setTimeout(60_000);
let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-15`;
const LAST_YEAR = `${new Date().getUTCFullYear() - 1}-06-15`;

async function claim(productId: string, offeringId = 'offering-1') {
  const res = await api().post('/internal/products/claim').set(await fromService('offers')).send({ ids: [productId], offeringId });
  expect(res.status).toBe(200);
}

/** A surprise list of `me` with one product a giver offered. */
async function offeredOnSurpriseList(me: Person, fields: Record<string, unknown> = { eventDate: NEXT_YEAR }) {
  const created = await api().post('/api/product-lists').set(me.headers).send({ name: 'Birthday', surprise: true, ...fields });
  expect(created.status).toBe(201);
  const listId: string = created.body.data.id;
  const productId = await me.addProduct(listId);
  await claim(productId);
  return { listId, productId };
}

/** Every owner's answer that carries the product: none may say it is offered. */
async function ownerSeesOffered(me: Person, listId: string, productId: string): Promise<boolean[]> {
  const list = (await api().get(`/api/product-lists/${listId}`).set(me.headers)).body.data;
  const again = (await api().get(`/api/product-lists/${listId}`).set(me.headers)).body.data; // served from the read cache
  const all = (await api().get('/api/product-lists').set(me.headers)).body.data.find((l: { id: string }) => l.id === listId);
  const mine = (await api().get('/api/products-in-lists').set(me.headers)).body.data.find((p: { id: string }) => p.id === productId);
  const one = (await api().get(`/api/product-lists/${listId}/products/${productId}`).set(me.headers)).body.data;
  return [list.products[0], again.products[0], all.products[0], mine, one].map((p) => p.hasBeenOffered === true || p.offeredQuantity > 0);
}

describe('surprise lists', () => {
  it('are asked for at creation and returned to the owner; old clients get lists that keep no surprise', async () => {
    const me = await person();
    const created = await api().post('/api/product-lists').set(me.headers).send({ name: 'Xmas', surprise: true, revealAt: '2030-12-20' });
    expect(created.body.data).toMatchObject({ surprise: true, revealAt: '2030-12-20', revealed: false });
    // Lists that keep no surprise answer the shape they always had.
    const plain = await api().post('/api/product-lists').set(me.headers).send({ name: 'Plain' });
    for (const key of ['surprise', 'revealAt', 'revealed']) expect(plain.body.data).not.toHaveProperty(key);
    expect(await me.list(me.defaultListId)).not.toHaveProperty('surprise');

    // Visitors learn that the list keeps the surprise, not the owner's reveal settings.
    const visitor = (await api().get(`/api/product-lists/${created.body.data.id}`)).body.data;
    expect(visitor.surprise).toBe(true);
    expect(visitor).not.toHaveProperty('revealAt');
    expect(visitor).not.toHaveProperty('revealed');
  });

  it('hide from the owner every offered mark and count before the reveal; visitors still see what is taken', async () => {
    const me = await person();
    const { listId, productId } = await offeredOnSurpriseList(me);
    expect(await ownerSeesOffered(me, listId, productId)).toEqual([false, false, false, false, false]);

    const visitor = await person();
    for (const headers of [{}, visitor.headers]) {
      const seen = (await api().get(`/api/product-lists/${listId}`).set(headers)).body.data.products[0];
      expect(seen).toMatchObject({ hasBeenOffered: true, offeredQuantity: 1 });
    }
    expect((await api().get(`/api/product-lists/${listId}/products/${productId}`)).body.data.hasBeenOffered).toBe(true);

    // The owner's export says nothing of offers either.
    const file = await api().get(`/api/product-lists/${listId}/export?format=json`).set(me.headers);
    expect(JSON.parse(file.text).products[0].hasBeenOffered).toBe(false);
  });

  it('show the owner what was given once the occasion is over, at revealAt, or after "Show me anyway"', async () => {
    const me = await person();
    const past = await offeredOnSurpriseList(me, { eventDate: LAST_YEAR });
    expect(await ownerSeesOffered(me, past.listId, past.productId)).toEqual([true, true, true, true, true]);

    const early = await offeredOnSurpriseList(me, { eventDate: NEXT_YEAR, revealAt: new Date(Date.now() - 60_000).toISOString() });
    expect(await ownerSeesOffered(me, early.listId, early.productId)).toEqual([true, true, true, true, true]);

    const anyway = await offeredOnSurpriseList(me);
    expect((await me.list(anyway.listId)).products[0].hasBeenOffered).toBe(false);
    const shown = await api().patch(`/api/product-lists/${anyway.listId}`).set(me.headers).send({ revealed: true });
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ name: 'Birthday', revealed: true });
    expect(shown.body.data.products[0]).toMatchObject({ hasBeenOffered: true, offeredQuantity: 1 });
    expect(await ownerSeesOffered(me, anyway.listId, anyway.productId)).toEqual([true, true, true, true, true]);
  });

  it('hide offers until "Show me anyway" when the list has no date; turning the surprise off shows them', async () => {
    const me = await person();
    const { listId, productId } = await offeredOnSurpriseList(me, {});
    expect(await ownerSeesOffered(me, listId, productId)).toEqual([false, false, false, false, false]);
    await api().patch(`/api/product-lists/${listId}`).set(me.headers).send({ surprise: false });
    expect(await ownerSeesOffered(me, listId, productId)).toEqual([true, true, true, true, true]);
  });

  it("refuse the owner's offered marks before the reveal (409 surprise_kept), and take them after", async () => {
    const me = await person();
    const { listId, productId } = await offeredOnSurpriseList(me);
    for (const req of [
      api().patch(`/api/product-lists/${listId}/products/${productId}`).set(me.headers).send({ hasBeenOffered: false }),
      api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ hasBeenOffered: true }),
    ]) {
      const res = await req;
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('surprise_kept');
    }
    // The giver's offer still stands.
    expect((await api().get(`/api/product-lists/${listId}`)).body.data.products[0].hasBeenOffered).toBe(true);
    // Other changes are taken, and answered without the offer.
    const renamed = await api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ name: 'Renamed' });
    expect(renamed.body.data).toMatchObject({ name: 'Renamed', hasBeenOffered: false, offeredQuantity: 0 });

    await api().patch(`/api/product-lists/${listId}`).set(me.headers).send({ revealed: true });
    const freed = await api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ hasBeenOffered: false });
    expect(freed.status).toBe(200);
    expect(freed.body.data.hasBeenOffered).toBe(false);
  });

  it('refuse lowering a quantity under the units offered without saying how many, before the reveal', async () => {
    const me = await person();
    const created = await api().post('/api/product-lists').set(me.headers).send({ name: 'Birthday', surprise: true, eventDate: NEXT_YEAR });
    const productId = await me.addProduct(created.body.data.id, { quantity: 3 });
    const held = await api().post('/internal/products/claim').set(await fromService('offers')).send({ ids: [productId], offeringId: 'o-2', quantities: { [productId]: 2 } });
    expect(held.status).toBe(200);
    const res = await api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ quantity: 1 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ quantity: 'below-offered' });
    expect(JSON.stringify(res.body)).not.toMatch(/\b2\b|units? (is|are) already offered/);
    // Raising it is taken, and answered without the offers.
    const raised = await api().patch(`/api/products-in-lists/${productId}`).set(me.headers).send({ quantity: 4 });
    expect(raised.body.data).toMatchObject({ quantity: 4, offeredQuantity: 0, hasBeenOffered: false });
  });

  it('validate their fields (422, nothing changed) and are changed by the owner only', async () => {
    const me = await person();
    const bad = await api().post('/api/product-lists').set(me.headers).send({ name: 'x', surprise: 'yes', revealAt: '2030-02-30' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ surprise: 'invalid-boolean', revealAt: 'invalid-date' });
    const patch = await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ name: 'Renamed', revealAt: '2030-12-20T10:00' });
    expect(patch.status).toBe(422);
    expect(patch.body.errors).toEqual({ revealAt: 'invalid-date' });
    expect(await me.list(me.defaultListId)).toMatchObject({ name: 'My wish list' });
    expect(await me.list(me.defaultListId)).not.toHaveProperty('surprise');

    const set = await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ surprise: true, revealAt: '2030-12-20T10:00:00+01:00' });
    expect(set.body.data).toMatchObject({ name: 'My wish list', surprise: true, revealAt: '2030-12-20T09:00:00.000Z' });
    const cleared = await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ revealAt: null, eventDate: '2030-12-24' });
    expect(cleared.body.data).toMatchObject({ surprise: true, revealAt: null, eventDate: '2030-12-24' });

    const other = await person();
    expect((await api().patch(`/api/product-lists/${me.defaultListId}`).set(other.headers).send({ revealed: true })).status).toBe(403);
    expect((await me.list(me.defaultListId)).revealed).toBe(false);
    expect((await me.list(me.defaultListId)).surprise).toBe(true);
  });

  it("tell the offers service each product's list surprise (internal lookup)", async () => {
    const me = await person();
    const { listId, productId } = await offeredOnSurpriseList(me);
    const plainId = await me.addProduct(me.defaultListId);
    const res = await api().post('/internal/products/lookup').set(await fromService('offers')).send({ ids: [productId, plainId] });
    const [surprising, plain] = res.body.data;
    expect(surprising.listSurprise).toMatchObject({ surprise: true, revealAt: null, eventDate: NEXT_YEAR, revealed: false });
    expect(surprising.productListId).toBe(listId);
    expect(plain).not.toHaveProperty('listSurprise');
  });
});
