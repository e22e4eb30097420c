import express from 'express';
import request from 'supertest';
import { z } from 'zod';
import { HttpError } from './errors';
import { CLIENT_HEADER, signClientAddress, signIdentity } from './identity';
import { createService } from './service';
import { validateFields, validateShape } from './validate';

function demoService() {
  return createService({
    name: 'demo',
    usesDatabase: false,
    bodyLimit: '1kb',
    routes(router) {
      router.get('/teapot', () => {
        throw new HttpError(418, 'teapot', 'I am a teapot.');
      });
      router.get('/boom', () => {
        throw new Error('secret internals at /srv/app.ts:12');
      });
      router.get('/async-boom', async () => {
        await Promise.resolve();
        throw new TypeError('x is undefined');
      });
      router.get('/last-list', () => {
        throw new HttpError(422, 'last_list', "You can't delete your list when it's only one you own.");
      });
      router.get('/unreadable', () => {
        throw new HttpError(422, 'page_blocked', 'The page could not be read.', { url: 'This shop blocks automatic reading.' });
      });
      router.post('/echo', (req, res) => {
        res.json({ data: req.body });
      });
      router.get(
        '/items/:id',
        validateShape({
          params: z.object({ id: z.string().regex(/^[a-f0-9]{24}$/) }),
          query: z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) }),
        }),
        (req, res) => {
          res.json({ data: { id: req.params.id, limit: (req.query as unknown as { limit: number }).limit } });
        },
      );
      router.post(
        '/lists',
        validateShape({ body: z.object({}).passthrough() }),
        validateFields(z.object({ name: z.string().trim().min(1, 'A name is required.'), price: z.number().min(0, 'Must be positive.').optional() })),
        (req, res) => {
          res.status(201).json({ data: req.body });
        },
      );
    },
  });
}

