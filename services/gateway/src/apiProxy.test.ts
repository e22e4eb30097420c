import request from 'supertest';
import express from 'express';
import { request as httpRequest } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createLogger, IDENTITY_HEADER, SERVICE_HEADER, signIdentity, verifyIdentity, verifyServiceAssertion } from '@wishlist/service-kit';
import { createGateway } from './app';
import { anonymousWriteAllowed, apiProxy, apiRoutes, matchRoute, UPSTREAM_IDLE_MS } from './apiProxy';
import { configFor, listen, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
afterAll(() => fe.cleanup());

/** A fake service that echoes what it received (raw body included). */
function echoUpstream(name: string) {
  const app = express();
  app.all('/{*rest}', async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const identity = await verifyIdentity(req.headers[IDENTITY_HEADER] as string | undefined);
    res.setHeader('X-Upstream', name);
    res.status(req.path.endsWith('/created') ? 201 : 200).json({
      service: name,
      method: req.method,
      url: req.originalUrl,
      contentType: req.headers['content-type'] ?? null,
      body: Buffer.concat(chunks).toString('utf8'),
      identity,
      rawIdentity: req.headers[IDENTITY_HEADER] ?? null,
      service_header: req.headers[SERVICE_HEADER] ?? null,
      authorization: req.headers.authorization ?? null,
      forwardedFor: req.headers['x-forwarded-for'] ?? null,
    });
  });
  return listen(app);
}

/** A fake auth service: /internal/introspect per the contract, and an echo elsewhere. */
function fakeAuth(valid: Map<string, { userId: string; lang?: string }>) {
  const calls: { token: string; caller: string | null }[] = [];
  const app = express();
  app.post('/internal/introspect', express.json(), async (req, res) => {
    const caller = await verifyServiceAssertion(req.headers[SERVICE_HEADER] as string | undefined);
    calls.push({ token: req.body.token, caller });
    if (caller !== 'gateway') return res.status(401).json({ error: { code: 'internal_only', message: 'no' } });
    const user = valid.get(req.body.token);
    if (!user) return res.status(401).json({ error: { code: 'invalid_token', message: 'invalid' } });
    res.json({ data: user });
  });
  app.all('/{*rest}', async (req, res) => {
    res.json({ service: 'auth', url: req.originalUrl, identity: await verifyIdentity(req.headers[IDENTITY_HEADER] as string | undefined), authorization: req.headers.authorization ?? null });
  });
  return { calls, started: listen(app) };
}

