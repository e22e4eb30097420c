// npm run bench:owner-reads -w services/lists — the owner's reads of an account at the product
// cap (5,000 products with every field at its longest), in bytes, and the cost of the cap's count
// on a product creation. Prints figures; asserts nothing.
//
// Both layouts an account can have at the cap are measured: 10 lists of 500 products and 100
// lists of 50. The baseline, measured in the same run from the same stored products, is the
// answer every list with every product would make, each product carrying a picture link that
// holds its whole address (base64) — what `GET /api/product-lists` answered before it was
// bounded. Timings are medians, compared with a baseline timed in the same run.
import request from 'supertest';
import mongoose from 'mongoose';
import { as as identityOf, newUserId } from '../src/test-support/harness';
import { start } from '@wishlist/embedded-mongo';
import { startTestDatabase } from '@wishlist/service-kit';
import { listsConfig } from '../src/config';
import { Product, ProductList, type ProductDoc } from '../src/data/models';
import { createListsService } from '../src/http/app';
import { pictureOf } from '../src/images';
import { toProductData } from '../src/domain/present';

const CAP = 5000;
const app = createListsService(listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PRODUCT_CREATION_LIMIT: '100000' })).app;

/** A product with every field at its longest (name 200, url and image 2,048 characters). */
function maximal(i: number) {
  const pad = (prefix: string, length: number) => (prefix + 'x'.repeat(length)).slice(0, length);
  return {
    name: pad(`Gift number ${i} `, 200),
    image: pad(`https://images.shop.example/${i}/`, 2048),
    url: pad(`https://www.shop.example/products/${i}/`, 2048),
    websiteName: 'shop.example',
    price: 100_000_000,
  };
}

async function seedAccount(lists: number, perList: number) {
  const ownerId = newUserId();
  const headers = await identityOf(ownerId);
  await request(app).get('/api/product-lists').set(headers).expect(200);
  await ProductList.create(Array.from({ length: lists - 1 }, (_, i) => ({ ownerId, name: `List ${i + 2}` })));
  const all = await ProductList.find({ ownerId }).sort({ createdAt: 1, _id: 1 }).lean();
  let n = 0;
  for (const list of all) {
    const docs = await Product.insertMany(Array.from({ length: perList }, () => ({ ...maximal(n++), listId: list._id, ownerId })));
    await ProductList.updateOne({ _id: list._id }, { $set: { productIds: docs.map((d) => d._id) } });
  }
  return { ownerId, headers, listIds: all.map((l) => String(l._id)) };
}

const bytes = (body: string) => Buffer.byteLength(body);
const mb = (n: number) => `${(n / 1e6).toFixed(2)} MB`;
const kb = (n: number) => `${(n / 1e3).toFixed(2)} kB`;

/** The unbounded answer, every product with its whole address in its picture link. */
async function baselineBytes(ownerId: string): Promise<{ total: number; perProduct: number }> {
  const lists = await ProductList.find({ ownerId }).sort({ createdAt: 1, _id: 1 }).lean();
  const products = (await Product.find({ ownerId }).lean()) as ProductDoc[];
  const byList = new Map<string, ProductDoc[]>();
  for (const p of products) byList.set(String(p.listId), [...(byList.get(String(p.listId)) ?? []), p]);
  const old = (p: ProductDoc) => ({ ...toProductData(p), picture: pictureOf(p.image) });
  const body = JSON.stringify({
    data: lists.map((l) => ({ id: String(l._id), name: l.name, isOwner: true, products: (byList.get(String(l._id)) ?? []).map(old) })),
  });
  return { total: bytes(body), perProduct: bytes(JSON.stringify(old(products[0]))) };
}

async function medianMs(times: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = process.hrtime.bigint();
    await fn(i);
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)];
}

async function main() {
  const db = await startTestDatabase({ startEmbedded: start });
  try {
    for (const [lists, perList] of [
      [10, 500],
      [100, 50],
    ] as const) {
      const account = await seedAccount(lists, perList);
      const before = await baselineBytes(account.ownerId);
      const all = await request(app).get('/api/product-lists').set(account.headers).expect(200);
      const after = bytes(all.text);
      const one = await request(app).get(`/api/product-lists/${account.listIds[0]}`).set(account.headers).expect(200);
      const perProduct = bytes(JSON.stringify(one.body.data.products[0]));
      console.log(`${lists} lists × ${perList} maximal products (${lists * perList}):`);
      console.log(`  GET /api/product-lists          ${mb(before.total)} unbounded -> ${mb(after)} (ratio ${(after / before.total).toFixed(4)})`);
      console.log(`  one product in a list's answer  ${kb(before.perProduct)} -> ${kb(perProduct)} (ratio ${(perProduct / before.perProduct).toFixed(3)})`);
      console.log(`  GET /api/product-lists/{id}     ${mb(bytes(one.text))} (${perList} products)`);
      const every = await request(app).get('/api/products-in-lists').set(account.headers).expect(200);
      console.log(`  GET /api/products-in-lists      ${mb(bytes(every.text))} (every product: SPEC §7, bounded by the cap)`);
    }

    // The cap's count on each creation: an account near the cap against an empty one, same run.
    const post = (headers: Record<string, string>, productListId: string) =>
      request(app).post('/api/products-in-lists').set(headers).send({ name: 'Timed', url: 'https://shop.example/t', productListId }).then((r) => {
        if (r.status !== 201) throw new Error(`POST ${r.status} ${r.text}`);
      });
    const near = await seedAccount(10, (CAP - 40) / 10);
    const empty = await seedAccount(1, 0);
    await post(empty.headers, empty.listIds[0]);
    const emptyMs = await medianMs(15, () => post(empty.headers, empty.listIds[0]));
    const nearMs = await medianMs(15, (i) => post(near.headers, near.listIds[i % 10]));
    console.log(`POST /api/products-in-lists median: empty account ${emptyMs.toFixed(1)} ms, ${CAP - 40} products ${nearMs.toFixed(1)} ms (ratio ${(nearMs / emptyMs).toFixed(2)})`);
  } finally {
    await mongoose.disconnect().catch(() => undefined);
    await db.close();
  }
}

void main();
