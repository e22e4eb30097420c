import type { Express } from 'express';
import type { Mongoose } from 'mongoose';
import request from 'supertest';
import { startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { api, fromService, person, type Person } from '../test-support/harness';

// Two copies of the lists service on one database: copy A is the harness's app, copy B the same
// app loaded again in its own module registry (its own read cache and its own mongoose, as
// another process would have). Whatever is written through one copy is read at once on the other.
let db: TestDatabase;
let copyB: Express;
let mongooseB: Mongoose;

jest.setTimeout(120_000);

const secretBefore = process.env.IDENTITY_SECRET;

beforeAll(async () => {
  // One secret for both copies, as every process of a deployment shares it.
  process.env.IDENTITY_SECRET = 'copies-test-'.padEnd(48, 'x');
  db = await startTestDatabase();
  jest.isolateModules(() => {
    /* eslint-disable @typescript-eslint/no-require-imports -- a second copy of the app's modules */
    const loaded = require('mongoose') as Mongoose & { default?: Mongoose };
    mongooseB = loaded.default ?? loaded;
    const { createListsService } = require('./app') as typeof import('./app');
    const { listsConfig } = require('../config') as typeof import('../config');
    /* eslint-enable @typescript-eslint/no-require-imports */
    copyB = createListsService(listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent' })).app;
  });
  await mongooseB.connect(db.uri, { dbName: db.dbName });
});
afterAll(async () => {
  if (secretBefore === undefined) delete process.env.IDENTITY_SECRET;
  else process.env.IDENTITY_SECRET = secretBefore;
  await mongooseB.disconnect();
  await db.close();
});

interface Shown {
  id: string;
  name: string;
  hasBeenOffered: boolean;
}
/** The list as copy B answers it (to its owner, or to a visitor without headers). */
async function onB(listId: string, p?: Person): Promise<{ products: Shown[]; eventDate: string | null; archived: boolean }> {
  const res = await request(copyB)
    .get(`/api/product-lists/${listId}`)
    .set(p?.headers ?? {});
  expect(res.status).toBe(200);
  expect(res.body.data.isOwner).toBe(Boolean(p));
  return res.body.data;
}
const names = (list: { products: Shown[] }) => list.products.map((x) => x.name);

describe('two copies of the lists service', () => {
  it('read on copy B what the owner just added on copy A, 20 times of 20', async () => {
    const owner = await person();
    let seen = 0;
    for (let i = 0; i < 20; i++) {
      await onB(owner.defaultListId, owner); // B holds the list in its read cache
      await owner.addProduct(owner.defaultListId, { name: `Gift ${i}` });
      if (names(await onB(owner.defaultListId, owner)).includes(`Gift ${i}`)) seen++;
    }
    expect(seen).toBe(20);
  });

  it('read on copy B an edit, a move, a deletion and a list change made on copy A', async () => {
    const owner = await person();
    const other = await owner.createList('Other');
    const id = await owner.addProduct(owner.defaultListId, { name: 'Kite' });
    await onB(owner.defaultListId, owner);
    await onB(other, owner);

    expect((await api().patch(`/api/products-in-lists/${id}`).set(owner.headers).send({ name: 'Red kite' })).status).toBe(200);
    expect(names(await onB(owner.defaultListId, owner))).toEqual(['Red kite']);

    expect((await api().patch(`/api/products-in-lists/${id}`).set(owner.headers).send({ productListId: other })).status).toBe(200);
    expect(names(await onB(owner.defaultListId, owner))).toEqual([]);
    expect(names(await onB(other, owner))).toEqual(['Red kite']);

    expect((await api().patch(`/api/product-lists/${other}`).set(owner.headers).send({ eventDate: '2099-12-24' })).status).toBe(200);
    expect((await onB(other, owner)).eventDate).toBe('2099-12-24');

    expect((await api().delete(`/api/products-in-lists/${id}`).set(owner.headers)).status).toBeLessThan(300);
    expect(names(await onB(other, owner))).toEqual([]);

    expect((await api().delete(`/api/product-lists/${other}`).set(owner.headers)).status).toBeLessThan(300);
    expect((await request(copyB).get(`/api/product-lists/${other}`)).status).toBe(404);
  });

  it('show a visitor on copy B a product offered through copy A at once, and released through B on A', async () => {
    const owner = await person();
    const ids = [await owner.addProduct(owner.defaultListId, { name: 'Book' }), await owner.addProduct(owner.defaultListId, { name: 'Pen' })];
    for (let i = 0; i < 10; i++) {
      expect((await onB(owner.defaultListId)).products.every((p) => !p.hasBeenOffered)).toBe(true);
      const offeringId = `offering-${i}`;
      const claimed = await api().post('/internal/products/claim').set(await fromService('offers')).send({ ids, offeringId });
      expect(claimed.status).toBe(200);
      expect((await onB(owner.defaultListId)).products.every((p) => p.hasBeenOffered)).toBe(true);
      await api().get(`/api/product-lists/${owner.defaultListId}`); // A holds it too
      const released = await request(copyB).post('/internal/products/release').set(await fromService('offers')).send({ ids, offeringId });
      expect(released.status).toBe(200);
      const onA = await api().get(`/api/product-lists/${owner.defaultListId}`);
      expect(onA.body.data.products.every((p: Shown) => !p.hasBeenOffered)).toBe(true);
    }
  });
});
