import { SignJWT } from 'jose';
import request from 'supertest';
import {
  IDENTITY_HEADER,
  SERVICE_HEADER,
  optionalIdentity,
  requireIdentity,
  requireService,
  signIdentity,
  signServiceAssertion,
  verifyIdentity,
  verifyServiceAssertion,
} from './identity';
import { internalClient } from './internalClient';
import { createService } from './service';

const secret = 'a-test-secret-that-is-long-enough-123456';

describe('identity assertions', () => {
  it('round-trips the user id and language', async () => {
    const token = await signIdentity({ userId: 'u1', lang: 'fr' }, { secret });
    expect(await verifyIdentity(token, { secret })).toEqual({ userId: 'u1', lang: 'fr' });
    expect(await verifyIdentity(await signIdentity({ userId: 'u2' }, { secret }), { secret })).toEqual({ userId: 'u2' });
  });

  it('rejects a missing, forged, expired or foreign token', async () => {
    expect(await verifyIdentity(undefined, { secret })).toBeNull();
    expect(await verifyIdentity('garbage', { secret })).toBeNull();
    const other = await signIdentity({ userId: 'u1' }, { secret: `${secret}-other` });
    expect(await verifyIdentity(other, { secret })).toBeNull();
    const expired = await signIdentity({ userId: 'u1' }, { secret, expiresInSeconds: -60 });
    expect(await verifyIdentity(expired, { secret })).toBeNull();
    const wrongAudience = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setIssuer('wishlist-gateway')
      .setAudience('someone-else')
      .setExpirationTime('1m')
      .sign(new TextEncoder().encode(secret));
    expect(await verifyIdentity(wrongAudience, { secret })).toBeNull();
  });

  it('keeps user identities and service assertions apart', async () => {
    const service = await signServiceAssertion('gateway', { secret });
    expect(await verifyServiceAssertion(service, { secret })).toBe('gateway');
    expect(await verifyIdentity(service, { secret })).toBeNull();
    const user = await signIdentity({ userId: 'u1' }, { secret });
    expect(await verifyServiceAssertion(user, { secret })).toBeNull();
    expect(() => signIdentity({ userId: 'service:gateway' }, { secret })).toThrow();
  });
});

describe('identity middlewares', () => {
  const { app } = createService({
    name: 'demo',
    usesDatabase: false,
    routes(router) {
      router.get('/me', requireIdentity({ secret }), (req, res) => {
        res.json({ data: req.identity });
      });
      router.get('/maybe', optionalIdentity({ secret }), (req, res) => {
        res.json({ data: req.identity });
      });
      router.post('/internal/only-gateway', requireService(['gateway'], { secret }), (req, res) => {
        res.json({ data: { caller: req.callerService, body: req.body } });
      });
    },
  });

  it('requireIdentity: 401 JSON without a valid assertion', async () => {
    const res = await request(app).get('/me');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
    const forged = await request(app).get('/me').set(IDENTITY_HEADER, await signIdentity({ userId: 'u1' }, { secret: 'x'.repeat(40) }));
    expect(forged.status).toBe(401);
  });

  it('requireIdentity: passes the identity on', async () => {
    const res = await request(app).get('/me').set(IDENTITY_HEADER, await signIdentity({ userId: 'u1', lang: 'en' }, { secret }));
    expect(res.body).toEqual({ data: { userId: 'u1', lang: 'en' } });
  });

  it('optionalIdentity: null without one', async () => {
    expect((await request(app).get('/maybe')).body).toEqual({ data: null });
  });

  it('requireService: 401 for users and strangers, 403 for other services', async () => {
    expect((await request(app).post('/internal/only-gateway')).status).toBe(401);
    const asUser = await request(app).post('/internal/only-gateway').set(SERVICE_HEADER, await signIdentity({ userId: 'u1' }, { secret }));
    expect(asUser.status).toBe(401);
    const asOffers = await request(app).post('/internal/only-gateway').set(SERVICE_HEADER, await signServiceAssertion('offers', { secret }));
    expect(asOffers.status).toBe(403);
  });

  it('internalClient signs its calls and returns status and body', async () => {
    const l = await createService({ name: 'x', usesDatabase: false, routes: (r) => r.use(app) }).listen(0, '127.0.0.1');
    try {
      const client = internalClient(`http://127.0.0.1:${l.port}/`, { serviceName: 'gateway', secret });
      const res = await client.post('/internal/only-gateway', { token: 't' });
      expect(res).toEqual({ status: 200, body: { data: { caller: 'gateway', body: { token: 't' } } } });
      const me = await client.get('/me', { identity: { userId: 'u9' } });
      expect(me.body).toEqual({ data: { userId: 'u9' } });
    } finally {
      await l.close();
    }
  });

  it('internalClient: 503 HttpError when the upstream is down or too slow', async () => {
    const down = internalClient('http://127.0.0.1:1', { serviceName: 'gateway', secret, upstreamName: 'auth' });
    await expect(down.get('/internal/x')).rejects.toMatchObject({ status: 503, code: 'service_unavailable' });
    const slow = await createService({
      name: 'slow',
      usesDatabase: false,
      routes: (r) => r.get('/internal/slow', (_q, res) => void setTimeout(() => res.json({}), 500)),
    }).listen(0, '127.0.0.1');
    try {
      const client = internalClient(`http://127.0.0.1:${slow.port}`, { serviceName: 'gateway', secret, timeoutMs: 50 });
      await expect(client.get('/internal/slow')).rejects.toMatchObject({ status: 503, message: expect.stringMatching(/in time/) });
    } finally {
      await slow.close(100);
    }
  });
});
