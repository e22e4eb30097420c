import { once } from 'node:events';
import * as http from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  clientSpoofAttempts,
  createService,
  IDENTITY_HEADER,
  metricsText,
  signIdentity,
  startTestDatabase,
  type TestDatabase,
} from '@wishlist/service-kit';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import request from 'supertest';
import { listsConfig } from '../config';
import { pictureOf } from '../images';
import { createPagesRouter, type PagesConfig, type PagesDeps } from './index';

/* A local "shop": every path is a scenario; it counts the connections it receives. ---------- */

const SHOP_PAGE = `<!doctype html><html><head><meta charset="utf-8">
<title>Blue Teapot – Little Shop</title>
<base href="/static/">
<meta property="og:site_name" content="Little Shop">
<meta property="og:image" content="img/teapot-large.jpg">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Blue Teapot",
 "offers":{"@type":"Offer","price":"24.90","priceCurrency":"EUR"}}</script>
</head><body><h1>Blue Teapot</h1><img src="img/teapot-side.jpg" width="600" height="600"><script>window.x = 1</script></body></html>`;

const wall = (file: string) => readFileSync(path.join(__dirname, 'fixtures', 'walls', file));

let shop: http.Server;
let shopPort: number;
let connections = 0;
const hits: string[] = [];

function startShop(): Promise<void> {
  shop = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const path = (req.url ?? '/').split('?')[0];
    const html = (body: string | Buffer, headers: http.OutgoingHttpHeaders = {}) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', ...headers });
      res.end(body);
    };
    switch (path) {
      case '/product':
        return html(SHOP_PAGE);
      case '/latin1':
        res.writeHead(200, { 'Content-Type': 'text/html; charset=iso-8859-1' });
        return res.end(Buffer.from('<html><head><title>Crème brûlée à 12,50 \x80</title></head></html>', 'latin1'));
      case '/meta-charset':
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end(Buffer.from('<html><head><meta charset="windows-1252"><title>Caf\xe9</title></head></html>', 'latin1'));
      case '/gzip':
        return html(gzipSync(Buffer.from('<html><head><title>Compressed</title></head></html>')), { 'Content-Encoding': 'gzip' });
      case '/to-loopback':
        res.writeHead(302, { Location: `http://127.0.0.1:${shopPort}/product` });
        return res.end();
      case '/to-private':
        res.writeHead(301, { Location: 'http://10.0.0.7/admin' });
        return res.end();
      case '/to-metadata':
        res.writeHead(307, { Location: 'http://169.254.169.254/latest/meta-data/' });
        return res.end();
      case '/to-file':
        res.writeHead(302, { Location: 'file:///etc/passwd' });
        return res.end();
      case '/to-named-loopback':
        res.writeHead(302, { Location: `http://rebound.example.com:${shopPort}/product` });
        return res.end();
      case '/relative-redirect':
        res.writeHead(303, { Location: '/product' });
        return res.end();
      case '/loop':
        res.writeHead(302, { Location: `/loop?n=${Math.random()}` });
        return res.end();
      case '/json':
        res.writeHead(200, { 'Content-Type': 'application/json' });
        return res.end('{"not":"html"}');
      case '/image':
        res.writeHead(200, { 'Content-Type': 'image/png' });
        return res.end(Buffer.alloc(64));
      case '/untyped-html':
        res.writeHead(200);
        return res.end('<!DOCTYPE html><html><head><title>Untyped</title></head></html>');
      case '/huge':
        res.writeHead(200, { 'Content-Type': 'text/html' });
        return res.end(`<html><body>${'x'.repeat(300_000)}</body></html>`);
      case '/huge-chunked': {
        res.writeHead(200, { 'Content-Type': 'text/html' });
        let sent = 0;
        const push = () => {
          if (sent > 400_000 || res.destroyed) return res.end();
          sent += 50_000;
          res.write('y'.repeat(50_000), push);
        };
        return push();
      }
      case '/gzip-bomb':
        return html(gzipSync(Buffer.alloc(5_000_000, 0x20)), { 'Content-Encoding': 'gzip' });
      case '/slow':
        res.writeHead(200, { 'Content-Type': 'text/html' });
        res.write('<html>');
        return; // never ends
      case '/silent':
        return; // never answers
      case '/missing':
        res.writeHead(404, { 'Content-Type': 'text/html' });
        return res.end('<html><title>Not found</title></html>');
      case '/forbidden':
        res.writeHead(403, { 'Content-Type': 'text/html' });
        return res.end('<html><head><title>403 Forbidden</title></head><body><h1>Forbidden</h1></body></html>');
      case '/cloudflare':
        res.writeHead(403, { 'Content-Type': 'text/html; charset=UTF-8', 'cf-mitigated': 'challenge' });
        return res.end(wall('403-cloudflare-just-a-moment.html'));
      case '/datadome':
        res.writeHead(403, { 'Content-Type': 'text/html;charset=utf-8', 'Content-Encoding': 'gzip' });
        return res.end(gzipSync(wall('403-datadome.html')));
      case '/robot-check':
        return html(wall('200-amazon-continue-shopping.html'));
      case '/robot-check-503':
        res.writeHead(503, { 'Content-Type': 'text/html' });
        return res.end(wall('503-amazon-robot-check.html'));
      case '/busy':
        res.writeHead(503, { 'Content-Type': 'text/html' });
        return res.end(`<html><title>Down for maintenance</title><body>${'z'.repeat(600_000)}</body></html>`);
      case '/broken':
        res.writeHead(500, { 'Content-Type': 'text/html' });
        return res.end('oops');
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  shop.on('connection', () => {
    connections += 1;
  });
  shop.listen(0, '127.0.0.1');
  return once(shop, 'listening').then(() => {
    shopPort = (shop.address() as AddressInfo).port;
  });
}

