import { NO_IMAGE_PLACEHOLDER, PRICE_MAX_CENTS } from '@wishlist/contracts';
import { productPictureOf } from '../images';
import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { api, newId, person } from '../test-support/harness';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

const valid = (productListId: string) => ({
  name: '  Bike ',
  image: 'https://shop.example/bike.jpg',
  price: 12_999,
  url: 'https://WWW.Shop.example/bike?ref=1',
  productListId,
});

describe('POST /api/products-in-lists', () => {
  it('creates a product at the end of the list (201), websiteName derived server-side', async () => {
    const me = await person();
    const res = await api()
      .post('/api/products-in-lists')
      .set(me.headers)
      .send({ ...valid(me.defaultListId), websiteName: 'evil.example', hasBeenOffered: true, id: 'x', ownerId: 'y' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      name: 'Bike',
      image: 'https://shop.example/bike.jpg',
      picture: productPictureOf(res.body.data.id, 'https://shop.example/bike.jpg'),
      price: 12_999,
      url: 'https://WWW.Shop.example/bike?ref=1',
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
    });
  });

  it('defaults a missing image to the placeholder and a missing price to null', async () => {
    const me = await person();
    const res = await api().post('/api/products-in-lists').set(me.headers).send({ name: 'X', url: 'https://a.example', productListId: me.defaultListId });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ image: NO_IMAGE_PLACEHOLDER, price: null, websiteName: 'a.example' });
    const placeholder = await api().post('/api/products-in-lists').set(me.headers).send({ ...valid(me.defaultListId), image: NO_IMAGE_PLACEHOLDER });
    expect(placeholder.status).toBe(201);
  });

  it.each([
    [{ name: '' }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name'],
    [{ name: null }, 'name'],
    [{ price: -5 }, 'price'],
    [{ price: 10.5 }, 'price'],
    [{ price: '12,50' }, 'price'],
    [{ price: PRICE_MAX_CENTS + 1 }, 'price'],
    [{ image: '' }, 'image'],
    [{ image: 'javascript:alert(1)' }, 'image'],
    [{ image: 'data:text/html,<script>alert(1)</script>' }, 'image'],
    [{ url: '' }, 'url'],
    [{ url: 'ftp://shop.example/x' }, 'url'],
    [{ url: `https://shop.example/${'a'.repeat(2048)}` }, 'url'],
    [{ productListId: '' }, 'productListId'],
    [{ productListId: 'nope' }, 'productListId'],
    [{ productListId: 42 }, 'productListId'],
  ])('refuses %j with 422 keyed %s and stores nothing', async (patch, field) => {
    const me = await person();
    const res = await api()
      .post('/api/products-in-lists')
      .set(me.headers)
      .send({ ...valid(me.defaultListId), ...patch });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect((await api().get('/api/products-in-lists').set(me.headers)).body.data).toEqual([]);
  });

  it('reports every invalid field at once', async () => {
    const me = await person();
    const res = await api().post('/api/products-in-lists').set(me.headers).send({ name: '', image: 'x', price: -1, url: 'x', productListId: me.defaultListId });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['image', 'name', 'price', 'url']);
  });

  it("refuses an unknown list (422 productListId), someone else's list (403), anonymous (401), a non-object (400)", async () => {
    const me = await person();
    const other = await person();
    const unknown = await api().post('/api/products-in-lists').set(me.headers).send(valid(newId()));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ productListId: 'unknown-list' });
    const foreign = await api().post('/api/products-in-lists').set(me.headers).send(valid(other.defaultListId));
    expect(foreign.status).toBe(403);
    expect((await other.list(other.defaultListId)).products).toEqual([]);
    expect((await api().post('/api/products-in-lists').send(valid(me.defaultListId))).status).toBe(401);
    expect((await api().post('/api/products-in-lists').set(me.headers).send('"text"').set('content-type', 'application/json')).status).toBe(400);
  });
});

