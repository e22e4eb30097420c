import { parse } from 'csv-parse/sync';
import { NO_IMAGE } from '@wishlist/contracts';
import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { api, as, newUserId, person, type Person } from '../test-support/harness';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

const exportOf = (me: Person, listId: string, format?: string) =>
  api()
    .get(`/api/product-lists/${listId}/export${format ? `?format=${format}` : ''}`)
    .set(me.headers)
    .buffer(true)
    .parse((res, done) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => done(null, text));
    });

const importCsv = (me: Person, csv: string, query = '') =>
  api().post(`/api/product-lists/import${query}`).set(me.headers).set('Content-Type', 'text/csv').send(csv);

const ownedListCount = async (me: Person) => (await api().get('/api/product-lists').set(me.headers)).body.data.length as number;

/** The fields an export carries, from a list as the API answers it. */
const fieldsOf = (products: Array<Record<string, unknown>>) => products.map(({ name, url, price, image }) => ({ name, url, price, image }));

async function seededList(me: Person) {
  const listId = await me.createList('Anna’s 30th: birthday!');
  await me.addProduct(listId, { name: 'Board game, "deluxe" edition', price: 4590, url: 'https://shop.example/game', image: 'https://shop.example/g.jpg' });
  await me.addProduct(listId, { name: '=HYPERLINK("https://evil.example")', price: null, url: 'https://shop.example/x', image: NO_IMAGE });
  await me.addProduct(listId, { name: '-20% voucher', price: 1, url: 'https://www.shop.example/v?a=1&b=2' });
  return listId;
}

