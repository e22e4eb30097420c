import mongoose from 'mongoose';
import request from 'supertest';
import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { listsConfig } from '../config';
import { LIST_PREVIEW_PRODUCTS } from '../domain/limits';
import { productPictureOf } from '../images';
import { as, newUserId } from '../test-support/harness';
import { createListsService } from './app';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

/** The real app with low limits, so that each limit is reached in a few calls. */
function appWith(env: Record<string, string>) {
  return createListsService(listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env })).app;
}
const capped = appWith({ MAX_PRODUCTS_PER_ACCOUNT: '5', MAX_FAVORITES_PER_ACCOUNT: '2', PRODUCT_CREATION_LIMIT: '1000' });

async function personOn(app: ReturnType<typeof appWith>) {
  const id = newUserId();
  const headers = await as(id);
  const defaultListId: string = (await request(app).get('/api/product-lists').set(headers)).body.data[0].id;
  const post = (productListId: string, name = 'A gift') =>
    request(app)
      .post('/api/products-in-lists')
      .set(headers)
      .send({ name, image: 'https://shop.example/a.jpg', price: 1999, url: 'https://shop.example/p/1', productListId });
  return {
    id,
    headers,
    defaultListId,
    post,
    async add(productListId: string, name?: string): Promise<string> {
      const res = await post(productListId, name);
      if (res.status !== 201) throw new Error(`add ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data.id;
    },
    async createList(name: string): Promise<string> {
      return (await request(app).post('/api/product-lists').set(headers).send({ name })).body.data.id;
    },
    async count(): Promise<number> {
      const lists = (await request(app).get('/api/product-lists').set(headers)).body.data as { productCount: number }[];
      return lists.reduce((n, l) => n + l.productCount, 0);
    },
  };
}

describe('products per account', () => {
  it('refuses the product beyond the cap with a 409 that says what to do; nothing stored changes', async () => {
    const me = await personOn(capped);
    const second = await me.createList('Birthday');
    for (let i = 0; i < 3; i++) await me.add(me.defaultListId, `A${i}`);
    const last = await me.add(second, 'B0');
    await me.add(second, 'B1');
    const refused = await me.post(me.defaultListId, 'One too many');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { code: 'account_full', message: expect.stringMatching(/^Your lists hold 5 products.*Remove products/) } });
    expect(await me.count()).toBe(5);
    // Moving a product between one's own lists keeps the count: allowed at the cap.
    const moved = await request(capped).patch(`/api/products-in-lists/${last}`).set(me.headers).send({ productListId: me.defaultListId });
    expect(moved.status).toBe(200);
    // Room again once a product is removed.
    expect((await request(capped).delete(`/api/products-in-lists/${last}`).set(me.headers)).status).toBe(204);
    expect((await me.post(second, 'Fits again')).status).toBe(201);
    // Another person has their own count.
    const other = await personOn(capped);
    expect((await other.post(other.defaultListId)).status).toBe(201);
  });

  it('holds when many creations into different lists arrive at once', async () => {
    const me = await personOn(capped);
    const lists = [me.defaultListId, await me.createList('Two'), await me.createList('Three')];
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => me.post(lists[i % lists.length], `P${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    expect(await me.count()).toBe(5);
  });
});

describe('product creation rate', () => {
  const throttledEnv = { PRODUCT_CREATION_LIMIT: '3', PRODUCT_CREATION_WINDOW_MS: '600000' };
  const throttled = appWith(throttledEnv);
  // A second copy of the service: the count lives in the database, so the copies share it.
  const copy = appWith(throttledEnv);

  it('answers 429 with Retry-After and a message beyond the limit, per account, across copies of the service', async () => {
    const me = await personOn(throttled);
    expect((await me.post(me.defaultListId)).status).toBe(201);
    expect((await me.post(me.defaultListId)).status).toBe(201);
    const onCopy = await request(copy)
      .post('/api/products-in-lists')
      .set(me.headers)
      .send({ name: 'From the copy', url: 'https://shop.example/c', productListId: me.defaultListId });
    expect(onCopy.status).toBe(201);
    const refused = await me.post(me.defaultListId);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['ratelimit-policy']).toMatch(/q=3; w=600/);
    expect(refused.body).toEqual({ error: { code: 'too_many_requests', message: expect.stringMatching(/Wait a few minutes/) } });
    expect((await request(throttled).get(`/api/product-lists/${me.defaultListId}`).set(me.headers)).body.data.products).toHaveLength(3);
    // Someone else is not slowed down by it.
    const other = await personOn(throttled);
    expect((await other.post(other.defaultListId)).status).toBe(201);
  });
});

