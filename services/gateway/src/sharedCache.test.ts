import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import request from 'supertest';
import { createLogger, IDENTITY_HEADER, verifyIdentity } from '@wishlist/service-kit';
import { createGateway } from './app';
import type { Introspector } from './introspection';
import { SharedCache } from './sharedCache';
import { configFor, listen, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
afterAll(() => fe.cleanup());

const SHAREABLE = 'max-age=0, s-maxage=30';

/**
 * A fake lists service: GET /api/product-lists/{id} answers the list's current version with the
 * Cache-Control set for it (shareable by default for anonymous callers, like the real service),
 * and counts what reached it; POST /api/products-in-lists bumps a list's version.
 */
function fakeLists() {
  const versions = new Map<string, number>();
  const cacheControl = new Map<string, string>();
  const reads: { url: string; identity: string | null }[] = [];
  let hold: Promise<void> | undefined;
  const app = express();
  app.get('/api/product-lists/:id', async (req, res) => {
    const identity = await verifyIdentity(req.headers[IDENTITY_HEADER] as string | undefined);
    reads.push({ url: req.originalUrl, identity: identity?.userId ?? null });
    const held = hold;
    const version = versions.get(req.params.id) ?? 0;
    if (held) await held; // answers what it read before the wait
    if (req.params.id === 'missing') return res.status(404).setHeader('Cache-Control', SHAREABLE).json({ error: { code: 'not_found', message: 'no' } });
    const body = JSON.stringify({ data: { id: req.params.id, version, isOwner: identity !== null, padding: 'x'.repeat(2000) } });
    res.setHeader('Cache-Control', identity ? 'no-store' : (cacheControl.get(req.params.id) ?? SHAREABLE));
    res.setHeader('ETag', `W/"${req.params.id}-${version}"`);
    res.setHeader('X-Request-Id', String(req.headers['x-request-id']));
    res.type('application/json').send(body);
  });
  app.post('/api/products-in-lists', express.json(), (req, res) => {
    const id = String(req.body.productListId);
    versions.set(id, (versions.get(id) ?? 0) + 1);
    res.status(201).json({ data: { productListId: id } });
  });
  return {
    reads,
    cacheControl,
    versions,
    holdReads() {
      let release!: () => void;
      hold = new Promise<void>((r) => (release = r));
      return () => {
        hold = undefined;
        release();
      };
    },
    started: listen(app),
  };
}

const introspector: Introspector = { check: async (token) => (token === 'good-token' ? { userId: 'owner-1', lang: 'en' } : null) };

describe('the gateway as a shared cache of anonymous /api reads', () => {
  const lists = fakeLists();
  let upstream: Awaited<typeof lists.started>;
  const servers: Server[] = [];
  /** The gateway's own request handler (the cache answers before Express), on one address. */
  const gateway = async (env: Record<string, string> = {}, cache?: SharedCache): Promise<string> => {
    const { handler } = createGateway(configFor(fe.root, { LISTS_URL: upstream.url, OFFERS_URL: upstream.url, ...env }), {
      introspector,
      cache,
      logger: createLogger({ name: 'gateway-test', level: 'silent' }),
    });
    const server = createServer(handler).listen(0, '127.0.0.1');
    servers.push(server);
    await new Promise((r) => server.once('listening', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  beforeAll(async () => {
    upstream = await lists.started;
  });
  afterAll(() => upstream.close());
  beforeEach(() => {
    lists.reads.length = 0;
    lists.cacheControl.clear();
  });

  it('answers a repeated anonymous read from memory, with the same bytes, Age, the security headers and a request id of its own', async () => {
    const app = await gateway();
    const first = await request(app).get('/api/product-lists/a1');
    const second = await request(app).get('/api/product-lists/a1');
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.text).toBe(first.text);
    expect(lists.reads).toHaveLength(1);
    expect(second.headers['age']).toMatch(/^\d+$/);
    expect(second.headers['etag']).toBe(first.headers['etag']);
    expect(second.headers['cache-control']).toBe(SHAREABLE);
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['x-request-id']).toBeTruthy();
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(second.headers['vary']).toMatch(/Accept-Encoding/i);
  });

  it('keys by path and query', async () => {
    const app = await gateway();
    await request(app).get('/api/product-lists/k1');
    await request(app).get('/api/product-lists/k1?x=1');
    await request(app).get('/api/product-lists/k2');
    await request(app).get('/api/product-lists/k1?x=1');
    expect(lists.reads.map((r) => r.url)).toEqual(['/api/product-lists/k1', '/api/product-lists/k1?x=1', '/api/product-lists/k2']);
  });

  it('gzips a stored answer for clients that accept it, answers 304 to a matching If-None-Match, and no body to HEAD', async () => {
    const app = await gateway();
    const plain = await request(app).get('/api/product-lists/g1');
    const zipped = await request(app).get('/api/product-lists/g1').set('Accept-Encoding', 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip'); // superagent decodes it
    expect(zipped.text).toBe(plain.text);
    const identity = await request(app).get('/api/product-lists/g1').set('Accept-Encoding', 'identity');
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.text).toBe(plain.text);
    const notModified = await request(app).get('/api/product-lists/g1').set('If-None-Match', plain.headers['etag']);
    expect(notModified.status).toBe(304);
    expect(notModified.text).toBe('');
    const head = await request(app).head('/api/product-lists/g1');
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
    expect(lists.reads).toHaveLength(1);
  });

  it('never answers from memory, nor stores, a request carrying Authorization (valid bearer or not)', async () => {
    const app = await gateway();
    await request(app).get('/api/product-lists/o1'); // stored for anonymous callers
    const owner = await request(app).get('/api/product-lists/o1').set('Authorization', 'Bearer good-token');
    expect(owner.body.data.isOwner).toBe(true);
    const bad = await request(app).get('/api/product-lists/o1').set('Authorization', 'Bearer not-a-token');
    expect(bad.status).toBe(200);
    expect(lists.reads.map((r) => r.identity)).toEqual([null, 'owner-1', null]);
    // The bad bearer's answer (anonymous, shareable) was not stored either: a new one-off key shows it.
    await request(app).get('/api/product-lists/o2').set('Authorization', 'Bearer not-a-token');
    await request(app).get('/api/product-lists/o2');
    expect(lists.reads.filter((r) => r.url.endsWith('/o2'))).toHaveLength(2);
  });

  it.each([
    ['no Cache-Control', ''],
    ['no-store', 'no-store'],
    ['private', 'private, s-maxage=30'],
    ['max-age only (the browser’s, not a shared cache’s)', 'max-age=30'],
    ['s-maxage=0', 's-maxage=0'],
  ])('does not store an answer with %s', async (_name, value) => {
    lists.cacheControl.set('n1', value);
    const app = await gateway();
    await request(app).get('/api/product-lists/n1');
    await request(app).get('/api/product-lists/n1');
    expect(lists.reads).toHaveLength(2);
  });

  it('does not store errors', async () => {
    const app = await gateway();
    expect((await request(app).get('/api/product-lists/missing')).status).toBe(404);
    expect((await request(app).get('/api/product-lists/missing')).status).toBe(404);
    expect(lists.reads).toHaveLength(2);
  });

  it('goes to the service when the request asks for a fresh answer (Cache-Control: no-cache)', async () => {
    const app = await gateway();
    await request(app).get('/api/product-lists/f1');
    await request(app).get('/api/product-lists/f1').set('Cache-Control', 'no-cache');
    expect(lists.reads).toHaveLength(2);
  });

  it('forgets everything when a write goes through: the next read sees it', async () => {
    const app = await gateway();
    const before = await request(app).get('/api/product-lists/w1');
    expect(before.body.data.version).toBe(lists.versions.get('w1') ?? 0);
    const write = await request(app).post('/api/products-in-lists').set('Authorization', 'Bearer good-token').send({ productListId: 'w1' });
    expect(write.status).toBe(201);
    const after = await request(app).get('/api/product-lists/w1');
    expect(after.body.data.version).toBe(before.body.data.version + 1);
    expect(lists.reads).toHaveLength(2);
  });

  it('does not store what a read got when a write went through while it was in flight', async () => {
    const app = await gateway();
    const release = lists.holdReads();
    const stale = request(app).get('/api/product-lists/r1').then((r) => r);
    await new Promise((r) => setTimeout(r, 100)); // the read has reached the service
    const write = request(app).post('/api/products-in-lists').set('Authorization', 'Bearer good-token').send({ productListId: 'r1' }).then((r) => r);
    await new Promise((r) => setTimeout(r, 50));
    release();
    const [read] = await Promise.all([stale, write]);
    expect(read.body.data.version).toBe(0);
    const next = await request(app).get('/api/product-lists/r1');
    expect(next.body.data.version).toBe(1);
  });

  it('serves an answer no longer than its s-maxage', async () => {
    lists.cacheControl.set('t1', 'max-age=0, s-maxage=1');
    const app = await gateway();
    await request(app).get('/api/product-lists/t1');
    await request(app).get('/api/product-lists/t1');
    expect(lists.reads).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 1100));
    await request(app).get('/api/product-lists/t1');
    expect(lists.reads).toHaveLength(2);
  });

  it('is off with API_CACHE_MAX_MB=0', async () => {
    const app = await gateway({ API_CACHE_MAX_MB: '0' });
    await request(app).get('/api/product-lists/z1');
    await request(app).get('/api/product-lists/z1');
    expect(lists.reads).toHaveLength(2);
  });

  it('keeps within its memory budget, dropping the least recently used answers', async () => {
    const cache = new SharedCache({ maxBytes: 32 * 1024 }); // one answer ≈ 2 kB: about 15 fit
    const app = await gateway({}, cache);
    for (let i = 0; i < 20; i++) await request(app).get(`/api/product-lists/m${i}`);
    expect(cache.size).toBeGreaterThan(0);
    expect(cache.size).toBeLessThan(20);
    lists.reads.length = 0;
    await request(app).get('/api/product-lists/m19'); // the most recent one is still there
    await request(app).get('/api/product-lists/m0'); // the oldest one is gone
    expect(lists.reads.map((r) => r.url)).toEqual(['/api/product-lists/m0']);
  });
});