describe('/api proxy', () => {
  const valid = new Map<string, { userId: string; lang?: string }>([
    ['good-token', { userId: 'user-1', lang: 'fr' }],
    ['writer-token', { userId: 'writer' }],
  ]);
  const auth = fakeAuth(valid);
  let lists: Awaited<ReturnType<typeof echoUpstream>>;
  let offers: Awaited<ReturnType<typeof echoUpstream>>;
  let authUp: Awaited<ReturnType<typeof listen>>;
  let app: express.Express;

  beforeAll(async () => {
    [lists, offers, authUp] = await Promise.all([echoUpstream('lists'), echoUpstream('offers'), auth.started]);
    app = createGateway(configFor(fe.root, { AUTH_URL: authUp.url, LISTS_URL: lists.url, OFFERS_URL: offers.url })).app;
  });
  afterAll(async () => {
    await Promise.all([lists.close(), offers.close(), authUp.close()]);
  });
  beforeEach(() => {
    auth.calls.length = 0;
  });

  it('routes each path to its service with the body streamed through unchanged', async () => {
    const raw = '{"name":  "Noël 🎄", "price": 1999}';
    const res = await request(app).post('/api/product-lists?x=1').set('Authorization', 'Bearer writer-token').set('Content-Type', 'application/json').send(raw);
    expect(res.status).toBe(200);
    expect(res.headers['x-upstream']).toBe('lists');
    expect(res.body).toMatchObject({ service: 'lists', method: 'POST', url: '/api/product-lists?x=1', body: raw, contentType: 'application/json' });
    expect(res.body.forwardedFor).toBeTruthy();
    for (const [path, service] of [
      ['/api/products-in-lists/1', 'lists'],
      ['/api/pages', 'lists'],
      ['/api/favorites/42', 'lists'],
      ['/api/offerings/9', 'offers'],
    ]) {
      expect((await request(app).patch(path).set('Authorization', 'Bearer writer-token').send({ a: 1 })).body.service).toBe(service);
    }
    expect((await request(app).delete('/api/tokens').send({ token: 't' })).body.service).toBe('auth');
    expect((await request(app).get('/api/accounts')).body.service).toBe('auth');
  });

  it('takes a whole exported list on the import call only (MAX_IMPORT_BODY_KB), MAX_BODY_KB elsewhere', async () => {
    const file = 'x'.repeat(1024 * 1024);
    const imported = await request(app).post('/api/product-lists/import').set('Authorization', 'Bearer writer-token').set('Content-Type', 'text/csv').send(file);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ service: 'lists', url: '/api/product-lists/import' });
    expect(imported.body.body.length).toBe(file.length);
    const tooBig = await request(app).post('/api/product-lists/import').set('Authorization', 'Bearer writer-token').set('Content-Type', 'text/csv').send('x'.repeat(1536 * 1024 + 1));
    expect(tooBig.status).toBe(413);
    // The same body on another call of the same service is refused as any large body.
    const elsewhere = await request(app).post('/api/product-lists').set('Authorization', 'Bearer writer-token').set('Content-Type', 'text/csv').send(file);
    expect(elsewhere.status).toBe(413);
  });

  it('passes the upstream status and the body bytes as they came (not parsed), up to MAX_BODY_KB', async () => {
    const big = 'x'.repeat(128 * 1024);
    const res = await request(app).post('/api/offerings/created').set('Authorization', 'Bearer writer-token').set('Content-Type', 'text/plain').send(big);
    expect(res.status).toBe(201);
    expect(res.body.body.length).toBe(128 * 1024);
    const tooBig = await request(app).post('/api/offerings/created').set('Authorization', 'Bearer writer-token').set('Content-Type', 'text/plain').send(`${big}x`);
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.code).toBe('payload_too_large');
    expect(tooBig.headers.connection).toBe('close');
    // Chunked (no Content-Length) arrives whole too.
    const chunked = await new Promise<{ status: number; body: { body: string; method: string } }>((resolve, reject) => {
      const server = app.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/offerings', headers: { 'content-type': 'application/json' } }, (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => {
            server.close();
            resolve({ status: r.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          });
        });
        req.on('error', reject);
        req.write('{"email":');
        setTimeout(() => req.end('"a@x.org"}'), 50);
      });
    });
    expect(chunked.status).toBe(200);
    expect(chunked.body).toMatchObject({ method: 'POST', body: '{"email":"a@x.org"}' });
  });

  it('passes the anonymous POST of an occasion reminder\'s unsubscribe link (the mailed token is the proof), no other favorites write', async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStU_';
    const res = await request(app).post(`/api/favorites/reminders/${token}`).type('form').send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ service: 'lists', method: 'POST', url: `/api/favorites/reminders/${token}` });
    for (const path of [`/api/favorites/reminders/${token}x`, '/api/favorites/reminders/short', `/api/favorites/${token}`]) {
      expect((await request(app).post(path)).status).toBe(401);
    }
  });

  it('answers unknown /api paths and /internal with 404 JSON', async () => {
    for (const path of ['/api/unknown', '/api/product-listsX', '/api', '/internal/introspect', '/internal/lists/products']) {
      const res = await request(app).post(path).send({ token: 'good-token' });
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('not_found');
    }
    expect(auth.calls).toHaveLength(0);
  });

  it('strips identity and service headers sent by clients', async () => {
    const forged = await signIdentity({ userId: 'admin' });
    const res = await request(app).get('/api/product-lists').set(IDENTITY_HEADER, forged).set(SERVICE_HEADER, forged);
    expect(res.body.identity).toBeNull();
    expect(res.body.rawIdentity).toBeNull();
    expect(res.body.service_header).toBeNull();
  });

  it('turns a valid bearer into a signed identity (bearer not forwarded to lists/offers)', async () => {
    const res = await request(app).get('/api/product-lists').set('Authorization', 'Bearer good-token');
    expect(res.body.identity).toEqual({ userId: 'user-1', lang: 'fr' });
    expect(res.body.authorization).toBeNull();
    expect(auth.calls).toEqual([{ token: 'good-token', caller: 'gateway' }]);
    const toAuth = await request(app).delete('/api/accounts').set('Authorization', 'Bearer good-token');
    expect(toAuth.body.identity).toEqual({ userId: 'user-1', lang: 'fr' });
    expect(toAuth.body.authorization).toBe('Bearer good-token');
  });

  it('forwards an invalid bearer with no identity', async () => {
    const res = await request(app).get('/api/favorites').set('Authorization', 'Bearer revoked');
    expect(res.status).toBe(200);
    expect(res.body.identity).toBeNull();
    expect((await request(app).get('/api/favorites').set('Authorization', 'Basic abc')).body.identity).toBeNull();
  });

  it('reuses an introspection answer for at most 2 s', async () => {
    valid.set('short-lived', { userId: 'user-2' });
    const ask = () => request(app).get('/api/product-lists').set('Authorization', 'Bearer short-lived');
    expect((await ask()).body.identity).toEqual({ userId: 'user-2' });
    expect((await ask()).body.identity).toEqual({ userId: 'user-2' });
    expect(auth.calls).toHaveLength(1);
    valid.delete('short-lived'); // revoked
    await new Promise((r) => setTimeout(r, 2100));
    expect((await ask()).body.identity).toBeNull();
    expect(auth.calls).toHaveLength(2);
  });

  it('does not reuse a refusal: a bearer validated meanwhile works on the next request', async () => {
    const ask = () => request(app).get('/api/product-lists').set('Authorization', 'Bearer pending-one');
    expect((await ask()).body.identity).toBeNull();
    valid.set('pending-one', { userId: 'user-3' }); // its e-mailed code was just submitted
    expect((await ask()).body.identity).toEqual({ userId: 'user-3' });
  });
});