describe('GET /api/product-lists/{id}/export', () => {
  it('JSON: every product in the list order with every field and the defaults of the new ones, as a download', async () => {
    const me = await person();
    const listId = await seededList(me);
    const res = await exportOf(me, listId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=Anna-s-30th-birthday.json');
    expect(res.headers['cache-control']).toBe('no-store');
    const file = JSON.parse(res.body as string);
    expect(file).toEqual({
      format: 'wishlist-list',
      version: 1,
      name: 'Anna’s 30th: birthday!',
      exportedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      products: [
        { name: 'Board game, "deluxe" edition', url: 'https://shop.example/game', price: 4590, image: 'https://shop.example/g.jpg', quantity: 1, mostWanted: false, note: '', hasBeenOffered: false },
        { name: '=HYPERLINK("https://evil.example")', url: 'https://shop.example/x', price: null, image: null, quantity: 1, mostWanted: false, note: '', hasBeenOffered: false },
        { name: '-20% voucher', url: 'https://www.shop.example/v?a=1&b=2', price: 1, image: 'https://shop.example/a.jpg', quantity: 1, mostWanted: false, note: '', hasBeenOffered: false },
      ],
    });
  });

  it('CSV: header row, quoted cells, euros, a byte order mark, and formulas neutralized with an apostrophe', async () => {
    const me = await person();
    const listId = await seededList(me);
    const res = await exportOf(me, listId, 'csv');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=Anna-s-30th-birthday.csv');
    const text = res.body as string;
    expect(text.startsWith('\uFEFFname,url,price,quantity,mostWanted,note,image,hasBeenOffered\r\n')).toBe(true);
    expect(text).toContain('"Board game, ""deluxe"" edition",https://shop.example/game,45.90,1,false,,https://shop.example/g.jpg,false\r\n');
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.name, r.price, r.image])).toEqual([
      ['Board game, "deluxe" edition', '45.90', 'https://shop.example/g.jpg'],
      ["'=HYPERLINK(\"https://evil.example\")", '', ''],
      ["'-20% voucher", '0.01', 'https://shop.example/a.jpg'],
    ]);
  });

  it('a name in any script keeps its letters in the file name (UTF-8 form beside an ASCII one)', async () => {
    const me = await person();
    const listId = await me.createList('Noël 🎄 für Zoé');
    const res = await exportOf(me, listId, 'csv');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="No?l-f?r-Zo?.csv"; filename*=UTF-8''No%C3%ABl-f%C3%BCr-Zo%C3%A9.csv`);
  });

  it('is the owner’s only: 404 for someone else and for an unknown id, 401 signed out, 400 for another format', async () => {
    const me = await person();
    const other = await person();
    expect((await exportOf(other, me.defaultListId)).status).toBe(404);
    expect((await exportOf(me, '0123456789abcdef01234567')).status).toBe(404);
    expect((await exportOf(me, 'not-an-id')).status).toBe(404);
    expect((await api().get(`/api/product-lists/${me.defaultListId}/export`)).status).toBe(401);
    const bad = await api().get(`/api/product-lists/${me.defaultListId}/export?format=xlsx`).set(me.headers);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: { code: 'invalid_format', message: 'format is json or csv.' } });
  });
});

describe('export then import', () => {
  it('JSON sent as it was downloaded gives a new list with the same products, in order', async () => {
    const me = await person();
    const listId = await seededList(me);
    const file = (await exportOf(me, listId)).body as string;
    const res = await api().post('/api/product-lists/import').set(me.headers).set('Content-Type', 'application/json').send(file);
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/product-lists/${res.body.data.id}`);
    expect(res.body.data).toMatchObject({ name: 'Anna’s 30th: birthday!', isOwner: true });
    expect(res.body.data.id).not.toBe(listId);
    const original = await me.list(listId);
    const copy = await me.list(res.body.data.id);
    expect(fieldsOf(copy.products)).toEqual(fieldsOf(original.products));
    expect(copy.products.every((p: { hasBeenOffered: boolean }) => p.hasBeenOffered === false)).toBe(true);
    expect(JSON.parse((await exportOf(me, res.body.data.id)).body as string).products).toEqual(JSON.parse(file).products);
  });

  it('CSV gives the same products, formulas included, under the name asked for', async () => {
    const me = await person();
    const listId = await seededList(me);
    const csv = (await exportOf(me, listId, 'csv')).body as string;
    const res = await importCsv(me, csv, '?name=Copy&fileName=whatever.csv');
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('Copy');
    expect(fieldsOf((await me.list(res.body.data.id)).products)).toEqual(fieldsOf((await me.list(listId)).products));
  });

  it('keeps quantity, mostWanted and note from the file, and exports them back', async () => {
    const me = await person();
    const csv = 'url;name;price;quantity;mostWanted;note\n' + 'https://shop.example/a;Socks;12,50 €;3;yes;"Size 42;\nblue"\n' + 'https://shop.example/b;Hat;;;;\n';
    const res = await importCsv(me, csv, '?fileName=Winter%20clothes.csv');
    expect(res.status).toBe(201);
    expect(res.body.data.name).toBe('Winter clothes');
    const file = JSON.parse((await exportOf(me, res.body.data.id)).body as string);
    expect(file.products).toEqual([
      { name: 'Socks', url: 'https://shop.example/a', price: 1250, image: null, quantity: 3, mostWanted: true, note: 'Size 42;\nblue', hasBeenOffered: false },
      { name: 'Hat', url: 'https://shop.example/b', price: null, image: null, quantity: 1, mostWanted: false, note: '', hasBeenOffered: false },
    ]);
  });
});