// The per-person page-fetch limit counts in the service database (rate_limits).
let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterEach(() => db.clear());
afterAll(() => db.close());

beforeAll(startShop);
afterAll(() => {
  shop.closeAllConnections();
  shop.close();
});
beforeEach(() => {
  connections = 0;
  hits.length = 0;
});

/* Apps under test ------------------------------------------------------------------------- */

const baseConfig = listsConfig.load({ NODE_ENV: 'test' });

function appWith(overrides: Partial<PagesConfig> = {}, deps: PagesDeps = {}) {
  const config = { ...baseConfig, pageFetchTimeoutMs: 2000, ...overrides };
  return createService({
    name: 'lists',
    config,
    usesDatabase: false,
    routes(router) {
      router.use(createPagesRouter(config, deps));
    },
  }).app;
}

const shopAllowed = () => `127.0.0.1:${shopPort}`;
const as = async (userId = 'u1', lang?: 'en' | 'fr') => ({ [IDENTITY_HEADER]: await signIdentity(lang ? { userId, lang } : { userId }) });

/** A resolver that knows only what the test says: no DNS, no network. */
function fakeLookup(answer: (hostname: string, call: number) => string): LookupFunction & { calls: string[] } {
  const calls: string[] = [];
  const lookup = ((hostname: string, options: unknown, callback?: unknown) => {
    const cb = (typeof options === 'function' ? options : callback) as (...args: unknown[]) => void;
    const all = typeof options === 'object' && options !== null && (options as { all?: boolean }).all;
    calls.push(hostname);
    const address = answer(hostname, calls.length);
    const family = address.includes(':') ? 6 : 4;
    process.nextTick(() => (all ? cb(null, [{ address, family }]) : cb(null, address, family)));
  }) as LookupFunction & { calls: string[] };
  lookup.calls = calls;
  return lookup;
}

async function postPage(app: ReturnType<typeof appWith>, url: unknown, path = '/api/pages') {
  return request(app)
    .post(path)
    .set(await as())
    .send({ url });
}

/* SSRF ------------------------------------------------------------------------------------ */