describe('the route table', () => {
  it("sends a giver's gifts to the offers service", () => {
    const routes = apiRoutes({ authUrls: 'http://a.test', listsUrls: 'http://l.test', offersUrls: 'http://o.test' });
    for (const path of ['/api/gifts', '/api/gifts/by-link', '/api/gifts/abc/withdrawal']) expect(matchRoute(routes, path)?.service).toBe('offers');
    expect(matchRoute(routes, '/api/giftsx')).toBeUndefined();
  });
});

describe('writes without a sign-in', () => {
  it("are the sign-in flow's and a giver's own (offer, confirmation, resend, withdrawal) only", () => {
    for (const [method, path] of [
      ['POST', '/api/offerings'],
      ['POST', '/api/offerings/abc_-1/confirmation'],
      ['POST', '/api/offerings/abc_-1/verification-mail'],
      ['POST', '/api/offerings/abc_-1/withdrawal'],
      ['POST', '/api/tokens/refusal'],
      ['POST', '/api/pledges'],
      ['POST', '/api/pledges/abc_-1/confirmation'],
      ['POST', '/api/pledges/abc_-1/withdrawal'],
      ['PATCH', '/api/gifts/abc_-1'],
      ['POST', '/api/gifts/abc_-1/withdrawal'],
    ]) {
      expect(anonymousWriteAllowed(method, path)).toBe(true);
    }
    for (const [method, path] of [
      ['DELETE', '/api/offerings/abc/withdrawal'],
      ['PATCH', '/api/offerings/abc'],
      ['POST', '/api/offerings/abc/withdrawal/x'],
      ['POST', '/api/offerings/a%2Fb/withdrawal'],
      ['POST', '/api/product-lists'],
      ['DELETE', '/api/pledges/abc'],
      ['POST', '/api/pledges/abc/other'],
      ['POST', '/api/group-gifts'],
      ['DELETE', '/api/gifts/abc'],
      ['POST', '/api/gifts'],
      ['PATCH', '/api/gifts/a%2Fb'],
      ['POST', '/api/gifts/abc/other'],
    ]) {
      expect(anonymousWriteAllowed(method, path)).toBe(false);
    }
  });
});

