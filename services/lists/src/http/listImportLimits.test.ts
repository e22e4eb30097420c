import request from 'supertest';
import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { listsConfig } from '../config';
import { ProductList } from '../data/models';
import { MAX_LISTS_PER_OWNER } from '../domain/limits';
import { as, newUserId } from '../test-support/harness';
import { createListsService } from './app';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

function appWith(env: Record<string, string>) {
  return createListsService(listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env })).app;
}

const csvOf = (n: number, prefix = 'P') => `url,name,price\n${Array.from({ length: n }, (_, i) => `https://shop.example/${prefix}${i},${prefix}${i},${i}`).join('\n')}\n`;

async function personOn(app: ReturnType<typeof appWith>) {
  const id = newUserId();
  const headers = await as(id);
  const defaultListId: string = (await request(app).get('/api/product-lists').set(headers)).body.data[0].id;
  return {
    id,
    headers,
    defaultListId,
    import: (csv: string, name = 'Imported') =>
      request(app).post(`/api/product-lists/import?name=${encodeURIComponent(name)}`).set(headers).set('Content-Type', 'text/csv').send(csv),
    add: (name: string) =>
      request(app)
        .post('/api/products-in-lists')
        .set(headers)
        .send({ name, image: 'https://shop.example/a.jpg', price: 1, url: 'https://shop.example/p', productListId: defaultListId }),
    async lists(): Promise<Array<{ name: string; productCount: number }>> {
      return (await request(app).get('/api/product-lists').set(headers)).body.data;
    },
  };
}

describe('import limits', () => {
  it('refuses a file that would pass the account’s product cap: 409 with the room left, nothing stored', async () => {
    const app = appWith({ MAX_PRODUCTS_PER_ACCOUNT: '5', PRODUCT_CREATION_LIMIT: '1000' });
    const me = await personOn(app);
    expect((await me.add('Already here')).status).toBe(201);
    const refused = await me.import(csvOf(5));
    expect(refused.status).toBe(409);
    expect(refused.body.error).toEqual({
      code: 'account_full',
      message: 'This file has 5 products and your lists have room for 4 more (an account keeps at most 5). Remove products you no longer need, or import a shorter file. Nothing was imported.',
    });
    expect(await me.lists()).toEqual([expect.objectContaining({ productCount: 1 })]);
    const fits = await me.import(csvOf(4));
    expect(fits.status).toBe(201);
    expect(fits.body.data.products).toHaveLength(4);
    // The cap holds for single creations afterwards too.
    expect((await me.add('One too many')).status).toBe(409);
  });

  it('two imports racing for the last room: one list is created whole, the other not at all', async () => {
    const app = appWith({ MAX_PRODUCTS_PER_ACCOUNT: '6', PRODUCT_CREATION_LIMIT: '1000' });
    const me = await personOn(app);
    const answers = await Promise.all([me.import(csvOf(4, 'A'), 'A'), me.import(csvOf(4, 'B'), 'B')]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const lists = await me.lists();
    expect(lists).toHaveLength(2);
    expect(lists[1].productCount).toBe(4);
  });

  it('refuses a list beyond the lists cap with a 409', async () => {
    const app = appWith({});
    const me = await personOn(app);
    await ProductList.insertMany(Array.from({ length: MAX_LISTS_PER_OWNER - 1 }, (_, i) => ({ ownerId: me.id, name: `L${i}` })));
    const res = await me.import(csvOf(1));
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'too_many_lists', message: expect.stringMatching(/^You own 100 lists.*Delete a list you no longer need/) });
  });

  it('counts imports per account (429 with Retry-After), and each one as a creation', async () => {
    const app = appWith({ IMPORT_LIMIT: '2', PRODUCT_CREATION_LIMIT: '3' });
    const me = await personOn(app);
    expect((await me.import(csvOf(2))).status).toBe(201);
    expect((await me.import(csvOf(2))).status).toBe(201);
    const third = await me.import(csvOf(2));
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toMatch(/^\d+$/);
    expect(third.body.error.code).toBe('too_many_requests');
    // Three requests counted as creations: the creation limit is reached as well.
    expect((await me.add('Next')).status).toBe(429);
    // Another account has its own count.
    const other = await personOn(app);
    expect((await other.import(csvOf(1))).status).toBe(201);
  });
});
