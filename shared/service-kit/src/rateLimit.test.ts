import request from 'supertest';
import { createRateLimit } from './rateLimit';
import { createService } from './service';

describe('createRateLimit', () => {
  it('answers 429 JSON with a clear message once the limit is reached', async () => {
    const { app } = createService({
      name: 'demo',
      usesDatabase: false,
      routes(router) {
        router.post('/sign-in', createRateLimit({ windowMs: 60_000, limit: 2, message: 'Too many sign-in attempts.' }), (_req, res) => {
          res.json({ data: 'ok' });
        });
      },
    });
    expect((await request(app).post('/sign-in')).status).toBe(200);
    expect((await request(app).post('/sign-in')).status).toBe(200);
    const res = await request(app).post('/sign-in');
    expect(res.status).toBe(429);
    expect(res.body).toEqual({ error: { code: 'too_many_requests', message: 'Too many sign-in attempts.' } });
    expect(res.headers['retry-after']).toBeDefined();
  });

  it('can key on something else than the IP', async () => {
    const { app } = createService({
      name: 'demo',
      usesDatabase: false,
      routes(router) {
        router.post('/x', createRateLimit({ windowMs: 60_000, limit: 1, key: (req) => String(req.body?.email) }), (_req, res) => {
          res.json({ data: 'ok' });
        });
      },
    });
    expect((await request(app).post('/x').send({ email: 'a@x.org' })).status).toBe(200);
    expect((await request(app).post('/x').send({ email: 'b@x.org' })).status).toBe(200);
    expect((await request(app).post('/x').send({ email: 'a@x.org' })).status).toBe(429);
  });
});
