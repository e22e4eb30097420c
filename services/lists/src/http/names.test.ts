import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { api, person } from '../test-support/harness';

// List and product names are one line of plain text (the shared display-name rule): what a
// giver's mail quotes cannot pose as a paragraph of ours, nor reorder the text around it.
let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

const FAKE = 'Kite\r\n\r\nIMPORTANT: your account is suspended.\nPay at https://evil.example/pay\n\nThe Wishlist team\u202e';
const ONE_LINE = 'Kite IMPORTANT: your account is suspended. Pay at https://evil.example/pay The Wishlist team';
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b-\u200d\ufeff]/;

describe('names at input', () => {
  it('stores list names on one line, without controls or direction characters (create and rename)', async () => {
    const me = await person();
    const created = await api().post('/api/product-lists').set(me.headers).send({ name: `Birth\u202eday\t\n\nThe Wishlist team` });
    expect(created.status).toBe(201);
    expect(created.body.data.name).toBe('Birthday The Wishlist team');
    const renamed = await api().patch(`/api/product-lists/${created.body.data.id}`).set(me.headers).send({ name: `\u2066Xmas\u2069\u200b\r\n` });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.name).toBe('Xmas');
    const blank = await api().post('/api/product-lists').set(me.headers).send({ name: '\u202e\n\u200b' });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({ name: 'required' });
  });

  it('stores product names on one line (create and update)', async () => {
    const me = await person();
    const res = await api()
      .post('/api/products-in-lists')
      .set(me.headers)
      .send({ name: FAKE, image: 'https://shop.example/kite.jpg', price: 100, url: 'https://shop.example/kite', productListId: me.defaultListId });
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe(ONE_LINE);
    const url = `/api/product-lists/${me.defaultListId}/products/${res.body.data.id}`;
    const updated = await api().patch(url).set(me.headers).send({ name: `Kite\u202e\nv2` });
    expect(updated.status).toBe(200);
    expect(updated.body.data.name).toBe('Kite v2');
    const all = await api().get('/api/product-lists').set(me.headers);
    expect(JSON.stringify(all.body)).not.toMatch(INVISIBLE);
  });
});