describe('the SSRF guard', () => {
  const app = appWith({}, { perMinute: 1000 });
  const hostile = () => [
    `http://127.0.0.1:${shopPort}/product`,
    `http://localhost:${shopPort}/product`,
    `http://LOCALHOST.:${shopPort}/product`,
    `http://shop.localhost:${shopPort}/product`,
    `http://[::1]:${shopPort}/product`,
    `http://0.0.0.0:${shopPort}/product`,
    'http://0.0.0.0/',
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://100.64.0.1/',
    `http://[::ffff:127.0.0.1]:${shopPort}/product`,
    `http://[::ffff:7f00:1]:${shopPort}/product`,
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b::7f00:1]/',
    `http://2130706433:${shopPort}/product`,
    `http://0x7f.1:${shopPort}/product`,
    `http://017700000001:${shopPort}/product`,
    `http://127.1:${shopPort}/product`,
    `http://0177.0.0.1:${shopPort}/product`,
    'http://224.0.0.1/',
    'http://255.255.255.255/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata/',
    'http://printer.local/',
    `http://user:pass@127.0.0.1:${shopPort}/product`,
    'http://user:pass@shop.example.com/',
    'ftp://example.com/file',
    'file:///etc/passwd',
    'gopher://127.0.0.1:6379/_INFO',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'dict://127.0.0.1:11211/stat',
    'ws://example.com/',
    'http://example.com:25/',
    'http://example.com:22/',
  ];

  it('refuses at least 20 hostile URLs with a 422 on url, without connecting to anything', async () => {
    const urls = hostile();
    expect(urls.length).toBeGreaterThanOrEqual(20);
    for (const url of urls) {
      const res = await postPage(app, url);
      expect({ url, status: res.status }).toEqual({ url, status: 422 });
      expect(typeof res.body.errors.url).toBe('string');
    }
    expect(connections).toBe(0);
  });

  /** IPv6 forms that embed an IPv4 address, other non-public IPv6, and odd IPv4 spellings. */
  const embedded = () => [
    // IPv4-compatible ::/96 (WHATWG URL turns [::127.0.0.1] into [::7f00:1])
    `http://[::127.0.0.1]:${shopPort}/product`,
    `http://[::7f00:1]:${shopPort}/product`,
    'http://[::169.254.169.254]/latest/meta-data/',
    'http://[::a9fe:a9fe]/latest/meta-data/',
    'http://[::10.0.0.1]/',
    'http://[::192.168.1.1]/',
    // IPv4-mapped and IPv4-translated
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:0:7f00:1]/',
    // NAT64: well-known prefix and local-use prefix
    'http://[64:ff9b::127.0.0.1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b::10.0.0.1]/',
    'http://[64:ff9b:1::7f00:1]/',
    // 6to4
    'http://[2002:7f00:1::]/',
    'http://[2002:a9fe:a9fe::1]/',
    'http://[2002:c0a8:101::1]/',
    // Teredo (the client address is the last 32 bits inverted: 80ff:fffe is 127.0.0.1)
    'http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/',
    'http://[2001::5601:5601]/',
    // other non-public IPv6
    'http://[::]/',
    'http://[::1]/',
    'http://[fc00::1]/',
    'http://[fec0::1]/',
    'http://[ff02::1]/',
    'http://[2001:db8::1]/',
    'http://[3fff::1]/',
    'http://[100::1]/',
    'http://[4000::1]/',
    // IPv4 spellings and special ranges
    'http://0/',
    'http://0x7f000001/',
    'http://0x7f.0x0.0x0.0x1/',
    'http://127.000.000.001/',
    'http://169.254.169.254./latest/',
    'http://192.0.0.8/',
    'http://198.18.0.1/',
    'http://240.0.0.1/',
    'http://localhost./',
    'http://LocalHost:80/',
  ];

  it('refuses every IPv6 form that embeds an IPv4 address, and every other non-public range, at once: no connection is even attempted', async () => {
    const attempts = [
      jest.spyOn(RequestFilteringHttpAgent.prototype, 'createConnection'),
      jest.spyOn(RequestFilteringHttpsAgent.prototype, 'createConnection'),
    ];
    try {
      const urls = [...embedded(), ...embedded().map((u) => u.replace(/^http:/, 'https:'))];
      for (const url of urls) {
        const res = await postPage(app, url);
        expect({ url, status: res.status, message: res.body.errors?.url }).toEqual({ url, status: 422, message: expect.stringMatching(/not allowed/) });
      }
      for (const spy of attempts) expect(spy).not.toHaveBeenCalled();
      expect(connections).toBe(0);
    } finally {
      for (const spy of attempts) spy.mockRestore();
    }
  });

  it('refuses names that resolve to an IPv6 form embedding an IPv4 address, or to IPv6 outside global unicast', async () => {
    for (const address of ['::7f00:1', '::a9fe:a9fe', '::ffff:a9fe:a9fe', '64:ff9b::7f00:1', '64:ff9b:1::a9fe:a9fe', '2002:7f00:1::', '2001:0:4136:e378:8000:63bf:80ff:fffe', '4000::1', '2001:db8::1']) {
      const named = appWith({}, { lookup: fakeLookup(() => address) });
      const res = await postPage(named, `http://resolves.example.com:${shopPort}/x`);
      expect({ address, status: res.status, message: res.body.errors?.url }).toEqual({ address, status: 422, message: expect.stringMatching(/not allowed/) });
    }
    expect(connections).toBe(0);
  });

  it('says why: scheme, credentials, private address, port', async () => {
    expect((await postPage(app, 'ftp://example.com/')).body.errors.url).toMatch(/http:\/\/ or https:\/\//);
    expect((await postPage(app, 'http://user:pw@example.com/')).body.errors.url).toMatch(/user name or password/);
    expect((await postPage(app, 'http://10.1.2.3/')).body.errors.url).toMatch(/not allowed/);
    expect((await postPage(app, 'http://example.com:25/')).body.errors.url).toMatch(/port/);
    expect((await postPage(app, 'not a url')).body.errors.url).toMatch(/full address/);
  });

  it('checks the address a host name resolves to, at connect time (name → 127.0.0.1)', async () => {
    const lookup = fakeLookup(() => '127.0.0.1');
    const named = appWith({}, { lookup });
    const res = await postPage(named, `http://shop.example.com:${shopPort}/product`);
    expect(res.status).toBe(422);
    expect(res.body.errors.url).toMatch(/not allowed/);
    expect(lookup.calls).toContain('shop.example.com');
    expect(connections).toBe(0);
  });

  it('refuses names resolving to any private range (10/8, CGNAT, link-local, ULA, mapped IPv6)', async () => {
    for (const address of ['10.0.0.5', '100.100.1.1', '169.254.169.254', 'fd12::1', '::ffff:127.0.0.1', '::1']) {
      const named = appWith({}, { lookup: fakeLookup(() => address) });
      const res = await postPage(named, `http://resolves.example.com:${shopPort}/x`);
      expect({ address, status: res.status, message: res.body.errors?.url }).toEqual({
        address,
        status: 422,
        message: expect.stringMatching(/not allowed/),
      });
    }
    expect(connections).toBe(0);
  });

  it('is not fooled by DNS rebinding: the one resolution is the one connected to and checked', async () => {
    // A guard that resolved once to check and again to connect could be given a public answer
    // first and loopback afterwards. Here the name is resolved exactly once per request, inside
    // the connection step, and that address is the one refused. (No test ever connects to a
    // non-loopback address: the machines that run it have no network beyond the loopback.)
    const lookup = fakeLookup((_host, call) => (call === 1 ? '127.0.0.1' : '203.0.113.7'));
    const named = appWith({ pageFetchTimeoutMs: 1500 }, { lookup });
    const res = await postPage(named, `http://rebind.example.com:${shopPort}/product`);
    expect(res.status).toBe(422);
    expect(res.body.errors.url).toMatch(/not allowed/);
    expect(lookup.calls.filter((h) => h === 'rebind.example.com')).toHaveLength(1);
    expect(hits).toEqual([]);
  });

  it('re-checks every redirect hop: an allowlisted page redirecting to loopback, private, metadata or file', async () => {
    const first = appWith({ pageFetchAllowlist: `public-looking.example.com:${shopPort}` }, {
      lookup: fakeLookup(() => '127.0.0.1'),
    });
    for (const path of ['/to-loopback', '/to-private', '/to-metadata', '/to-named-loopback']) {
      hits.length = 0;
      const res = await postPage(first, `http://public-looking.example.com:${shopPort}${path}`);
      expect({ path, status: res.status, message: res.body.errors?.url }).toEqual({
        path,
        status: 422,
        message: expect.stringMatching(/not allowed/),
      });
      expect(hits).toEqual([path]); // the first hop only; /product was never requested
    }
    const file = await postPage(first, `http://public-looking.example.com:${shopPort}/to-file`);
    expect(file.status).toBe(422);
    expect(file.body.errors.url).toMatch(/http:\/\/ or https:\/\//);
  });

  it('follows a few redirects (relative ones too) and stops after the limit', async () => {
    const app2 = appWith({ pageFetchAllowlist: shopAllowed(), pageFetchMaxRedirects: 5 });
    const ok = await postPage(app2, `http://127.0.0.1:${shopPort}/relative-redirect`, '/api/pages/metadata');
    expect(ok.status).toBe(200);
    expect(ok.body.data.url).toBe(`http://127.0.0.1:${shopPort}/product`);
    hits.length = 0;
    const loop = await postPage(app2, `http://127.0.0.1:${shopPort}/loop`);
    expect(loop.status).toBe(422);
    expect(loop.body.errors.url).toMatch(/redirects too many times/);
    expect(hits).toHaveLength(6); // the first request and 5 redirects
  });

  it('the allowlist opens exactly its host:port, nothing else on the machine', async () => {
    const app2 = appWith({ pageFetchAllowlist: shopAllowed() });
    expect((await postPage(app2, `http://127.0.0.1:${shopPort}/product`)).status).toBe(200);
    expect((await postPage(app2, `http://localhost:${shopPort}/product`)).status).toBe(422);
    expect((await postPage(app2, `http://127.0.0.1:${shopPort + 1}/product`)).status).toBe(422);
  });
});

