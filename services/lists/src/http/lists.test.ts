import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import request from 'supertest';
import { listsConfig } from '../config';
import { createListsService } from './app';
import { productPictureOf } from '../images';
import { api, as, newId, person } from '../test-support/harness';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

describe('GET /api/product-lists (own lists with products)', () => {
  it('answers each list with its products in order', async () => {
    const me = await person();
    const second = await me.createList('Birthday');
    const a = await me.addProduct(me.defaultListId, { name: 'A' });
    const b = await me.addProduct(second, { name: 'B', price: null, url: 'https://shop.example/b' });
    const res = await api().get('/api/product-lists').set(me.headers);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.data).toEqual([
      {
        id: me.defaultListId,
        name: 'My wish list',
        isOwner: true,
        recipient: 'me',
        productCount: 1,
        eventDate: null,
        archived: false,
        priceAlerts: true,
        products: [
          {
            id: a,
            name: 'A',
            image: 'https://shop.example/a.jpg',
            picture: productPictureOf(a, 'https://shop.example/a.jpg'),
            price: 1999,
            url: 'https://www.shop.example/p/1',
            websiteName: 'shop.example',
            productListId: me.defaultListId,
            productListIds: [me.defaultListId],
            hidden: false,
            hasBeenOffered: false,
            received: false,
            quantity: 1,
            mostWanted: false,
            note: '',
            offeredQuantity: 0,
            priceHistory: [],
            priceCheckedAt: null,
            priceStale: false,
          },
        ],
      },
      { id: second, name: 'Birthday', isOwner: true, recipient: 'me', productCount: 1, eventDate: null, archived: false, priceAlerts: true, products: [expect.objectContaining({ id: b, price: null, productListId: second })] },
    ]);
  });
});