describe('favorites per account', () => {
  it('refuses a new favorite beyond the cap (409), keeps re-adding an existing one idempotent', async () => {
    const me = await personOn(capped);
    const [a, b, c] = await Promise.all([personOn(capped), personOn(capped), personOn(capped)]);
    expect((await request(capped).put(`/api/favorites/${a.defaultListId}`).set(me.headers)).status).toBe(204);
    expect((await request(capped).put(`/api/favorites/${b.defaultListId}`).set(me.headers)).status).toBe(204);
    const refused = await request(capped).put(`/api/favorites/${c.defaultListId}`).set(me.headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: { code: 'favorites_full', message: expect.stringMatching(/^You follow 2 lists.*Remove a favorite/) } });
    expect((await request(capped).put(`/api/favorites/${a.defaultListId}`).set(me.headers)).status).toBe(204);
    expect((await request(capped).get('/api/favorites').set(me.headers)).body.data.map((f: { id: string }) => f.id)).toEqual([a.defaultListId, b.defaultListId]);
    expect((await request(capped).delete(`/api/favorites/${a.defaultListId}`).set(me.headers)).status).toBe(204);
    expect((await request(capped).put(`/api/favorites/${c.defaultListId}`).set(me.headers)).status).toBe(204);
  });
});

/** The product documents each products query of `call` returns (mongoose's debug hook sees every query). */
async function productReads<T>(call: () => Promise<T>): Promise<{ result: T; queries: unknown[] }> {
  const queries: unknown[] = [];
  mongoose.set('debug', (collection: string, method: string, query: unknown) => {
    if (collection === 'products' && method !== 'createIndex') queries.push(query);
  });
  try {
    return { result: await call(), queries };
  } finally {
    mongoose.set('debug', false);
  }
}

describe('bounded owner reads', () => {
  it('GET /api/product-lists carries each list’s count and first products in order; the list’s own read carries all', async () => {
    const app = appWith({});
    const me = await personOn(app);
    const ids: string[] = [];
    for (let i = 0; i < LIST_PREVIEW_PRODUCTS + 3; i++) ids.push(await me.add(me.defaultListId, `P${i}`));
    const reversed = [...ids].reverse();
    await request(app).put(`/api/product-lists/${me.defaultListId}/products-ordering`).set(me.headers).send({ products: reversed });

    const { result: res, queries } = await productReads(() => request(app).get('/api/product-lists').set(me.headers));
    const [list] = res.body.data;
    expect(list).toMatchObject({ id: me.defaultListId, isOwner: true, productCount: ids.length });
    expect(list.products.map((p: { id: string }) => p.id)).toEqual(reversed.slice(0, LIST_PREVIEW_PRODUCTS));
    expect(list.products[0]).toEqual(expect.objectContaining({ name: `P${ids.length - 1}`, picture: productPictureOf(reversed[0], 'https://shop.example/a.jpg') }));
    // Only the first products were asked for, by id.
    expect(queries).toHaveLength(1);
    expect(JSON.stringify(queries)).not.toMatch(/listId/);

    const full = await request(app).get(`/api/product-lists/${me.defaultListId}`).set(me.headers);
    expect(full.body.data.products.map((p: { id: string }) => p.id)).toEqual(reversed);
  });

  it('GET /api/favorites gives each favorite’s count and first picture without reading its products', async () => {
    const app = appWith({});
    const me = await personOn(app);
    const alice = await personOn(app);
    const first = await alice.add(alice.defaultListId, 'Teapot');
    for (let i = 0; i < 4; i++) await alice.add(alice.defaultListId, `More ${i}`);
    await request(app).put(`/api/favorites/${alice.defaultListId}`).set(me.headers);
    const { result: res, queries } = await productReads(() => request(app).get('/api/favorites').set(me.headers));
    expect(res.body.data).toEqual([
      {
        id: alice.defaultListId,
        name: 'My wish list',
        productCount: 5,
        image: 'https://shop.example/a.jpg',
        picture: productPictureOf(first, 'https://shop.example/a.jpg'),
        favoritedAt: expect.any(String),
        priceAlerts: false,
      },
    ]);
    expect(queries).toHaveLength(1);
    expect(JSON.stringify(queries)).not.toMatch(/listId/);
  });
});

describe('picture links of stored products', () => {
  it('are short, and stop naming a picture once the product changes it or is gone (404 before any fetch)', async () => {
    const app = appWith({});
    const me = await personOn(app);
    const longImage = `https://shop.example/${'i'.repeat(2000)}.jpg`;
    const created = await request(app)
      .post('/api/products-in-lists')
      .set(me.headers)
      .send({ name: 'Lamp', image: longImage, url: 'https://shop.example/lamp', productListId: me.defaultListId });
    const { id, picture } = created.body.data as { id: string; picture: string };
    expect(picture).toBe(productPictureOf(id, longImage));
    expect(picture.length).toBeLessThan(70);

    await request(app).patch(`/api/products-in-lists/${id}`).set(me.headers).send({ image: 'https://shop.example/other.jpg' }).expect(200);
    const stale = await request(app).get(picture);
    expect(stale.status).toBe(404);
    expect(stale.body.error.code).toBe('image_not_found');
    const current = (await request(app).get(`/api/product-lists/${me.defaultListId}`).set(me.headers)).body.data.products[0].picture;
    expect(current).toBe(productPictureOf(id, 'https://shop.example/other.jpg'));

    await request(app).delete(`/api/products-in-lists/${id}`).set(me.headers).expect(204);
    expect((await request(app).get(current)).status).toBe(404);
    // A link for an id that was never signed.
    expect((await request(app).get(`/api/images/${newUserId()}.${'A'.repeat(22)}`)).status).toBe(404);
  });
});
