import type { Router } from 'express';
import mongoose, { type Connection } from 'mongoose';
import request from 'supertest';
import { startTestDatabase, type TestDatabase } from './database';
import { CLIENT_HEADER, signClientAddress } from './identity';
import { clientSpoofAttempts, createRateLimit, RATE_LIMIT_COLLECTION, type RateLimitOptions } from './rateLimit';
import { createService, type Listening } from './service';

let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

function limited(options: Partial<RateLimitOptions> = {}, usesDatabase = true) {
  return createService({
    name: 'demo',
    usesDatabase,
    routes(router: Router) {
      router.post(
        '/sign-in',
        createRateLimit({ name: 'sign-in', windowMs: 60_000, limit: 2, message: 'Too many sign-in attempts.', ...options }),
        (_req, res) => void res.json({ data: 'ok' }),
      );
    },
  });
}

const from = async (address: string) => ({ [CLIENT_HEADER]: await signClientAddress(address) });

describe('createRateLimit', () => {
  it('answers 429 JSON with a clear message and RateLimit headers once the limit is reached', async () => {
    const { app } = limited();
    expect((await request(app).post('/sign-in')).status).toBe(200);
    expect((await request(app).post('/sign-in')).status).toBe(200);
    const res = await request(app).post('/sign-in');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: { code: 'too_many_requests', message: 'Too many sign-in attempts.' } });
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.headers['ratelimit-policy']).toMatch(/^"sign-in"; q=2; w=60/);
  });

  it('can key on something else than the client address', async () => {
    const { app } = limited({ limit: 1, key: (req) => String(req.body?.email) });
    expect((await request(app).post('/sign-in').send({ email: 'a@x.org' })).status).toBe(200);
    expect((await request(app).post('/sign-in').send({ email: 'b@x.org' })).status).toBe(200);
    expect((await request(app).post('/sign-in').send({ email: 'a@x.org' })).status).toBe(429);
  });

  it('gives each signed client address its own limit, IPv6 grouped per /56', async () => {
    const { app } = limited({ limit: 1 });
    expect((await request(app).post('/sign-in').set(await from('203.0.113.7'))).status).toBe(200);
    expect((await request(app).post('/sign-in').set(await from('203.0.113.7'))).status).toBe(429);
    expect((await request(app).post('/sign-in').set(await from('198.51.100.1'))).status).toBe(200);
    expect((await request(app).post('/sign-in').set(await from('2001:db8:0:1::1'))).status).toBe(200);
    expect((await request(app).post('/sign-in').set(await from('2001:db8:0:2::9'))).status).toBe(429); // same /56
    expect((await request(app).post('/sign-in').set(await from('2001:db8:1::1'))).status).toBe(200);
  });

  it('keeps the counters in the rate_limits collection of the service database, one name per limit', async () => {
    const svc = createService({
      name: 'demo',
      routes(router) {
        router.post('/a', createRateLimit({ name: 'a', windowMs: 60_000, limit: 1 }), (_req, res) => void res.json({ data: 'a' }));
        router.post('/b', createRateLimit({ name: 'b', windowMs: 60_000, limit: 1 }), (_req, res) => void res.json({ data: 'b' }));
      },
    });
    expect((await request(svc.app).post('/a')).status).toBe(200);
    expect((await request(svc.app).post('/b')).status).toBe(200); // another limit, another counter
    expect((await request(svc.app).post('/a')).status).toBe(429);
    const keys = (await mongoose.connection.collection(RATE_LIMIT_COLLECTION).find().toArray()).map((d) => d.key as string);
    expect(keys.sort()).toEqual([expect.stringMatching(/^a:/), expect.stringMatching(/^b:/)]);
  });

  describe('shared through the database', () => {
    const open: Listening[] = [];
    const connections: Connection[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((l) => l.close()));
      await Promise.all(connections.splice(0).map((c) => c.close()));
    });
    // A second instance gets its own connection to the same database, as another process would.
    async function otherConnection(): Promise<Connection> {
      const c = await mongoose.createConnection(db.uri, { dbName: db.dbName }).asPromise();
      connections.push(c);
      return c;
    }
    async function start(options: Partial<RateLimitOptions> = {}): Promise<string> {
      const l = await limited({ limit: 5, ...options }).listen(0, '127.0.0.1');
      open.push(l);
      return `http://127.0.0.1:${l.port}`;
    }
    const hit = async (base: string, address = '203.0.113.7') =>
      (await fetch(`${base}/sign-in`, { method: 'POST', headers: await from(address) })).status;

    it('two instances on one database hold one limit between them, not two', async () => {
      const a = await start();
      const b = await start({ connection: await otherConnection() });
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1) statuses.push(await hit(i % 2 === 0 ? a : b));
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
      // Both instances refuse, and concurrent hits do not slip through either.
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => hit(i % 2 === 0 ? a : b, '198.51.100.1')));
      expect(burst.filter((s) => s === 200)).toHaveLength(5);
    });

    it('survive a restart of the service', async () => {
      const first = await start({ limit: 3 });
      for (let i = 0; i < 3; i += 1) expect(await hit(first)).toBe(200);
      await open.pop()!.close();
      const restarted = await start({ limit: 3, connection: await otherConnection() });
      expect(await hit(restarted)).toBe(429);
      expect(await hit(restarted, '198.51.100.1')).toBe(200);
    });

    it('a window that ended starts afresh (the expiry is in the query, no TTL monitor needed)', async () => {
      const a = await start({ limit: 1, windowMs: 1000 });
      expect(await hit(a)).toBe(200);
      expect(await hit(a)).toBe(429);
      await new Promise((r) => setTimeout(r, 1100));
      expect(await hit(a)).toBe(200);
      expect(await hit(a)).toBe(429);
      // The ended window's record was reused (unique key), not left behind beside a new one.
      expect(await mongoose.connection.collection(RATE_LIMIT_COLLECTION).countDocuments()).toBe(1);
    });
  });

  it('fails closed: 503 at once while the database is unreachable, limited again once it is back', async () => {
    const { app } = limited({ limit: 1 });
    expect((await request(app).post('/sign-in')).status).toBe(200);
    await mongoose.disconnect();
    try {
      const started = Date.now();
      const res = await request(app).post('/sign-in');
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe('database_unavailable');
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await mongoose.connect(db.uri, { dbName: db.dbName });
    }
    expect((await request(app).post('/sign-in')).status).toBe(429);
  });

  describe('counting only some answers (`counts`: the misses of reads by id)', () => {
    const reads = (store?: 'memory') =>
      createService({
        name: 'demo',
        usesDatabase: store !== 'memory',
        routes(router) {
          const misses = createRateLimit({ name: 'misses', windowMs: 60_000, limit: 2, counts: (_req, res) => res.statusCode === 404, ...(store ? { store } : {}) });
          router.get('/items/:id', misses, (req, res) => {
            if (req.params.id === 'known') res.json({ data: 'item' });
            else res.status(404).json({ error: { code: 'not_found', message: 'No such item.' } });
          });
        },
      }).app;

    it.each([['database'], ['memory']] as const)('%s: a found answer writes no counter; a miss is counted before it is answered', async (kind) => {
      const app = reads(kind === 'memory' ? 'memory' : undefined);
      for (let i = 0; i < 5; i += 1) expect((await request(app).get('/items/known')).status).toBe(200);
      expect(await mongoose.connection.collection(RATE_LIMIT_COLLECTION).countDocuments()).toBe(0);
      // Back to back: each miss is in the count by the time its answer arrives.
      expect((await request(app).get('/items/a')).status).toBe(404);
      expect((await request(app).get('/items/b')).status).toBe(404);
      const refused = await request(app).get('/items/c');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
      // A client that reached the limit is refused everything the limit guards until the window ends.
      expect((await request(app).get('/items/known')).status).toBe(429);
      const other = await from('198.51.100.9');
      expect((await request(app).get('/items/known').set(other)).status).toBe(200);
      if (kind === 'database') expect(await mongoose.connection.collection(RATE_LIMIT_COLLECTION).countDocuments()).toBe(1);
    });
  });

  it("store: 'memory' counts in this process only, for services without a database", async () => {
    const { app } = limited({ limit: 1, store: 'memory' }, false);
    expect((await request(app).post('/sign-in')).status).toBe(200);
    expect((await request(app).post('/sign-in')).status).toBe(429);
    expect(await mongoose.connection.collection(RATE_LIMIT_COLLECTION).countDocuments()).toBe(0);
  });
});

describe('clientSpoofAttempts', () => {
  it('none of them gives a fresh limit', async () => {
    const { app } = limited({ limit: 3 });
    const attempts = await clientSpoofAttempts(40);
    expect(new Set(attempts.map((a) => a.kind)).size).toBe(10);
    const statuses: number[] = [];
    for (const a of attempts) statuses.push((await request(app).post('/sign-in').set(a.headers)).status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.slice(3).every((s) => s === 429)).toBe(true);
  });
});