describe('GET /api/product-lists?summary=1 (names and counts)', () => {
  it('answers each list with its count and no product, far smaller than the full answer', async () => {
    const me = await person();
    for (let i = 0; i < 8; i++) await me.addProduct(me.defaultListId, { name: `Product ${i}`, note: 'x'.repeat(200) });
    const full = await api().get('/api/product-lists').set(me.headers);
    const res = await api().get('/api/product-lists?summary=1').set(me.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([{ id: me.defaultListId, name: 'My wish list', isOwner: true, recipient: 'me', productCount: 8, eventDate: null, archived: false, priceAlerts: true, products: [] }]);
    expect(res.text.length * 10).toBeLessThan(full.text.length);
    const plain = await api().get('/api/product-lists?summary=0').set(me.headers);
    expect(plain.body).toEqual(full.body);
  });

  it('refuses an unknown summary value with a 400 and changes nothing', async () => {
    const me = await person();
    const res = await api().get('/api/product-lists?summary=yes').set(me.headers);
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({ code: 'invalid_query', message: expect.any(String) });
    expect((await api().get('/api/product-lists').set(me.headers)).body.data).toHaveLength(1);
  });
});

describe('GET /api/product-lists/{id} (shared by link)', () => {
  it('is readable by anyone; isOwner only for the owner', async () => {
    const owner = await person();
    await owner.addProduct(owner.defaultListId);
    const other = await person();
    const mine = await api().get(`/api/product-lists/${owner.defaultListId}`).set(owner.headers);
    expect(mine.status).toBe(200);
    expect(mine.body.data.isOwner).toBe(true);
    expect(mine.body.data.products).toHaveLength(1);
    const theirs = await api().get(`/api/product-lists/${owner.defaultListId}`).set(other.headers);
    // The owner's own marks (received, private, the product's other lists) are what visitors do not see.
    const ownerOnly = ({ received: _received, hidden: _hidden, productListIds: _lists, ...rest }: { received?: boolean; hidden?: boolean; productListIds?: string[] }) => rest;
    expect(theirs.body.data).toEqual({ ...mine.body.data, isOwner: false, recipient: undefined, products: mine.body.data.products.map(ownerOnly) });
    const anonymous = await api().get(`/api/product-lists/${owner.defaultListId}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data.isOwner).toBe(false);
    // A forged assertion is simply anonymous.
    const forged = await api().get(`/api/product-lists/${owner.defaultListId}`).set('x-wishlist-identity', 'x.y.z');
    expect(forged.body.data.isOwner).toBe(false);
    // No internal field leaks.
    expect(Object.keys(anonymous.body.data.products[0]).sort()).toEqual(
      ['hasBeenOffered', 'id', 'image', 'name', 'picture', 'price', 'priceHistory', 'priceCheckedAt', 'priceStale', 'productListId', 'url', 'websiteName', 'quantity', 'mostWanted', 'note', 'offeredQuantity'].sort(),
    );
  });

  it('has an ETag per viewer and version: 304 for a matching If-None-Match, 200 again after a write', async () => {
    const owner = await person();
    await owner.addProduct(owner.defaultListId, { name: 'A' });
    const url = `/api/product-lists/${owner.defaultListId}`;
    const first = await api().get(url);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    // Anonymous (a shared link): the same for everyone, but by default no shared cache keeps it (a
    // gateway would not see a write made through another gateway); browsers revalidate with the ETag.
    expect(first.headers['cache-control']).toBe('no-store');
    // A deployment with one gateway may let it reuse the answer (PUBLIC_LIST_SHARED_MAX_AGE_S).
    const oneGateway = createListsService(listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PUBLIC_LIST_SHARED_MAX_AGE_S: '1' })).app;
    expect((await request(oneGateway).get(url)).headers['cache-control']).toBe('max-age=0, s-maxage=1');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9_-]+"$/);
    // The same answer (cached or not) has the same tag; the owner's answer (isOwner) another one.
    expect((await api().get(url)).headers.etag).toBe(etag);
    const mine = await api().get(url).set(owner.headers);
    expect(mine.body.data.isOwner).toBe(true);
    expect(mine.headers.etag).not.toBe(etag);
    expect(mine.headers['cache-control']).toBe('no-store');
    const other = await person();
    expect((await api().get(url).set(other.headers)).headers['cache-control']).toBe('no-store');

    const again = await api().get(url).set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect((await api().get(url).set('If-None-Match', '"something-else"')).status).toBe(200);
    // Another viewer's tag does not match an anonymous answer.
    expect((await api().get(url).set('If-None-Match', mine.headers.etag as string)).status).toBe(200);

    await owner.addProduct(owner.defaultListId, { name: 'B' });
    const changed = await api().get(url).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.body.data.products.map((p: { name: string }) => p.name)).toEqual(['A', 'B']);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('answers HEAD with the headers only', async () => {
    const owner = await person();
    const url = `/api/product-lists/${owner.defaultListId}`;
    const get = await api().get(url);
    const head = await api().head(url);
    expect(head.status).toBe(200);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it.each([newId(), 'not-an-id', '123', "'; drop"])('answers 404 for the unknown or malformed id %j', async (id) => {
    const res = await api().get(`/api/product-lists/${encodeURIComponent(id)}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('list_not_found');
  });
});

describe('POST /api/product-lists', () => {
  it('creates a list (201) trimmed, owned, empty', async () => {
    const me = await person();
    const res = await api().post('/api/product-lists').set(me.headers).send({ name: '  Christmas  ' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), name: 'Christmas', isOwner: true, recipient: 'me', eventDate: null, archived: false, priceAlerts: true, products: [] });
    const all = await api().get('/api/product-lists').set(me.headers);
    expect(all.body.data.map((l: { name: string }) => l.name)).toEqual(['My wish list', 'Christmas']);
  });

  it.each([
    [{ name: '' }, 'required'],
    [{ name: '   ' }, 'required'],
    [{}, 'required'],
    [{ name: 12 }, 'required'],
    [{ name: 'x'.repeat(101) }, 'too-long'],
  ])('refuses %j with 422 keyed name', async (payload, message) => {
    const me = await person();
    const res = await api().post('/api/product-lists').set(me.headers).send(payload);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { name: message } });
  });

  it('answers 400 to a body that is not an object or not JSON, 401 to anonymous callers', async () => {
    const me = await person();
    expect((await api().post('/api/product-lists').set(me.headers).send([1, 2])).status).toBe(400);
    const broken = await api().post('/api/product-lists').set(me.headers).set('content-type', 'application/json').send('{"name":');
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('invalid_json');
    expect((await api().post('/api/product-lists').set(me.headers)).status).toBe(400);
    expect((await api().post('/api/product-lists').send({ name: 'x' })).status).toBe(401);
  });
});

