import request from 'supertest';
import mongoose from 'mongoose';
import { IDENTITY_HEADER, SERVICE_HEADER, signIdentity, signServiceAssertion, startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { listsConfig } from '../config';
import { createListsService } from './app';

let db: TestDatabase;
const app = createListsService(listsConfig.load({ NODE_ENV: 'test' })).app;
const userId = () => new mongoose.Types.ObjectId().toHexString();
const as = async (id: string, lang?: 'en' | 'fr') => ({ [IDENTITY_HEADER]: await signIdentity(lang ? { userId: id, lang } : { userId: id }) });
const fromService = async (name: string) => ({ [SERVICE_HEADER]: await signServiceAssertion(name) });

beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

describe('GET /api/product-lists', () => {
  it('refuses a caller without a valid identity assertion (401 JSON)', async () => {
    const none = await request(app).get('/api/product-lists');
    expect(none.status).toBe(401);
    expect(none.body.error.code).toBe('unauthorized');
    const forged = await request(app).get('/api/product-lists').set(IDENTITY_HEADER, 'eyJhbGciOiJIUzI1NiJ9.e30.x');
    expect(forged.status).toBe(401);
    // A service assertion is not a person.
    const service = await request(app).get('/api/product-lists').set(IDENTITY_HEADER, (await fromService('auth'))[SERVICE_HEADER]);
    expect(service.status).toBe(401);
  });

  it('creates the default list on the first call, named in English by default, and keeps it', async () => {
    const id = userId();
    const first = await request(app).get('/api/product-lists').set(await as(id));
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: [{ id: expect.any(String), name: 'My wish list', isOwner: true, recipient: 'me', productCount: 0, eventDate: null, archived: false, priceAlerts: true, products: [] }] });
    const again = await request(app).get('/api/product-lists').set(await as(id));
    expect(again.body.data).toEqual(first.body.data);
  });

  it('names the first list in French for a French speaker', async () => {
    const res = await request(app).get('/api/product-lists').set(await as(userId(), 'fr'));
    expect(res.body.data[0].name).toBe("Ma liste d’envies");
  });

  it('answers each person their own lists', async () => {
    const a = await request(app).get('/api/product-lists').set(await as(userId()));
    const b = await request(app).get('/api/product-lists').set(await as(userId()));
    expect(a.body.data[0].id).not.toBe(b.body.data[0].id);
  });

  it('makes one default list when many first calls arrive at once', async () => {
    const id = userId();
    const headers = await as(id);
    const answers = await Promise.all(Array.from({ length: 12 }, () => request(app).get('/api/product-lists').set(headers)));
    for (const r of answers) expect(r.status).toBe(200);
    const ids = new Set(answers.map((r) => r.body.data.map((l: { id: string }) => l.id).join(',')));
    expect(ids.size).toBe(1);
    expect(answers[0].body.data).toHaveLength(1);
    expect(await mongoose.connection.db!.collection('productlists').countDocuments({ ownerId: id })).toBe(1);
  });

  it('orders lists by creation, the default first', async () => {
    const id = userId();
    const first = await request(app).get('/api/product-lists').set(await as(id));
    await mongoose.connection.db!.collection('productlists').insertOne({ ownerId: id, name: 'Later', createdAt: new Date(Date.now() + 1000) });
    const res = await request(app).get('/api/product-lists').set(await as(id));
    expect(res.body.data.map((l: { name: string }) => l.name)).toEqual(['My wish list', 'Later']);
    expect(res.body.data[0].id).toBe(first.body.data[0].id);
  });
});

describe('POST /internal/users/:userId/erase', () => {
  it('is for the auth service only', async () => {
    const id = userId();
    expect((await request(app).post(`/internal/users/${id}/erase`)).status).toBe(401);
    const other = await request(app).post(`/internal/users/${id}/erase`).set(await fromService('gateway'));
    expect(other.status).toBe(403);
    // A person's identity is not a service assertion.
    const person = await request(app).post(`/internal/users/${id}/erase`).set(SERVICE_HEADER, (await as(id))[IDENTITY_HEADER]);
    expect(person.status).toBe(401);
  });

  it('refuses a malformed user id (400)', async () => {
    const res = await request(app).post('/internal/users/a%20b%24/erase').set(await fromService('auth'));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });

  it("deletes the person's lists, keeps others', is idempotent, and nothing is recreated after", async () => {
    const gone = userId();
    const kept = userId();
    await request(app).get('/api/product-lists').set(await as(gone));
    const keptLists = await request(app).get('/api/product-lists').set(await as(kept));

    const erased = await request(app).post(`/internal/users/${gone}/erase`).set(await fromService('auth'));
    expect(erased.status).toBe(200);
    expect(erased.body.data).toEqual({ erased: true, deleted: { managers: 0, favorites: 0, reminders: 0, priceAlerts: 0, products: 0, lists: 1 } });
    const again = await request(app).post(`/internal/users/${gone}/erase`).set(await fromService('auth'));
    expect(again.status).toBe(200);
    expect(again.body.data.deleted.lists).toBe(0);

    expect(await mongoose.connection.db!.collection('productlists').countDocuments({ ownerId: gone })).toBe(0);
    // A request still carrying the erased person's identity gets no new default list.
    const late = await request(app).get('/api/product-lists').set(await as(gone));
    expect(late.status).toBe(401);
    expect(late.body.error.code).toBe('account_deleted');
    expect(await mongoose.connection.db!.collection('productlists').countDocuments({ ownerId: gone })).toBe(0);

    const stillThere = await request(app).get('/api/product-lists').set(await as(kept));
    expect(stillThere.body.data).toEqual(keptLists.body.data);
  });
});

describe('basics', () => {
  it('answers /health and JSON 404s', async () => {
    const health = await request(app).get('/health');
    expect(health.status).toBe(200);
    expect(health.body.data).toMatchObject({ service: 'lists', status: 'ok', db: 'connected' });
    expect((await request(app).get('/api/nothing')).status).toBe(404);
  });
});
