// Several instances per service. Requests are spread round-robin; an instance that
// refuses connections is left out and the request goes to another; only requests in flight on
// an instance that dies may fail.
import { Agent, request as httpRequest } from 'node:http';
import type { Listening } from '@wishlist/service-kit';
import { createGateway } from './app';
import { gatewayConfig } from './config';
import { fakeService, type FakeService } from './test-support/fakes';
import { configFor, makeFrontends } from './test-support/fixtures';
import { sleep } from './test-support/sockets';
import { UpstreamPool } from './upstreams';

describe('UpstreamPool', () => {
  it('goes round-robin, skips an instance marked down until its time is up, and falls back to it when none is left', () => {
    let t = 0;
    const pool = new UpstreamPool('lists', ['a', 'b', 'c'], 1000, () => t);
    expect([pool.pick(), pool.pick(), pool.pick(), pool.pick()]).toEqual(['a', 'b', 'c', 'a']);
    pool.markDown('b');
    expect([pool.pick(), pool.pick(), pool.pick()]).toEqual(['c', 'a', 'c']);
    expect(pool.pick(new Set(['a', 'c']))).toBe('b'); // down, but the only one not tried yet
    expect(pool.pick(new Set(['a', 'b', 'c']))).toBeUndefined();
    t = 1001;
    expect(pool.isDown('b')).toBe(false);
    expect(new Set([pool.pick(), pool.pick(), pool.pick()])).toEqual(new Set(['a', 'b', 'c']));
    const one = new UpstreamPool('auth', ['x']);
    one.markDown('x');
    expect(one.pick()).toBe('x');
    expect(one.pick(new Set(['x']))).toBeUndefined();
  });

  it('reads AUTH_URL, LISTS_URL, OFFERS_URL as comma-separated lists (one URL as before)', () => {
    const c = gatewayConfig.load({ AUTH_URL: 'http://a:1/, http://b:1', LISTS_URL: 'http://l:2', OFFERS_URL: 'http://o:3 http://p:3,http://o:3' });
    expect(c.authUrls).toEqual(['http://a:1', 'http://b:1']);
    expect(c.listsUrls).toEqual(['http://l:2']);
    expect(c.offersUrls).toEqual(['http://o:3', 'http://p:3']);
    expect(() => gatewayConfig.load({ LISTS_URL: 'http://l:2,ftp://x' })).toThrow(/LISTS_URL/);
    expect(() => gatewayConfig.load({ LISTS_URL: ' , ' })).toThrow(/LISTS_URL/);
  });
});

describe('a gateway in front of two instances of each service', () => {
  const fe = makeFrontends();
  const users = new Map([['good', { userId: 'u1' }]]);
  let instances: Record<string, FakeService[]>;
  let listening: Listening;
  let port: number;
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });

  beforeAll(async () => {
    instances = {
      auth: await Promise.all([fakeService('auth-a', users), fakeService('auth-b', users)]),
      lists: await Promise.all([fakeService('lists-a'), fakeService('lists-b')]),
      offers: await Promise.all([fakeService('offers-a'), fakeService('offers-b')]),
    };
    const urls = (s: string) => instances[s].map((i) => i.url).join(',');
    listening = await createGateway(
      configFor(fe.root, { AUTH_URL: urls('auth'), LISTS_URL: urls('lists'), OFFERS_URL: urls('offers'), API_CACHE_MAX_MB: '0', INTROSPECTION_CACHE_MS: '0' }),
      { shout: () => undefined },
    ).listen(0, '127.0.0.1');
    port = listening.port;
  });
  afterAll(async () => {
    agent.destroy();
    await listening.close(0);
    for (const list of Object.values(instances)) for (const i of list) await i.close().catch(() => undefined);
    fe.cleanup();
  });

  function call(method: string, path: string, bearer?: string): Promise<{ status: number; instance?: string }> {
    return new Promise((resolve) => {
      const body = method === 'GET' ? undefined : '{"a":1}';
      const headers: Record<string, string> = { accept: 'application/json' };
      if (body) headers['content-type'] = 'application/json';
      if (bearer) headers.authorization = `Bearer ${bearer}`;
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, instance: res.statusCode === 200 ? JSON.parse(text).instance : undefined });
        });
      });
      req.on('error', () => resolve({ status: 0 }));
      req.end(body);
    });
  }
  const tally = (xs: { instance?: string }[]) => xs.reduce<Record<string, number>>((t, x) => ({ ...t, [x.instance ?? 'none']: (t[x.instance ?? 'none'] ?? 0) + 1 }), {});

  it('spreads requests over the instances', async () => {
    const reads = await Promise.all(Array.from({ length: 20 }, (_, i) => call('GET', `/api/product-lists/${i}`)));
    expect(tally(reads)).toEqual({ 'lists-a': 10, 'lists-b': 10 });
    const writes: { instance?: string }[] = [];
    for (let i = 0; i < 10; i++) writes.push(await call('POST', '/api/offerings'));
    expect(tally(writes)).toEqual({ 'offers-a': 5, 'offers-b': 5 });
    // Bearers are checked with both auth instances in turn.
    for (let i = 0; i < 4; i++) expect((await call('POST', '/api/products-in-lists', 'good')).status).toBe(200);
    const introspections = instances.auth.map((i) => i.seen.filter((s) => s.path === '/internal/introspect').length);
    expect(introspections).toEqual([2, 2]);
  });

  it('fails nothing but the requests in flight on an instance that dies; the next ones go to the other instance', async () => {
    const [a, b] = instances.lists;
    b.delayMs = 400;
    // 10 writes by a signed-in person: 5 land on each instance; b dies while holding its 5.
    const inFlight = Array.from({ length: 10 }, (_, i) => call('POST', `/api/products-in-lists?i=${i}`, 'good'));
    b.seen.length = 0;
    for (let waited = 0; b.seen.length < 5 && waited < 3000; waited += 20) await sleep(20);
    expect(b.seen).toHaveLength(5); // b is holding its five
    await b.kill();
    const first = await Promise.all(inFlight);
    const failed = first.filter((r) => r.status !== 200);
    expect(failed.length).toBe(5); // exactly those b held: a write already sent is never sent twice
    expect(failed.every((r) => r.status === 503)).toBe(true);
    expect(first.filter((r) => r.status === 200).every((r) => r.instance === 'lists-a')).toBe(true);
    // From now on, nothing fails: b refuses connections, the gateway goes to a.
    const after = await Promise.all([
      ...Array.from({ length: 30 }, (_, i) => call('GET', `/api/product-lists/${i}`)),
      ...Array.from({ length: 10 }, () => call('POST', '/api/products-in-lists', 'good')),
    ]);
    expect(after.map((r) => r.status)).toEqual(Array(40).fill(200));
    expect(tally(after)).toEqual({ 'lists-a': 40 });
    console.log(`lists-b killed with 5 requests in flight: ${failed.length} failed (503), then 40/40 served by lists-a`);
    void a;
  });

  it('checks bearers with the other auth instance when one is down', async () => {
    await instances.auth[0].kill();
    const results = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/api/offerings', 'good')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    // Sign-in requests (auth's own paths) go to the live instance too.
    const signIns = await Promise.all(Array.from({ length: 6 }, () => call('POST', '/api/tokens')));
    expect(tally(signIns)).toEqual({ 'auth-b': 6 });
  });
});
