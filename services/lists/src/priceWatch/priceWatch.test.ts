import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { startTestDatabase, type Mail, type Mailer, type TestDatabase } from '@wishlist/service-kit';
import { listsConfig } from '../config';
import { Product } from '../data/models';
import { PriceAlert } from '../data/priceWatch';
import { createListsService } from '../http/app';
import { api, person, type Person } from '../test-support/harness';
import type { UsersApi } from '../reminders/users';
import { formatPercent, priceAlertTexts } from './alertMail';
import { pagePriceReader } from './pagePrice';
import { createPriceWatch } from './watch';

// Reading pages starts a worker thread: slow on a loaded machine, never part of what is checked.
jest.setTimeout(60_000);

let db: TestDatabase;
/** A shop whose pages' prices and answers the test changes; it counts the requests per page. */
const shop = {
  prices: new Map<string, string | null>(),
  status: new Map<string, number>(),
  hits: new Map<string, number>(),
  agents: [] as string[],
  server: undefined as http.Server | undefined,
  origin: '',
};

beforeAll(async () => {
  db = await startTestDatabase();
  shop.server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    shop.hits.set(path, (shop.hits.get(path) ?? 0) + 1);
    shop.agents.push(String(req.headers['user-agent']));
    const status = shop.status.get(path) ?? 200;
    const price = shop.prices.get(path);
    res.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8' });
    const meta = price ? `<meta property="product:price:amount" content="${price}"><meta property="product:price:currency" content="EUR">` : '';
    res.end(`<!doctype html><html><head><title>A gift</title><meta property="og:type" content="product">${meta}</head><body><h1>A gift</h1></body></html>`);
  });
  await new Promise<void>((resolve) => shop.server!.listen(0, '127.0.0.1', resolve));
  shop.origin = `http://127.0.0.1:${(shop.server.address() as AddressInfo).port}`;
});
/** Services made by a test: their reading threads are stopped after it. */
const services: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(services.splice(0).map((s) => s.stop()));
  shop.prices.clear();
  shop.status.clear();
  shop.hits.clear();
  shop.agents.length = 0;
  await db.clear();
});
afterAll(async () => {
  await new Promise((resolve) => shop.server?.close(resolve));
  await db.close();
});

const PUBLIC_URL = 'https://wishlist.example';
const DAY = 24 * 60 * 60_000;

function world(env: Record<string, string> = {}) {
  const sent: Mail[] = [];
  const langs = new Map<string, 'en' | 'fr'>();
  const clock = { now: new Date(Date.now() + DAY + 60_000) }; // every new product is due
  const users: UsersApi = { contact: async (userId) => ({ email: `${userId}@mail.example`, lang: langs.get(userId) ?? 'en' }) };
  const mailer: Mailer = { mode: 'outbox', send: async (mail) => void sent.push(mail), close: () => undefined };
  const config = listsConfig.load({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL,
    PAGE_FETCH_ALLOWLIST: new URL(shop.origin).host,
    PRICE_WATCH_SHOP_INTERVAL_MS: '0',
    ...env,
  });
  const service = createListsService(config, { users, mailer, now: () => clock.now });
  services.push(service);
  return {
    sent,
    langs,
    clock,
    config,
    service,
    app: service.app,
    /** The scheduled job's work, run directly. */
    run: () => service.priceJob.runOnce(),
    later: (ms: number) => (clock.now = new Date(clock.now.getTime() + ms)),
    to: (p: Person) => sent.filter((m) => m.to === `${p.id}@mail.example`),
  };
}

async function product(owner: Person, path: string, price: number | null) {
  shop.prices.set(path, price === null ? null : (price / 100).toFixed(2));
  return owner.addProduct(owner.defaultListId, { url: `${shop.origin}${path}`, price });
}

const readProduct = async (owner: Person, id: string) => (await api().get(`/api/product-lists/${owner.defaultListId}/products/${id}`).set(owner.headers)).body.data;

async function follow(p: Person, listId: string, priceAlerts: boolean) {
  expect((await api().put(`/api/favorites/${listId}`).set(p.headers)).status).toBe(204);
  if (priceAlerts) {
    const res = await api().patch(`/api/favorites/${listId}`).set(p.headers).send({ priceAlerts: true });
    expect(res.status).toBe(200);
  }
}