describe('POST /api/product-lists/import: bad files', () => {
  it('names every bad line (file lines, header is line 1) and imports nothing', async () => {
    const me = await person();
    const before = await ownedListCount(me);
    const csv = [
      'name,url,price,quantity,note',
      'Good,https://shop.example/1,10,1,',
      'Bad price,https://shop.example/2,ten euros,1,',
      '"Multi',
      'line",https://shop.example/3,1,1,',
      'Bad url,javascript:alert(1),1,1,',
      ',https://shop.example/5,1,100,',
    ].join('\n');
    const res = await importCsv(me, csv, '?name=Bad');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      code: 'invalid_file',
      errors: {
        'line 3': 'the price is not an amount in euros (write 19.99, or leave it empty).',
        'line 6': 'the address is not a web address starting with http:// or https://.',
        'line 7': 'the name is empty; the quantity is not a whole number from 1 to 99.',
      },
    });
    expect(await ownedListCount(me)).toBe(before);
  });

  it('speaks the caller’s language in what it says of each line', async () => {
    const me = await person('fr');
    const res = await importCsv(me, 'url,name,price\nhttps://shop.example/1,,abc\n', '?name=X');
    expect(res.body.errors).toEqual({ 'line 2': 'le nom est vide\u00a0; le prix n’est pas un montant en euros (écrivez 19,99, ou laissez-le vide).' });
  });

  it('requires a header row naming url and name', async () => {
    const me = await person();
    const res = await importCsv(me, 'https://shop.example/1,Socks\n', '?name=X');
    expect(res.status).toBe(422);
    expect(res.body.errors['line 1']).toMatch(/^the first line must name the columns; missing: url, name/);
  });

  it('JSON: numbered products, invalid JSON and a document without products are 422', async () => {
    const me = await person();
    const send = (body: string) => api().post('/api/product-lists/import').set(me.headers).set('Content-Type', 'application/json').send(body);
    const bad = await send(JSON.stringify({ name: 'J', products: [{ name: 'A', url: 'https://shop.example/a', price: 12.5 }, { name: 'B', url: 'https://shop.example/b' }] }));
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ 'product 1': 'the price is not a whole number of cents (1999 for 19.99 €) or null.' });
    const broken = await send('{"name": "J", "products": [');
    expect(broken.status).toBe(422);
    expect(broken.body).toEqual({ code: 'invalid_file', errors: { file: 'this is not valid JSON.' } });
    expect((await send('{"name": "J"}')).body.errors).toEqual({ file: 'the file holds no "products" array.' });
    expect((await send('{"name": "J", "products": []}')).body.errors).toEqual({ file: 'The file has no products.' });
  });

  it('needs a name: the one given, else the file’s own, else the file name', async () => {
    const me = await person();
    const csv = 'url,name\nhttps://shop.example/1,Socks\n';
    const res = await importCsv(me, csv);
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { name: 'required' } });
    const envelope = await api()
      .post('/api/product-lists/import')
      .set(me.headers)
      .send({ content: JSON.stringify({ name: 'From the file', products: [{ name: 'A', url: 'https://shop.example/a' }] }), fileName: 'ignored.json' });
    expect(envelope.status).toBe(201);
    expect(envelope.body.data.name).toBe('From the file');
    expect(envelope.body.data.products).toHaveLength(1);
  });

  it('answers 413 for a file over 1 MB or over 500 products, 415 for another type, 401 signed out', async () => {
    const me = await person();
    const row = `https://shop.example/${'p'.repeat(200)},${'n'.repeat(190)}\n`;
    const big = await importCsv(me, `url,name\n${row.repeat(2600)}`, '?name=Big');
    expect(big.status).toBe(413);
    expect(big.body.error).toEqual({ code: 'import_too_large', message: expect.stringMatching(/^This file is larger than 1 MB.*Split it/) });
    const bigJson = await api().post('/api/product-lists/import').set(me.headers).set('Content-Type', 'application/json').send(`{"products":[${'"x",'.repeat(400_000)}"x"]}`);
    expect(bigJson.status).toBe(413);
    expect(bigJson.body.error.code).toBe('import_too_large');
    const many = await importCsv(me, `url,name\n${'https://s.example/a,A\n'.repeat(501)}`, '?name=Many');
    expect(many.status).toBe(413);
    expect(many.body.error).toEqual({ code: 'too_many_products', message: expect.stringMatching(/^This file has 501 products; a list holds at most 500/) });
    const other = await api().post('/api/product-lists/import').set(me.headers).set('Content-Type', 'application/xml').send('<a/>');
    expect(other.status).toBe(415);
    expect((await api().post('/api/product-lists/import').set('Content-Type', 'text/csv').send('url,name\n')).status).toBe(401);
    expect(await ownedListCount(me)).toBe(1);
  });

  it('an erased account imports nothing', async () => {
    const id = newUserId();
    const headers = await as(id);
    await api().post(`/internal/users/${id}/erase`).set(await (await import('../test-support/harness')).fromService('auth'));
    const res = await api().post('/api/product-lists/import?name=X').set(headers).set('Content-Type', 'text/csv').send('url,name\nhttps://shop.example/1,A\n');
    expect(res.status).toBe(401);
  });
});
