// Every query of the paths that run per request or per sweep is served by an index: `explain` on
// each one, against the embedded engine, with other people's data around so that a lookup that
// reads a whole collection shows as one.
import mongoose from 'mongoose';
import request from 'supertest';
import { startTestDatabase, type Mail, type Mailer, type TestDatabase } from '@wishlist/service-kit';
import { collectionScansOf } from '@wishlist/service-kit/src/testing/queryPlans';
import { listsConfig } from '../config';
import { ListManager } from '../data/managers';
import { Product } from '../data/models';
import { PriceWatchShop } from '../data/priceWatch';
import { Reminder } from '../data/reminders';
import type { UsersApi } from '../reminders/users';
import { api, fromService, person, type Person } from '../test-support/harness';
import { createListsService } from './app';

jest.setTimeout(120_000);

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

/** Other people's lists, products and favorites: what an index must let a query skip. */
async function crowd(): Promise<Person[]> {
  const people: Person[] = [];
  for (let i = 0; i < 4; i++) {
    const p = await person();
    const second = await p.createList(`Second list ${i}`);
    await p.addProduct(p.defaultListId, { name: `Gift ${i}a` });
    await p.addProduct(second, { name: `Gift ${i}b` });
    people.push(p);
  }
  for (const [i, p] of people.entries()) {
    const other = people[(i + 1) % people.length];
    expect((await api().put(`/api/favorites/${other.defaultListId}`).set(p.headers)).status).toBe(204);
  }
  return people;
}

const scans = (run: () => Promise<unknown>) => collectionScansOf(mongoose.connection, run);