describe('PATCH /api/product-lists/{id}', () => {
  it('renames the owner’s list and answers it with its products', async () => {
    const me = await person();
    await me.addProduct(me.defaultListId);
    const res = await api().patch(`/api/product-lists/${me.defaultListId}`).set(me.headers).send({ name: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: me.defaultListId, name: 'Renamed', isOwner: true });
    expect(res.body.data.products).toHaveLength(1);
  });

  it('refuses others (403), anonymous (401), unknown (404), bad names (422)', async () => {
    const owner = await person();
    const other = await person();
    const forbidden = await api().patch(`/api/product-lists/${owner.defaultListId}`).set(other.headers).send({ name: 'Mine now' });
    expect(forbidden.status).toBe(403);
    expect((await api().patch(`/api/product-lists/${owner.defaultListId}`).send({ name: 'x' })).status).toBe(401);
    expect((await api().patch(`/api/product-lists/${newId()}`).set(owner.headers).send({ name: 'x' })).status).toBe(404);
    expect((await api().patch('/api/product-lists/zzz').set(owner.headers).send({ name: 'x' })).status).toBe(404);
    const bad = await api().patch(`/api/product-lists/${owner.defaultListId}`).set(owner.headers).send({ name: '' });
    expect(bad.status).toBe(422);
    expect(bad.body).toEqual({ errors: { name: 'required' } });
    expect((await owner.list(owner.defaultListId)).name).toBe('My wish list');
  });
});

describe('DELETE /api/product-lists/{id}', () => {
  it('refuses to delete the last owned list (422 productList)', async () => {
    const me = await person();
    const res = await api().delete(`/api/product-lists/${me.defaultListId}`).set(me.headers);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { productList: "You can't delete your list when it's only one you own." } });
    expect((await api().get(`/api/product-lists/${me.defaultListId}`)).status).toBe(200);
  });

  it('deletes a list with its products and removes it from favorites (204)', async () => {
    const me = await person();
    const second = await me.createList('Second');
    const product = await me.addProduct(second);
    const fan = await person();
    expect((await api().put(`/api/favorites/${second}`).set(fan.headers)).status).toBe(204);

    const res = await api().delete(`/api/product-lists/${second}`).set(me.headers);
    expect(res.status).toBe(204);
    expect((await api().get(`/api/product-lists/${second}`)).status).toBe(404);
    expect((await api().get(`/api/product-lists/${second}/products/${product}`)).status).toBe(404);
    expect((await api().get('/api/products-in-lists').set(me.headers)).body.data).toEqual([]);
    expect((await api().get('/api/favorites').set(fan.headers)).body.data).toEqual([]);
    // Deleting it again: it is gone.
    expect((await api().delete(`/api/product-lists/${second}`).set(me.headers)).status).toBe(404);
  });

  it('refuses others (403) and anonymous callers (401), and 404 for unknown ids', async () => {
    const owner = await person();
    const second = await owner.createList('Second');
    const other = await person();
    expect((await api().delete(`/api/product-lists/${second}`).set(other.headers)).status).toBe(403);
    expect((await api().delete(`/api/product-lists/${second}`)).status).toBe(401);
    expect((await api().delete(`/api/product-lists/${newId()}`).set(owner.headers)).status).toBe(404);
    expect((await api().delete('/api/product-lists/nope').set(owner.headers)).status).toBe(404);
    expect((await api().get(`/api/product-lists/${second}`)).status).toBe(200);
  });

  it('never leaves a person without a list when two deletions race', async () => {
    const me = await person();
    const second = await me.createList('Second');
    const answers = await Promise.all([
      api().delete(`/api/product-lists/${me.defaultListId}`).set(me.headers),
      api().delete(`/api/product-lists/${second}`).set(me.headers),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 422]);
    expect((await api().get('/api/product-lists').set(me.headers)).body.data).toHaveLength(1);
  });
});