const tokenOf = (mail: Mail) => /\/api\/favorites\/price-alerts\/([A-Za-z0-9_-]{22})/.exec(mail.text)![1];

describe('price watch: readings', () => {
  it('reads each due product once a run, records changes only, and keeps the last price marked stale when the page fails', async () => {
    const w = world();
    const owner = await person();
    const id = await product(owner, '/p/1', 10000);
    expect((await readProduct(owner, id)).priceHistory).toEqual([]);

    expect(await w.run()).toMatchObject({ read: 1, failed: 0 });
    expect(await w.run()).toMatchObject({ read: 0, failed: 0 }); // not due again before a day
    expect(shop.hits.get('/p/1')).toBe(1);
    expect(shop.agents[0]).toMatch(/^Mozilla\/5\.0 /);
    let p = await readProduct(owner, id);
    expect(p).toMatchObject({ price: 10000, priceStale: false });
    expect(p.priceHistory).toHaveLength(1);
    expect(p.priceCheckedAt).toBe(w.clock.now.toISOString());

    shop.prices.set('/p/1', '85.00');
    w.later(DAY + 3_600_000);
    await w.run();
    p = await readProduct(owner, id);
    expect(p.price).toBe(8500);
    expect(p.priceHistory.map((h: { price: number }) => h.price)).toEqual([10000, 8500]);

    // The page loses its price, then answers 404: the last price stays, marked stale.
    shop.prices.set('/p/1', null);
    w.later(DAY + 3_600_000);
    await w.run();
    p = await readProduct(owner, id);
    expect(p).toMatchObject({ price: 8500, priceStale: true });
    shop.status.set('/p/1', 404);
    w.later(DAY + 3_600_000);
    expect(await w.run()).toMatchObject({ failed: 1 });
    w.later(DAY + 3_600_000); // backed off: two days after the second failure in a row
    expect(await w.run()).toMatchObject({ failed: 0 });
    w.later(DAY);
    expect(await w.run()).toMatchObject({ failed: 1 });
    p = await readProduct(owner, id);
    expect(p).toMatchObject({ price: 8500, priceStale: true });
    expect(p.priceHistory).toHaveLength(2);

    // The list read (cached per copy) shows the reading at once.
    const list = await owner.list(owner.defaultListId);
    expect(list.products[0]).toMatchObject({ price: 8500, priceStale: true });
  });

  it('backs off a shop that refuses (5xx or a robot check) for every product of that shop', async () => {
    const w = world();
    const owner = await person();
    await product(owner, '/busy/1', 1000);
    await product(owner, '/busy/2', 1000);
    shop.status.set('/busy/1', 503);
    shop.status.set('/busy/2', 503);
    const first = await w.run();
    // The first refusal holds the shop back: the second product waits for the shop's next turn.
    expect(first).toMatchObject({ failed: 1, deferred: 1 });
    expect([...shop.hits.values()].reduce((a, b) => a + b, 0)).toBe(1);
    w.later(4 * 60_000);
    expect(await w.run()).toMatchObject({ read: 0, failed: 0 });
    expect([...shop.hits.values()].reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('asks one shop at most once per interval, whatever the number of copies running together', async () => {
    const w = world();
    const owner = await person();
    for (let i = 0; i < 4; i++) await product(owner, `/pace/${i}`, 1000);
    const reader = pagePriceReader(w.config);
    const copy = () =>
      createPriceWatch({ reader, settings: { shopIntervalMs: 60_000, batch: 10, runBudgetMs: 10_000 }, now: () => w.clock.now, sleep: async () => undefined });
    const results = await Promise.all([copy().run(), copy().run(), copy().run()]);
    await reader.close();
    expect([...shop.hits.values()].reduce((a, b) => a + b, 0)).toBe(1);
    expect(results.reduce((n, r) => n + r.read, 0)).toBe(1);
    expect(results.reduce((n, r) => n + r.deferred, 0)).toBe(3);
  });
});

describe('price watch: the owner checks now', () => {
  it('answers the new reading to the owner only, and is limited per account', async () => {
    const w = world({ PRICE_CHECK_LIMIT: '3' }); // the 404 below counts too
    const owner = await person();
    const other = await person();
    const id = await product(owner, '/now/1', 5000);
    shop.prices.set('/now/1', '39.90');
    const res = await request(w.app).post(`/api/products-in-lists/${id}/price-check`).set(owner.headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, price: 3990, priceStale: false });
    expect(res.body.data.priceHistory.map((h: { price: number }) => h.price)).toEqual([5000, 3990]);

    expect((await request(w.app).post(`/api/products-in-lists/${id}/price-check`).set(other.headers)).status).toBe(403);
    expect((await request(w.app).post(`/api/products-in-lists/nope/price-check`).set(owner.headers)).status).toBe(404);
    expect((await request(w.app).post(`/api/products-in-lists/${id}/price-check`)).status).toBe(401);
    expect((await request(w.app).post(`/api/products-in-lists/${id}/price-check`).set(owner.headers)).status).toBe(200);
    const limited = await request(w.app).post(`/api/products-in-lists/${id}/price-check`).set(owner.headers);
    expect(limited.status).toBe(429);
  });
});

describe('price watch: alerts', () => {
  it('mail a drop of 10 % or more to followers who opted in, once a day each, in their language', async () => {
    const w = world();
    const owner = await person();
    const anna = await person();
    const bruno = await person('fr');
    const carl = await person();
    w.langs.set(bruno.id, 'fr');
    await follow(anna, owner.defaultListId, true);
    await follow(bruno, owner.defaultListId, true);
    await follow(carl, owner.defaultListId, false); // follows, never opted in
    expect((await api().get('/api/favorites').set(anna.headers)).body.data[0].priceAlerts).toBe(true);
    expect((await api().get('/api/favorites').set(carl.headers)).body.data[0].priceAlerts).toBe(false);

    const id = await product(owner, '/drop/1', 10000);
    shop.prices.set('/drop/1', '95.00'); // 5 %: no mail
    await w.run();
    expect(w.sent).toEqual([]);
    shop.prices.set('/drop/1', '76.00'); // 20 % below 95.00
    w.later(DAY + 3_600_000);
    await w.run();
    expect(w.to(carl)).toEqual([]);
    expect(w.to(owner)).toEqual([]);
    const [en] = w.to(anna);
    expect(en.subject).toBe(priceAlertTexts.en.subject('20%'));
    expect(en.text).toContain('€95.00');
    expect(en.text).toContain('€76.00');
    expect(en.text).toContain(`${PUBLIC_URL}/see/${owner.defaultListId}`);
    expect(en.headers).toEqual({
      'List-Unsubscribe': `<${PUBLIC_URL}/api/favorites/price-alerts/${tokenOf(en)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    const [fr] = w.to(bruno);
    expect(fr.subject).toBe(priceAlertTexts.fr.subject(formatPercent(20, 'fr')));
    expect(fr.text).toMatch(/76,00\s€/);

    // Another drop the same day: no second mail; the next day: one more.
    await request(w.app).patch(`/api/product-lists/${owner.defaultListId}/products/${id}`).set(owner.headers).send({ price: 10000 });
    shop.prices.set('/drop/1', '50.00');
    await request(w.app).post(`/api/products-in-lists/${id}/price-check`).set(owner.headers);
    await w.run();
    expect(w.to(anna)).toHaveLength(1);
    await request(w.app).patch(`/api/product-lists/${owner.defaultListId}/products/${id}`).set(owner.headers).send({ price: 10000 });
    w.later(DAY);
    await request(w.app).post(`/api/products-in-lists/${id}/price-check`).set(owner.headers);
    await w.run();
    expect(w.to(anna)).toHaveLength(2);
    expect(await PriceAlert.countDocuments({ state: 'sent' })).toBe(4);
  });

  it('the owner can turn a list’s alerts off; several copies send each alert once', async () => {
    const w = world();
    const owner = await person();
    const anna = await person();
    await follow(anna, owner.defaultListId, true);
    const off = await request(w.app).patch(`/api/product-lists/${owner.defaultListId}`).set(owner.headers).send({ priceAlerts: false });
    expect(off.status).toBe(200);
    expect(off.body.data.priceAlerts).toBe(false);
    expect((await request(w.app).patch(`/api/product-lists/${owner.defaultListId}`).set(owner.headers).send({ priceAlerts: 'no' })).status).toBe(422);
    await product(owner, '/off/1', 10000);
    shop.prices.set('/off/1', '50.00');
    await w.run();
    expect(w.sent).toEqual([]);

    await request(w.app).patch(`/api/product-lists/${owner.defaultListId}`).set(owner.headers).send({ priceAlerts: true });
    const id = await product(owner, '/off/2', 10000);
    shop.prices.set('/off/2', '50.00');
    await Product.updateOne({ _id: id }, { $set: { priceNextCheckAt: new Date(0) } });
    await w.service.priceWatch.run();
    const copies = [w, world(), world()];
    await Promise.all(copies.map((c) => c.service.priceAlerts.deliver()));
    // The run's own delivery (in the background, on w) may still be sending: wait until the alert is done.
    for (let i = 0; i < 50 && (await PriceAlert.countDocuments({ state: 'due' })) > 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect(copies.flatMap((c) => c.to(anna))).toHaveLength(1);
  });

  it('opt-out: GET asks and changes nothing, POST (one-click) stops the list’s alerts, without signing in', async () => {
    const w = world();
    const owner = await person();
    const anna = await person();
    await follow(anna, owner.defaultListId, true);
    await product(owner, '/out/1', 10000);
    shop.prices.set('/out/1', '80.00');
    await w.run();
    const token = tokenOf(w.to(anna)[0]);
    expect(JSON.stringify(await PriceAlert.find({}).lean())).not.toContain(token);

    const read = await request(w.app).get(`/api/favorites/price-alerts/${token}`);
    expect(read.body.data).toEqual({ listName: 'My wish list', unsubscribed: false });
    const page = await request(w.app).get(`/api/favorites/price-alerts/${token}`).set('Accept', 'text/html');
    expect(page.text).toContain('<form method="post"><button type="submit">Stop the price alerts</button></form>');
    const done = await request(w.app).post(`/api/favorites/price-alerts/${token}`).type('form').send('List-Unsubscribe=One-Click');
    expect(done.body.data.unsubscribed).toBe(true);
    expect((await api().get('/api/favorites').set(anna.headers)).body.data[0]).toMatchObject({ priceAlerts: false });
    for (const bad of ['A'.repeat(22), 'short']) {
      const res = await request(w.app).post(`/api/favorites/price-alerts/${bad}`);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('price_alert_not_found');
    }
    expect((await api().patch(`/api/favorites/${owner.defaultListId}`).set(anna.headers).send({ priceAlerts: 'yes' })).status).toBe(422);
    expect((await api().patch(`/api/favorites/${owner.defaultListId}`).set(owner.headers).send({ priceAlerts: true })).status).toBe(404);
  });
});

describe('price watch: the scheduled job (Agenda)', () => {
  it('two started copies run the job once per product, and the job survives a restart', async () => {
    const a = world({ PRICE_WATCH_EVERY_SECONDS: '2' });
    const b = world({ PRICE_WATCH_EVERY_SECONDS: '2' });
    const owner = await person();
    for (let i = 0; i < 3; i++) await product(owner, `/job/${i}`, 1000);
    a.service.start();
    b.service.start();
    await a.service.priceJob.runNow();
    await b.service.priceJob.runNow();
    for (let i = 0; i < 600 && [...shop.hits.values()].reduce((x, y) => x + y, 0) < 3; i++) await new Promise((r) => setTimeout(r, 50));
    await a.service.stop();
    await b.service.stop();
    expect([...shop.hits.entries()].sort()).toEqual([
      ['/job/0', 1],
      ['/job/1', 1],
      ['/job/2', 1],
    ]);
    const jobs = await db.connection.db!.collection('pricewatchjobs').find({ name: 'price-watch', type: 'single' }).toArray();
    expect(jobs).toHaveLength(1);
    // A restart finds the same recurring job (upserted by name, not added again).
    const c = world({ PRICE_WATCH_EVERY_SECONDS: '2' });
    c.service.start();
    await c.service.priceJob.runNow();
    await c.service.stop();
    expect(await db.connection.db!.collection('pricewatchjobs').countDocuments({ name: 'price-watch', type: 'single' })).toBe(1);
  });
});