describe('query plans of the per-request paths', () => {
  it('reads of a list (owner and shared link), the lists page and favorites use indexes only', async () => {
    const others = await crowd();
    const me = await person();
    await me.addProduct(me.defaultListId);
    expect((await api().put(`/api/favorites/${others[0].defaultListId}`).set(me.headers)).status).toBe(204);
    const found = await scans(async () => {
      expect((await api().get(`/api/product-lists/${me.defaultListId}`).set(me.headers)).status).toBe(200);
      expect((await api().get(`/api/product-lists/${others[1].defaultListId}`)).status).toBe(200);
      expect((await api().get('/api/product-lists').set(me.headers)).status).toBe(200);
      expect((await api().get('/api/favorites').set(me.headers)).status).toBe(200);
    });
    expect(found).toEqual([]);
  });

  it('creating, moving and claiming a product use indexes only', async () => {
    await crowd();
    const me = await person();
    const second = await me.createList('Birthday');
    await me.addProduct(me.defaultListId, { name: 'Already there' });
    let created = '';
    const found = await scans(async () => {
      created = await me.addProduct(me.defaultListId, { name: 'Teapot' });
      const moved = await api().patch(`/api/products-in-lists/${created}`).set(me.headers).send({ productListId: second });
      expect(moved.status).toBe(200);
      const claimed = await api().post('/internal/products/claim').set(await fromService('offers')).send({ ids: [created], offeringId: 'offering-1' });
      expect(claimed.status).toBeLessThan(300);
      const released = await api().post('/internal/products/release').set(await fromService('offers')).send({ ids: [created], offeringId: 'offering-1' });
      expect(released.status).toBeLessThan(300);
    });
    expect(found).toEqual([]);
  });

  it('a product on several lists: placing it, reading each list (the $or of home and other lists), a private one in favorites, making it private, resetting a link, deleting a list', async () => {
    const others = await crowd();
    const me = await person();
    const second = await me.createList('Birthday');
    const third = await me.createList('Christmas');
    const shared = await me.addProduct(me.defaultListId, { name: 'Shared' });
    await me.addProduct(second, { name: 'Private', hidden: true });
    expect((await api().put(`/api/favorites/${second}`).set(others[0].headers)).status).toBe(204);
    // Others' reminders, which deleting my list must not read.
    const sentAt = new Date();
    await Reminder.insertMany(others.map((p, i) => ({ listId: others[(i + 1) % others.length].defaultListId, userId: p.id, eventDate: '2030-01-20', state: 'sent', nextAttemptAt: sentAt, sentAt })));
    // Others' co-managers and invitations, which resetting my link and deleting my list must not read.
    await ListManager.insertMany(
      others.map((p, i) => ({ listId: p.defaultListId, email: `keeper${i}@mail.example`, invitedBy: p.id, expiresAt: new Date(Date.now() + 86_400_000), state: 'sent', sentAt }))
    );
    // Accounts erased before (the link reset checks mine is not one of them).
    for (let i = 0; i < 3; i++) expect((await api().post(`/internal/users/${new mongoose.Types.ObjectId().toHexString()}/erase`).set(await fromService('auth'))).status).toBe(200);
    const found = await scans(async () => {
      const placed = await api().put(`/api/products-in-lists/${shared}/lists`).set(me.headers).send({ productListIds: [me.defaultListId, second, third] });
      expect(placed.status).toBe(200);
      expect((await api().get(`/api/product-lists/${second}`)).body.data.products).toHaveLength(1);
      expect((await api().get(`/api/product-lists/${third}`).set(me.headers)).body.data.products).toHaveLength(1);
      expect((await api().get('/api/favorites').set(others[0].headers)).body.data[0].productCount).toBe(1);
      expect((await api().patch(`/api/products-in-lists/${shared}`).set(me.headers).send({ hidden: true })).status).toBe(200);
      expect((await api().patch(`/api/products-in-lists/${shared}`).set(me.headers).send({ hidden: false })).status).toBe(200);
      expect((await api().post(`/api/product-lists/${second}/share-link`).set(me.headers)).status).toBe(200);
      expect((await api().delete(`/api/product-lists/${third}`).set(me.headers)).status).toBe(204);
      expect((await api().post('/internal/products/claim').set(await fromService('offers')).send({ ids: [shared], offeringId: 'o-2' })).status).toBe(200);
    });
    expect(found).toEqual([]);
  });

  it("an account's erasure uses indexes only, its favorites' deletion included", async () => {
    const others = await crowd();
    const me = await person();
    const mine = await me.createList('Mine');
    await me.addProduct(mine);
    expect((await api().put(`/api/favorites/${others[2].defaultListId}`).set(me.headers)).status).toBe(204);
    expect((await api().put(`/api/favorites/${mine}`).set(others[3].headers)).status).toBe(204);
    // Reminders already sent to others, and one to me of a list I follow.
    const sentAt = new Date();
    await Reminder.insertMany([
      ...others.map((p, i) => ({ listId: others[(i + 1) % others.length].defaultListId, userId: p.id, eventDate: '2030-01-20', state: 'sent', nextAttemptAt: sentAt, sentAt })),
      { listId: others[2].defaultListId, userId: me.id, eventDate: '2030-01-20', state: 'sent', nextAttemptAt: sentAt, sentAt },
    ]);
    // Price alerts sent to others (their own lists' drops): erasure must find mine by index.
    await mongoose.connection.db!.collection('pricealerts').insertMany(
      others.map((p, i) => ({ userId: p.id, day: `2030-01-0${i + 1}`, listId: new mongoose.Types.ObjectId(), productId: new mongoose.Types.ObjectId(), oldPrice: 1000, newPrice: 800, state: 'sent', attempts: 1, nextAttemptAt: sentAt, tokenHashes: [], lang: 'en', sentAt })),
    );
    // Others' keepers of others' lists: erasure must find mine by index.
    await mongoose.connection.db!.collection('listmanagers').insertMany(
      others.map((p, i) => ({ listId: new mongoose.Types.ObjectId(p.defaultListId), email: `k${i}@mail.example`, invitedBy: p.id, userId: others[(i + 1) % others.length].id, expiresAt: sentAt, state: 'sent', attempts: 1, nextAttemptAt: sentAt, tokenHashes: [] })),
    );
    // Accounts erased before: the marker of each stays.
    for (let i = 0; i < 3; i++) expect((await api().post(`/internal/users/${new mongoose.Types.ObjectId().toHexString()}/erase`).set(await fromService('auth'))).status).toBe(200);
    const found = await scans(async () => {
      const erased = await api().post(`/internal/users/${me.id}/erase`).set(await fromService('auth'));
      expect(erased.status).toBe(200);
      expect(erased.body.data.deleted).toMatchObject({ favorites: 2, reminders: 1, products: 1, lists: 2 });
    });
    expect(found).toEqual([]);
    // What others had stays.
    expect((await api().get('/api/favorites').set(others[3].headers)).body.data).toHaveLength(1);
  });
});