describe('upstreams that are down or slow', () => {
  it('gives a JSON 503 for the down service only; the others keep working', async () => {
    const lists = await echoUpstream('lists');
    const slow = express();
    slow.all('/{*rest}', (_req, res) => void setTimeout(() => res.json({ late: true }), 1500));
    const offers = await listen(slow);
    try {
      const app = createGateway(
        configFor(fe.root, { AUTH_URL: 'http://127.0.0.1:9', LISTS_URL: lists.url, OFFERS_URL: offers.url, UPSTREAM_TIMEOUT_MS: '300' }),
      ).app;
      const down = await request(app).post('/api/tokens').send({ email: 'a@x.org', tokenName: 't1' });
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ error: { code: 'service_unavailable', message: expect.stringMatching(/auth/) } });
      const late = await request(app).get('/api/offerings/1');
      expect(late.status).toBe(503);
      expect(late.body.error.code).toBe('service_unavailable');
      expect((await request(app).get('/api/product-lists')).status).toBe(200);
      // With a bearer, an unreachable auth service cannot vouch for anyone: 503.
      const bearer = await request(app).get('/api/product-lists').set('Authorization', 'Bearer t');
      expect(bearer.status).toBe(503);
      expect(bearer.body.error.code).toBe('service_unavailable');
      expect((await request(app).get('/api/health')).status).toBe(200);
    } finally {
      await Promise.all([lists.close(), offers.close()]);
    }
  });
});

describe('upstream connections', () => {
  it('are reused, and closed by the gateway once idle, before the service would close them', async () => {
    // Node's default keep-alive timeout of the services is 5 s: the gateway must let go first.
    expect(UPSTREAM_IDLE_MS).toBeLessThan(5000);
    const upstream = await echoUpstream('lists');
    const open = new Set<Socket>();
    let connections = 0;
    upstream.server.keepAliveTimeout = 60_000;
    upstream.server.on('connection', (s: Socket) => {
      connections++;
      open.add(s);
      s.on('close', () => open.delete(s));
    });
    try {
      const app = express();
      app.use(
        apiProxy({
          routes: apiRoutes({ authUrls: 'http://127.0.0.1:9', listsUrls: upstream.url, offersUrls: 'http://127.0.0.1:9' }),
          introspector: { check: async () => null },
          timeoutMs: 2000,
          logger: createLogger({ name: 'test', level: 'silent' }),
          upstreamIdleMs: 150,
        }),
      );
      // A browser keeps its connection (supertest asks for close, which would reach the service).
      const get = (path: string) => request(app).get(path).set('Connection', 'keep-alive');
      expect((await get('/api/product-lists/1')).status).toBe(200);
      expect((await get('/api/product-lists/2')).status).toBe(200);
      expect(connections).toBe(1);
      // Only the gateway can have closed it: the service keeps idle connections for 60 s here.
      await new Promise((r) => setTimeout(r, 600));
      expect(open.size).toBe(0);
      expect((await get('/api/product-lists/3')).status).toBe(200);
      expect(connections).toBe(2);
    } finally {
      await upstream.close();
    }
  });
});