describe('createService', () => {
  const { app } = demoService();

  it('answers GET /health with its state and no x-powered-by', async () => {
    const res = await request(app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { service: 'demo', status: 'ok', db: 'none' } });
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers['x-request-id']).toMatch(/.+/);
  });

  it('keeps a sane incoming request id', async () => {
    const res = await request(app).get('/health').set('X-Request-Id', 'abc-123');
    expect(res.headers['x-request-id']).toBe('abc-123');
    const bad = await request(app).get('/health').set('X-Request-Id', 'a b<script>');
    expect(bad.headers['x-request-id']).not.toContain('<');
  });

  it('maps HttpError to { error: { code, message } }', async () => {
    const res = await request(app).get('/teapot');
    expect(res.status).toBe(418);
    expect(res.body).toEqual({ error: { code: 'teapot', message: 'I am a teapot.' } });
  });

  it('maps 422 without field errors to { errors: { code: message } }', async () => {
    const res = await request(app).get('/last-list');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { last_list: "You can't delete your list when it's only one you own." } });
  });

  it('names the reason of a 422 with field errors when it has a code of its own', async () => {
    const res = await request(app).get('/unreadable');
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { url: 'This shop blocks automatic reading.' }, code: 'page_blocked' });
  });

  it.each(['/boom', '/async-boom'])('hides unknown errors behind a 500 (%s)', async (path) => {
    const res = await request(app).get(path);
    expect(res.status).toBe(500);
    expect(res.body.error.code).toBe('internal');
    expect(JSON.stringify(res.body)).not.toMatch(/secret|srv|undefined|stack/);
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const res = await request(app).post('/echo').set('Content-Type', 'application/json').send('{"a":');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_json');
  });

  it('answers a too large body with 413 JSON', async () => {
    const res = await request(app).post('/echo').send({ text: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('payload_too_large');
  });

  it('leaves the body of an ownBodyPaths route to that route (its own limit)', async () => {
    const own = createService({
      name: 'demo-own-body',
      usesDatabase: false,
      bodyLimit: '1kb',
      ownBodyPaths: ['/upload'],
      routes(router) {
        router.post('/upload', express.json({ limit: '8kb' }), (req, res) => {
          res.json({ data: { length: JSON.stringify(req.body).length } });
        });
        router.post('/echo', (req, res) => {
          res.json({ data: req.body });
        });
      },
    }).app;
    const big = { text: 'x'.repeat(5000) };
    expect((await request(own).post('/upload').send(big)).body).toEqual({ data: { length: 5011 } });
    expect((await request(own).post('/echo').send(big)).status).toBe(413);
  });

  it('answers unknown routes with 404 JSON', async () => {
    const res = await request(app).get('/nope');
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('validateShape: 400 for a malformed param or query, parsed values otherwise', async () => {
    expect((await request(app).get('/items/123')).status).toBe(400);
    const badQuery = await request(app).get('/items/0123456789abcdef01234567?limit=500');
    expect(badQuery.status).toBe(400);
    expect(badQuery.body.error.message).toMatch(/query\.limit/);
    const ok = await request(app).get('/items/0123456789abcdef01234567?limit=5');
    expect(ok.body).toEqual({ data: { id: '0123456789abcdef01234567', limit: 5 } });
    const dflt = await request(app).get('/items/0123456789abcdef01234567');
    expect(dflt.body.data.limit).toBe(10);
  });

  it('validateFields: 422 { errors: { field: message } } for domain rules', async () => {
    const res = await request(app).post('/lists').send({ name: '  ', price: -1 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ errors: { name: 'A name is required.', price: 'Must be positive.' } });
    const ok = await request(app).post('/lists').send({ name: ' Birthday ' });
    expect(ok.status).toBe(201);
    expect(ok.body).toEqual({ data: { name: 'Birthday' } });
  });

  it('validateShape: 400 when the body is not an object', async () => {
    const res = await request(app).post('/lists').set('Content-Type', 'application/json').send('[1,2]');
    expect(res.status).toBe(400);
  });
});

describe('listen / close', () => {
  it('finishes in-flight requests, then stops accepting', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // Closing waits for the request to reach the handler: a fixed pause loses that race on a loaded machine.
    let arrived!: () => void;
    const reached = new Promise<void>((r) => (arrived = r));
    const svc = createService({
      name: 'slow',
      usesDatabase: false,
      routes(router) {
        router.get('/slow', async (_req, res) => {
          arrived();
          await gate;
          res.json({ data: 'done' });
        });
      },
    });
    const l = await svc.listen(0, '127.0.0.1');
    const inFlight = fetch(`http://127.0.0.1:${l.port}/slow`).then((r) => r.json());
    await reached;
    const closed = l.close();
    await new Promise((r) => setTimeout(r, 50));
    await expect(fetch(`http://127.0.0.1:${l.port}/health`)).rejects.toThrow();
    release();
    await expect(inFlight).resolves.toEqual({ data: 'done' });
    await closed;
  });
});

describe('req.clientAddress', () => {
  const svc = createService({
    name: 'who',
    usesDatabase: false,
    routes(router) {
      router.get('/who', (req, res) => void res.json({ data: { clientAddress: req.clientAddress, ip: req.ip } }));
    },
  });
  const who = (headers: Record<string, string>) =>
    Object.entries(headers)
      .reduce((r, [k, v]) => r.set(k, v), request(svc.app).get('/who'))
      .then((res) => res.body.data as { clientAddress: string; ip: string });

  it('is the address the gateway signed in X-Wishlist-Client', async () => {
    expect(await who({ [CLIENT_HEADER]: await signClientAddress('203.0.113.7') })).toMatchObject({ clientAddress: '203.0.113.7' });
    expect(await who({ [CLIENT_HEADER]: await signClientAddress('2001:db8::1') })).toMatchObject({ clientAddress: '2001:db8::1' });
  });

  it('is the socket peer otherwise, whatever forwarding headers or bad assertions say', async () => {
    const forged = await signClientAddress('203.0.113.7', { secret: 'another-secret-that-is-long-enough-1234' });
    const expired = await signClientAddress('203.0.113.7', { expiresInSeconds: -60 });
    const identityInstead = await signIdentity({ userId: '203.0.113.7' });
    const attempts: Record<string, string>[] = [
      {},
      { 'X-Forwarded-For': '203.0.113.7' },
      { 'X-Real-IP': '203.0.113.7' },
      { Forwarded: 'for=203.0.113.7' },
      { [CLIENT_HEADER]: 'garbage' },
      { [CLIENT_HEADER]: forged },
      { [CLIENT_HEADER]: expired },
      { [CLIENT_HEADER]: identityInstead },
    ];
    for (const headers of attempts) {
      const seen = await who(headers);
      expect(seen.clientAddress).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/);
      expect(seen.ip).toBe(seen.clientAddress); // trust proxy is off
    }
  });
});