describe('query plans of the reminder sweep', () => {
  it('finds due lists and their followers through indexes', async () => {
    const clock = { now: new Date('2030-01-01T08:00:00Z') };
    const sent: Mail[] = [];
    const users: UsersApi = { contact: async (userId) => ({ email: `${userId}@mail.example`, lang: 'en' }) };
    const mailer: Mailer = { mode: 'outbox', send: async (mail) => void sent.push(mail), close: () => undefined };
    const service = createListsService(listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://wishlist.example' }), {
      users,
      mailer,
      now: () => clock.now,
    });
    const others = await crowd();
    // Lists with a date far off: not due, so the sweep must not read them.
    for (const [i, p] of others.entries())
      expect((await request(service.app).patch(`/api/product-lists/${p.defaultListId}`).set(p.headers).send({ eventDate: `2031-0${i + 1}-15` })).status).toBe(200);
    const owner = await person();
    expect((await request(service.app).patch(`/api/product-lists/${owner.defaultListId}`).set(owner.headers).send({ eventDate: '2030-01-20' })).status).toBe(200);
    for (const follower of others.slice(0, 3)) expect((await api().put(`/api/favorites/${owner.defaultListId}`).set(follower.headers)).status).toBe(204);
    clock.now = new Date('2030-01-06T00:01:00Z');
    const found = await scans(async () => {
      expect(await service.reminders.sweep()).toMatchObject({ lists: 1, sent: 3 });
      expect(await service.reminders.sweep()).toMatchObject({ lists: 0, sent: 0 });
    });
    expect(found).toEqual([]);
    expect(sent).toHaveLength(3);
  });
});

describe('query plans of the offers service\'s reminder lookup', () => {
  it('finds the lists with an occasion in the coming days through an index', async () => {
    const others = await crowd();
    for (const [i, p] of others.entries())
      expect((await api().patch(`/api/product-lists/${p.defaultListId}`).set(p.headers).send({ eventDate: `2030-0${i + 1}-15` })).status).toBe(200);
    const found = await scans(async () => {
      const res = await api().post('/internal/lists/occasions/upcoming').set(await fromService('offers')).send({ from: '2030-02-13', to: '2030-02-16' });
      expect(res.body.data).toHaveLength(1);
    });
    expect(found).toEqual([]);
  });
});

describe('query plans of the price-watch run', () => {
  it('claims due products one at a time in order, and finds the ones never scheduled, through indexes', async () => {
    const day = 24 * 60 * 60_000;
    const clock = { now: new Date() };
    const reader = { read: async () => ({ price: 1499, currency: 'EUR' }) };
    const service = createListsService(listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_URL: 'https://wishlist.example', PRICE_WATCH_SHOP_INTERVAL_MS: '0' }), {
      now: () => clock.now,
      priceReader: reader,
    });
    const others = await crowd();
    // A product stored before price watch: no next reading yet.
    const legacy = await others[0].addProduct(others[0].defaultListId, { name: 'Older' });
    await Product.updateOne({ _id: legacy }, { $unset: { priceNextCheckAt: 1 } }, { timestamps: false });
    // Other shops' paces, which taking a turn at this one must not read.
    await PriceWatchShop.insertMany(Array.from({ length: 5 }, (_, i) => ({ _id: `shop${i}.example`, nextAt: new Date(Date.now() + day), failures: i })));
    clock.now = new Date(Date.now() + day + 60_000); // every product is due
    let run: { read: number } = { read: 0 };
    const found = await scans(async () => {
      run = await service.priceWatch.run();
    });
    expect(found).toEqual([]);
    expect(run.read).toBe(8);
    expect((await Product.findById(legacy).lean())?.priceNextCheckAt).toBeInstanceOf(Date);
  });
});
