// npm run bench:list-files -w services/lists: export and import of a full list (500 products,
// the per-list cap) on the in-memory engine, each against a baseline measured in the same run:
// - import: one POST /api/product-lists/import of a 500-line CSV against 500 single
//   POST /api/products-in-lists (what a client without import would do);
// - export: GET /api/product-lists/{id}/export (json, csv) against GET /api/product-lists/{id}
//   of the same list (the owner's read), median of 7 each, interleaved.
// It asserts nothing.
import request from 'supertest';
import { start } from '@wishlist/embedded-mongo';
import { startTestDatabase } from '@wishlist/service-kit';
import { listsConfig } from '../src/config';
import { createListsService } from '../src/http/app';
import { as as identityOf, newUserId } from '../src/test-support/harness';

const PRODUCTS = 500;
const app = createListsService(
  listsConfig.load({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PRODUCT_CREATION_LIMIT: '100000', IMPORT_LIMIT: '1000', LIST_READ_CACHE_MS: '0' }),
).app;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const out = await fn();
  return [performance.now() - t0, out];
}

async function main() {
  const db = await startTestDatabase({ startEmbedded: start });
  try {
    const headers = await identityOf(newUserId());
    const listId: string = (await request(app).get('/api/product-lists').set(headers)).body.data[0].id;
    const rows = Array.from({ length: PRODUCTS }, (_, i) => ({
      name: `Product ${i} with a name of a usual length`,
      url: `https://www.shop.example/catalogue/category/product-${i}.html?ref=wishlist`,
      price: 1000 + i,
    }));

    const [singlesMs] = await timed(async () => {
      for (const r of rows) {
        const res = await request(app)
          .post('/api/products-in-lists')
          .set(headers)
          .send({ ...r, image: 'https://www.shop.example/images/p.jpg', productListId: listId });
        if (res.status !== 201) throw new Error(`single ${res.status}`);
      }
    });
    const csv = `url,name,price,image\n${rows.map((r) => `${r.url},${r.name},${(r.price / 100).toFixed(2)},https://www.shop.example/images/p.jpg`).join('\n')}\n`;
    const [importMs, imported] = await timed(() => request(app).post('/api/product-lists/import?name=Bench').set(headers).set('Content-Type', 'text/csv').send(csv));
    if (imported.status !== 201) throw new Error(`import ${imported.status} ${JSON.stringify(imported.body)}`);
    console.log(`import of ${PRODUCTS} products (${(csv.length / 1024).toFixed(1)} kB CSV): ${importMs.toFixed(0)} ms; ${PRODUCTS} single creations: ${singlesMs.toFixed(0)} ms; ratio ${(importMs / singlesMs).toFixed(3)}`);

    const reads: number[] = [];
    const jsons: number[] = [];
    const csvs: number[] = [];
    let sizes = { read: 0, json: 0, csv: 0 };
    for (let i = 0; i < 7; i++) {
      const [r, read] = await timed(() => request(app).get(`/api/product-lists/${listId}`).set(headers));
      const [j, json] = await timed(() => request(app).get(`/api/product-lists/${listId}/export?format=json`).set(headers));
      const [c, csvOut] = await timed(() => request(app).get(`/api/product-lists/${listId}/export?format=csv`).set(headers));
      reads.push(r);
      jsons.push(j);
      csvs.push(c);
      sizes = { read: read.text.length, json: json.text.length, csv: csvOut.text.length };
    }
    const base = median(reads);
    console.log(`owner's read of the list (${(sizes.read / 1024).toFixed(0)} kB): median ${base.toFixed(1)} ms`);
    console.log(`export json (${(sizes.json / 1024).toFixed(0)} kB): median ${median(jsons).toFixed(1)} ms, ratio ${(median(jsons) / base).toFixed(2)}`);
    console.log(`export csv (${(sizes.csv / 1024).toFixed(0)} kB): median ${median(csvs).toFixed(1)} ms, ratio ${(median(csvs) / base).toFixed(2)}`);
  } finally {
    // The per-client miss limit gives its count back after each answer: let those writes land.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await db.close();
  }
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