describe('GET /api/products-in-lists', () => {
  it("answers every product of the caller's lists, never others'", async () => {
    const me = await person();
    const second = await me.createList('Second');
    const a = await me.addProduct(me.defaultListId);
    const b = await me.addProduct(second);
    const other = await person();
    await other.addProduct(other.defaultListId);
    const res = await api().get('/api/products-in-lists').set(me.headers);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([a, b]);
    expect((await api().get('/api/products-in-lists')).status).toBe(401);
  });
});

describe('/api/product-lists/{listId}/products/{productId}', () => {
  it('GET: anyone reads a product of its list; 404 for a wrong list, unknown or malformed ids', async () => {
    const me = await person();
    const second = await me.createList('Second');
    const p = await me.addProduct(me.defaultListId);
    const anonymous = await api().get(`/api/product-lists/${me.defaultListId}/products/${p}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body.data).toMatchObject({ id: p, productListId: me.defaultListId, websiteName: 'shop.example' });
    expect((await api().get(`/api/product-lists/${second}/products/${p}`)).status).toBe(404);
    expect((await api().get(`/api/product-lists/${me.defaultListId}/products/${newId()}`)).status).toBe(404);
    expect((await api().get(`/api/product-lists/${me.defaultListId}/products/zz`)).status).toBe(404);
    expect((await api().get(`/api/product-lists/zz/products/${p}`)).status).toBe(404);
  });

  it('PATCH {hasBeenOffered} toggles the flag (owner)', async () => {
    const me = await person();
    const p = await me.addProduct(me.defaultListId);
    const url = `/api/product-lists/${me.defaultListId}/products/${p}`;
    const on = await api().patch(url).set(me.headers).send({ hasBeenOffered: true });
    expect(on.status).toBe(200);
    expect(on.body.data.hasBeenOffered).toBe(true);
    expect((await api().get(url)).body.data.hasBeenOffered).toBe(true);
    const off = await api().patch(url).set(me.headers).send({ hasBeenOffered: false });
    expect(off.body.data.hasBeenOffered).toBe(false);
  });

  it('PATCH {name, image, price} edits the product (owner) and keeps url and list', async () => {
    const me = await person();
    const p = await me.addProduct(me.defaultListId);
    const url = `/api/product-lists/${me.defaultListId}/products/${p}`;
    const res = await api().patch(url).set(me.headers).send({ name: 'New name', image: 'http://img.example/n.png', price: null });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: p, name: 'New name', image: 'http://img.example/n.png', price: null, url: 'https://www.shop.example/p/1' });
    // productListId is not a field of this route: it never moves the product.
    const other = await me.createList('Other');
    const stay = await api().patch(url).set(me.headers).send({ name: 'Still', productListId: other });
    expect(stay.body.data.productListId).toBe(me.defaultListId);
  });

  it('PATCH refuses bad values (422 keyed), empty changes (400), others (403), anonymous (401), unknown (404)', async () => {
    const me = await person();
    const p = await me.addProduct(me.defaultListId);
    const url = `/api/product-lists/${me.defaultListId}/products/${p}`;
    const bad = await api().patch(url).set(me.headers).send({ name: ' ', image: 'nope', price: -1 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['image', 'name', 'price']);
    expect((await api().patch(url).set(me.headers).send({ hasBeenOffered: 'yes' })).status).toBe(422);
    expect((await api().patch(url).set(me.headers).send({})).status).toBe(400);
    expect((await api().patch(url).set(me.headers).send([])).status).toBe(400);
    const other = await person();
    expect((await api().patch(url).set(other.headers).send({ hasBeenOffered: true })).status).toBe(403);
    expect((await api().patch(url).send({ hasBeenOffered: true })).status).toBe(401);
    expect((await api().patch(`/api/product-lists/${me.defaultListId}/products/${newId()}`).set(me.headers).send({ hasBeenOffered: true })).status).toBe(404);
    const unchanged = (await api().get(url)).body.data;
    expect(unchanged).toMatchObject({ name: 'A gift', hasBeenOffered: false, price: 1999 });
  });

  it('DELETE removes the product (owner, 204); others 403; unknown 404', async () => {
    const me = await person();
    const p = await me.addProduct(me.defaultListId);
    const url = `/api/product-lists/${me.defaultListId}/products/${p}`;
    const other = await person();
    expect((await api().delete(url).set(other.headers)).status).toBe(403);
    expect((await api().delete(url)).status).toBe(401);
    expect((await api().delete(url).set(me.headers)).status).toBe(204);
    expect((await api().get(url)).status).toBe(404);
    expect((await api().delete(url).set(me.headers)).status).toBe(404);
  });
});

describe('/api/products-in-lists/{id}', () => {
  it('PATCH edits and moves a product to another owned list', async () => {
    const me = await person();
    const second = await me.createList('Second');
    const p = await me.addProduct(me.defaultListId);
    const res = await api()
      .patch(`/api/products-in-lists/${p}`)
      .set(me.headers)
      .send({ name: 'Moved', image: 'https://shop.example/a.jpg', price: 100, productListId: second });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: p, name: 'Moved', price: 100, productListId: second });
    expect((await me.list(me.defaultListId)).products).toEqual([]);
    expect((await me.list(second)).products.map((x: { id: string }) => x.id)).toEqual([p]);
    // The old nested path no longer finds it; the new one does.
    expect((await api().get(`/api/product-lists/${me.defaultListId}/products/${p}`)).status).toBe(404);
    expect((await api().get(`/api/product-lists/${second}/products/${p}`)).status).toBe(200);
  });

  it('PATCH with a new url re-derives websiteName', async () => {
    const me = await person();
    const p = await me.addProduct(me.defaultListId);
    const res = await api().patch(`/api/products-in-lists/${p}`).set(me.headers).send({ url: 'https://www.other.example/x' });
    expect(res.body.data).toMatchObject({ url: 'https://www.other.example/x', websiteName: 'other.example' });
  });

  it("refuses to move into someone else's list (403) or an unknown list (422), moving nothing", async () => {
    const me = await person();
    const other = await person();
    const p = await me.addProduct(me.defaultListId);
    const foreign = await api().patch(`/api/products-in-lists/${p}`).set(me.headers).send({ productListId: other.defaultListId });
    expect(foreign.status).toBe(403);
    const unknown = await api().patch(`/api/products-in-lists/${p}`).set(me.headers).send({ productListId: newId() });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ productListId: 'unknown-list' });
    expect((await me.list(me.defaultListId)).products.map((x: { id: string }) => x.id)).toEqual([p]);
    expect((await other.list(other.defaultListId)).products).toEqual([]);
  });

  it("refuses others' products (403 on PATCH and DELETE), unknown ids (404), anonymous (401)", async () => {
    const owner = await person();
    const p = await owner.addProduct(owner.defaultListId);
    const thief = await person();
    const steal = await api().patch(`/api/products-in-lists/${p}`).set(thief.headers).send({ productListId: thief.defaultListId });
    expect(steal.status).toBe(403);
    expect((await api().patch(`/api/products-in-lists/${p}`).set(thief.headers).send({ name: 'mine' })).status).toBe(403);
    expect((await api().delete(`/api/products-in-lists/${p}`).set(thief.headers)).status).toBe(403);
    expect((await api().patch(`/api/products-in-lists/${newId()}`).set(owner.headers).send({ name: 'x' })).status).toBe(404);
    expect((await api().patch('/api/products-in-lists/%E2%9C%93').set(owner.headers).send({ name: 'x' })).status).toBe(404);
    expect((await api().delete(`/api/products-in-lists/${newId()}`).set(owner.headers)).status).toBe(404);
    expect((await api().delete(`/api/products-in-lists/${p}`)).status).toBe(401);
    expect((await owner.list(owner.defaultListId)).products).toEqual([expect.objectContaining({ id: p, name: 'A gift' })]);
  });

  it('DELETE removes the product from its list (204)', async () => {
    const me = await person();
    const a = await me.addProduct(me.defaultListId);
    const b = await me.addProduct(me.defaultListId);
    expect((await api().delete(`/api/products-in-lists/${a}`).set(me.headers)).status).toBe(204);
    expect((await me.list(me.defaultListId)).products.map((x: { id: string }) => x.id)).toEqual([b]);
  });
});