describe('PUT /api/product-lists/{id}/products-ordering', () => {
  it('persists the order; new products go last; moved products leave and go last in the new list', async () => {
    const me = await person();
    const other = await me.createList('Other');
    const a = await me.addProduct(me.defaultListId, { name: 'A' });
    const b = await me.addProduct(me.defaultListId, { name: 'B' });
    const c = await me.addProduct(me.defaultListId, { name: 'C' });
    const ordered = await api().put(`/api/product-lists/${me.defaultListId}/products-ordering`).set(me.headers).send({ products: [c, a, b] });
    expect(ordered.status).toBe(200);
    expect(ordered.body.data.products.map((p: { id: string }) => p.id)).toEqual([c, a, b]);
    const ids = async (listId: string) => (await me.list(listId)).products.map((p: { id: string }) => p.id);
    expect(await ids(me.defaultListId)).toEqual([c, a, b]);

    const d = await me.addProduct(me.defaultListId, { name: 'D' });
    expect(await ids(me.defaultListId)).toEqual([c, a, b, d]);

    const x = await me.addProduct(other, { name: 'X' });
    const moved = await api().patch(`/api/products-in-lists/${a}`).set(me.headers).send({ productListId: other });
    expect(moved.status).toBe(200);
    expect(await ids(me.defaultListId)).toEqual([c, b, d]);
    expect(await ids(other)).toEqual([x, a]);

    await api().delete(`/api/products-in-lists/${b}`).set(me.headers);
    expect(await ids(me.defaultListId)).toEqual([c, d]);
    const again = await api().put(`/api/product-lists/${me.defaultListId}/products-ordering`).set(me.headers).send({ products: [d, c] });
    expect(again.body.data.products.map((p: { id: string }) => p.id)).toEqual([d, c]);
  });

  it.each([
    ['a missing product', (p: string[]) => [p[0]]],
    ['a duplicate', (p: string[]) => [p[0], p[0], p[1]]],
    ['a foreign id', (p: string[]) => [...p, newId()]],
    ['a malformed id', (p: string[]) => [p[0], 'nope']],
  ])('refuses %s with 422 keyed products', async (_what, make) => {
    const me = await person();
    const ids = [await me.addProduct(me.defaultListId), await me.addProduct(me.defaultListId)];
    const res = await api().put(`/api/product-lists/${me.defaultListId}/products-ordering`).set(me.headers).send({ products: make(ids) });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['products']);
    expect((await me.list(me.defaultListId)).products.map((p: { id: string }) => p.id)).toEqual(ids);
  });

  it('refuses malformed bodies (400), others (403), anonymous (401), unknown lists (404)', async () => {
    const me = await person();
    const p = await me.addProduct(me.defaultListId);
    const url = `/api/product-lists/${me.defaultListId}/products-ordering`;
    expect((await api().put(url).set(me.headers).send({ products: 'x' })).status).toBe(400);
    expect((await api().put(url).set(me.headers).send({ products: [1] })).status).toBe(400);
    expect((await api().put(url).set(me.headers).send({})).status).toBe(400);
    const other = await person();
    expect((await api().put(url).set(other.headers).send({ products: [p] })).status).toBe(403);
    expect((await api().put(url).send({ products: [p] })).status).toBe(401);
    expect((await api().put(`/api/product-lists/${newId()}/products-ordering`).set(me.headers).send({ products: [] })).status).toBe(404);
  });

  it('keeps every product when many are added at once', async () => {
    const me = await person();
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => me.addProduct(me.defaultListId, { name: `P${i}` })));
    const listed = (await me.list(me.defaultListId)).products.map((p: { id: string }) => p.id);
    expect(listed.sort()).toEqual([...ids].sort());
    const res = await api().put(`/api/product-lists/${me.defaultListId}/products-ordering`).set(me.headers).send({ products: [...ids].reverse() });
    expect(res.status).toBe(200);
  });
});

describe('account erasure', () => {
  it('erases lists, products and favorites (own and of the lists), is idempotent', async () => {
    const gone = await person();
    const kept = await person();
    await gone.addProduct(gone.defaultListId);
    await api().put(`/api/favorites/${kept.defaultListId}`).set(gone.headers);
    await api().put(`/api/favorites/${gone.defaultListId}`).set(kept.headers);
    const { fromService } = await import('../test-support/harness');
    const erased = await api().post(`/internal/users/${gone.id}/erase`).set(await fromService('auth'));
    expect(erased.status).toBe(200);
    expect(erased.body.data).toEqual({ erased: true, deleted: { managers: 0, favorites: 2, reminders: 0, priceAlerts: 0, products: 1, lists: 1 } });
    expect((await api().get('/api/favorites').set(kept.headers)).body.data).toEqual([]);
    expect((await api().get(`/api/product-lists/${gone.defaultListId}`)).status).toBe(404);
    // Writes still in flight with the erased identity create nothing.
    expect((await api().post('/api/product-lists').set(await as(gone.id)).send({ name: 'x' })).status).toBe(401);
    expect((await api().put(`/api/favorites/${kept.defaultListId}`).set(await as(gone.id))).status).toBe(401);
    const again = await api().post(`/internal/users/${gone.id}/erase`).set(await fromService('auth'));
    expect(again.body.data.deleted).toEqual({ managers: 0, favorites: 0, reminders: 0, priceAlerts: 0, products: 0, lists: 0 });
  });
});