/* Limits and failures --------------------------------------------------------------------- */

describe('limits and failures of an allowed site', () => {
  let allowed: ReturnType<typeof appWith>;
  beforeAll(() => {
    allowed = appWith({ pageFetchAllowlist: shopAllowed(), pageFetchMaxBytes: 200_000, pageFetchTimeoutMs: 1000 });
  });
  const url = (path: string) => `http://127.0.0.1:${shopPort}${path}`;
  const cases: Array<[string, string, RegExp]> = [
    ['/json', 'page_not_html', /not a web page/],
    ['/image', 'page_not_html', /not a web page/],
    ['/huge', 'page_too_large', /too large/],
    ['/huge-chunked', 'page_too_large', /too large/],
    ['/gzip-bomb', 'page_too_large', /too large/],
    ['/slow', 'page_timeout', /too long/],
    ['/silent', 'page_timeout', /too long/],
    ['/missing', 'page_not_found', /does not exist \(HTTP 404\)/],
    ['/broken', 'page_error', /HTTP 500/],
    ['/forbidden', 'page_error', /HTTP 403/],
    ['/busy', 'page_error', /HTTP 503/],
  ];
  it.each(cases)('%s → 422 %s %s', async (path, code, message) => {
    const res = await postPage(allowed, url(path));
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { url: expect.stringMatching(message) }, code });
  });

  // A robot check (captcha, "Just a moment...", "Press & Hold") is never read as a product named
  // after the shop, whatever status it comes with; both calls answer the same distinct error.
  it.each([
    ['/cloudflare', '403 + cf-mitigated'],
    ['/datadome', '403, gzipped'],
    ['/robot-check', '200'],
    ['/robot-check-503', '503'],
  ])('%s (%s) → 422 page_blocked on both calls', async (path) => {
    for (const call of ['/api/pages', '/api/pages/metadata']) {
      const res = await postPage(allowed, url(path), call);
      expect({ call, status: res.status, body: res.body }).toEqual({
        call,
        status: 422,
        body: { errors: { url: expect.stringMatching(/blocks automatic reading/) }, code: 'page_blocked' },
      });
    }
  });

  it('a closed port → 422 could not be reached', async () => {
    const closed = http.createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    const app2 = appWith({ pageFetchAllowlist: `127.0.0.1:${port}` });
    const res = await postPage(app2, `http://127.0.0.1:${port}/`);
    expect(res.status).toBe(422);
    expect(res.body.errors.url).toMatch(/could not be reached/);
  });

  it('an unknown host → 422 could not be reached', async () => {
    const lookup = ((_h: string, _o: unknown, cb: (err: Error) => void) =>
      process.nextTick(() => cb(Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' })))) as unknown as LookupFunction;
    const res = await postPage(appWith({}, { lookup }), 'https://no-such-shop.example.com/');
    expect(res.status).toBe(422);
    expect(res.body.errors.url).toMatch(/could not be reached/);
  });

  it('counts page reads by outcome (page_fetches_total)', async () => {
    const count = async (outcome: string) => {
      const line = (await metricsText()).body.split('\n').find((l) => l.startsWith('page_fetches_total{') && l.includes(`outcome="${outcome}"`));
      return line ? Number(line.split(' ').pop()) : 0;
    };
    const before = { ok: await count('ok'), notFound: await count('notFound'), forbidden: await count('forbidden') };
    await postPage(allowed, url('/product?counted'));
    await postPage(allowed, url('/missing?counted'));
    await postPage(allowed, 'http://10.0.0.7/admin');
    expect({ ok: await count('ok'), notFound: await count('notFound'), forbidden: await count('forbidden') }).toEqual({
      ok: before.ok + 1,
      notFound: before.notFound + 1,
      forbidden: before.forbidden + 1,
    });
  });

  it('failures are not cached: the same URL is fetched again', async () => {
    await postPage(allowed, url('/missing'));
    await postPage(allowed, url('/missing'));
    expect(hits.filter((h) => h === '/missing')).toHaveLength(2);
  });
});

/* The two calls on the local shop ---------------------------------------------------------- */

describe('POST /api/pages and /api/pages/metadata on an allowlisted local shop', () => {
  let app: ReturnType<typeof appWith>;
  beforeAll(() => {
    app = appWith({ pageFetchAllowlist: shopAllowed() });
  });
  const url = (path: string) => `http://127.0.0.1:${shopPort}${path}`;

  it('answers the page HTML as text/html (SPEC §7), sandboxed', async () => {
    const res = await postPage(app, url('/product'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-location']).toBe(url('/product'));
    expect(res.text).toBe(SHOP_PAGE);
  });

  it('answers JSON candidates, with absolute image URLs through the base tag and the price in cents', async () => {
    const res = await postPage(app, url('/product'), '/api/pages/metadata');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: {
        url: url('/product'),
        title: 'Blue Teapot',
        images: [url('/static/img/teapot-large.jpg'), url('/static/img/teapot-side.jpg')],
        price: 2490,
        currency: 'EUR',
        siteName: 'Little Shop',
        // Our own copy of each candidate: http pictures show in the picker too.
        pictures: {
          [url('/static/img/teapot-large.jpg')]: pictureOf(url('/static/img/teapot-large.jpg')),
          [url('/static/img/teapot-side.jpg')]: pictureOf(url('/static/img/teapot-side.jpg')),
        },
      },
    });
    expect(res.body.data.pictures[url('/static/img/teapot-side.jpg')]).toMatch(/^\/api\/images\//);
  });

  it('shares one cache between both calls (one fetch for the same URL)', async () => {
    const fresh = appWith({ pageFetchAllowlist: shopAllowed() });
    await postPage(fresh, url('/product?cache'));
    await postPage(fresh, url('/product?cache'), '/api/pages/metadata');
    await postPage(fresh, url('/product?cache#fragment-ignored'), '/api/pages/metadata');
    expect(hits.filter((h) => h === '/product?cache')).toHaveLength(1);
  });

  it('decodes the charset from the header, a meta tag or gzip, and answers UTF-8', async () => {
    const latin = await postPage(app, url('/latin1'));
    expect(latin.text).toContain('Crème brûlée à 12,50 €'); // iso-8859-1 means windows-1252 on the web
    const meta = await postPage(app, url('/meta-charset'), '/api/pages/metadata');
    expect(meta.body.data.title).toBe('Café');
    const gz = await postPage(app, url('/gzip'), '/api/pages/metadata');
    expect(gz.body.data.title).toBe('Compressed');
    const untyped = await postPage(app, url('/untyped-html'), '/api/pages/metadata');
    expect(untyped.body.data.title).toBe('Untyped');
  });
});

/* Bad input and access on every route ------------------------------------------------------ */

describe.each(['/api/pages', '/api/pages/metadata'])('%s input and access', (path) => {
  const app = appWith();

  it('401 without an identity', async () => {
    const res = await request(app).post(path).send({ url: 'https://shop.example.com/' });
    expect(res.status).toBe(401);
  });

  it('400 for a malformed body', async () => {
    const headers = await as();
    for (const body of [{}, { url: 42 }, { url: null }, { url: ['https://a.example/'] }, { link: 'https://a.example/' }]) {
      const res = await request(app).post(path).set(headers).send(body);
      expect({ body, status: res.status }).toEqual({ body, status: 400 });
    }
    const notJson = await request(app).post(path).set(headers).set('Content-Type', 'application/json').send('{"url":');
    expect(notJson.status).toBe(400);
    const text = await request(app).post(path).set(headers).set('Content-Type', 'text/plain').send('https://a.example/');
    expect(text.status).toBe(400);
  });

  it('422 for a value that is not a web address (empty, spaces, too long)', async () => {
    for (const url of ['', '   ', 'shop.example.com/product', `https://shop.example.com/${'a'.repeat(2100)}`]) {
      const res = await postPage(app, url, path);
      expect(res.status).toBe(422);
      expect(typeof res.body.errors.url).toBe('string');
    }
  });

  it('rate-limits per person (429 JSON), not per address', async () => {
    const limited = appWith({}, { perMinute: 3 });
    const alice = await as('alice');
    for (let i = 0; i < 3; i += 1) await request(limited).post(path).set(alice).send({ url: 'ftp://x' });
    const over = await request(limited).post(path).set(alice).send({ url: 'ftp://x' });
    expect(over.status).toBe(429);
    expect(over.body.error.code).toBe('too_many_requests');
    const bob = await request(limited).post(path).set(await as('bob')).send({ url: 'ftp://x' });
    expect(bob.status).toBe(422);
  });

  it('counts one person across instances and restarts, whatever client headers they rotate', async () => {
    const instances = [appWith({}, { perMinute: 3 }), appWith({}, { perMinute: 3 })];
    const alice = await as('alice');
    const spoofs = await clientSpoofAttempts(6);
    const statuses: number[] = [];
    for (const [i, spoof] of spoofs.entries()) {
      statuses.push((await request(instances[i % 2]).post(path).set({ ...spoof.headers, ...alice }).send({ url: 'ftp://x' })).status);
    }
    expect(statuses).toEqual([422, 422, 422, 429, 429, 429]);
    const restarted = appWith({}, { perMinute: 3 });
    expect((await request(restarted).post(path).set(alice).send({ url: 'ftp://x' })).status).toBe(429);
  });
});
