// A service copy that drains answers `Connection: close`: the gateway sends the next requests to
// the other copies (while one is left), so none is written on a connection the copy is closing.
import request from 'supertest';
import express from 'express';
import { createGateway } from './app';
import { configFor, listen, makeFrontends } from './test-support/fixtures';

const LIST_ID = '5f0c3b9e8a1d2c3b4a5f6e7d';

function copy(draining: () => boolean) {
  const served = { count: 0 };
  const app = express();
  app.get('/api/product-lists/:id', (_req, res) => {
    served.count++;
    if (draining()) res.setHeader('Connection', 'close');
    res.json({ data: { id: LIST_ID, name: 'Birthday', isOwner: false, products: [] } });
  });
  return { served, listening: listen(app) };
}

describe('a draining service copy', () => {
  const frontends = makeFrontends();
  afterAll(() => frontends.cleanup());

  it('gets no more requests once it answered with Connection: close, while another copy is up', async () => {
    let draining = false;
    const a = copy(() => draining);
    const b = copy(() => false);
    const [la, lb] = await Promise.all([a.listening, b.listening]);
    try {
      const gateway = createGateway(configFor(frontends.root, { LISTS_URL: `${la.url},${lb.url}` }));
      const read = () => request(gateway.handler).get(`/api/product-lists/${LIST_ID}`).set('Host', 'localhost');
      for (let i = 0; i < 4; i++) expect((await read()).status).toBe(200);
      expect([a.served.count, b.served.count]).toEqual([2, 2]);
      draining = true;
      for (let i = 0; i < 6; i++) expect((await read()).status).toBe(200);
      // One answer told the gateway that copy drains; every later request went to the other one.
      expect(a.served.count).toBe(3);
      expect(b.served.count).toBe(7);
    } finally {
      await Promise.all([la.close(), lb.close()]);
    }
  });
});
