// The gateway's GET /health/ready: ready when every service has an instance ready, not ready
// (naming the services) otherwise and while the gateway drains; liveness is left alone.
import request from 'supertest';
import express from 'express';
import { READINESS_PATH } from '@wishlist/service-kit';
import { createGateway } from './app';
import type { UpstreamRoute } from './apiProxy';
import { upstreamReadiness } from './readiness';
import { configFor, listen, makeFrontends } from './test-support/fixtures';

const upstream = (ready: boolean) => {
  const app = express();
  app.get(READINESS_PATH, (_req, res) => void res.status(ready ? 200 : 503).json({ data: { ready } }));
  return listen(app);
};

/**
 * The gateway's readiness once its probes answered in time: on a loaded machine a probe may take
 * longer than its second, and that instance counts as not ready until one answers (asked again
 * after the probes' reuse time, a few times).
 */
async function settledReadiness(handler: Parameters<typeof request>[0], settled: (body: { data: { ready: boolean; reason?: string } }) => boolean) {
  let res = await request(handler).get('/health/ready').set('Host', 'localhost');
  for (let i = 0; i < 8 && !settled(res.body); i++) {
    await new Promise((r) => setTimeout(r, 1_100));
    res = await request(handler).get('/health/ready').set('Host', 'localhost');
  }
  return res;
}

describe('gateway readiness', () => {
  const frontends = makeFrontends();
  afterAll(() => frontends.cleanup());

  it('follows its upstreams and its own draining', async () => {
    const [auth, lists, listsDown, offersDown] = await Promise.all([upstream(true), upstream(true), upstream(false), upstream(false)]);
    try {
      // lists has one ready instance out of two; offers none; a port nothing listens on counts as not ready.
      const gateway = createGateway(configFor(frontends.root, { AUTH_URL: auth.url, LISTS_URL: `${listsDown.url},${lists.url}`, OFFERS_URL: `${offersDown.url},http://127.0.0.1:1` }));
      const res = await settledReadiness(gateway.handler, (b) => b.data.reason === 'upstream not ready: offers');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ data: { service: 'gateway', ready: false, reason: 'upstream not ready: offers', reasons: ['upstream not ready: offers'] } });
      expect((await request(gateway.handler).get('/api/health')).body).toEqual({ data: { status: 'ok' } });

      const healthy = createGateway(configFor(frontends.root, { AUTH_URL: auth.url, LISTS_URL: lists.url, OFFERS_URL: `${offersDown.url},${auth.url}` }));
      expect((await settledReadiness(healthy.handler, (b) => b.data.ready)).body).toEqual({ data: { service: 'gateway', ready: true } });
      healthy.lifecycle.drain();
      const draining = await request(healthy.handler).get('/health/ready');
      expect([draining.status, draining.body.data.reason, draining.headers.connection]).toEqual([503, 'draining', 'close']);
    } finally {
      await Promise.all([auth, lists, listsDown, offersDown].map((s) => s.close()));
    }
  });

  it('keeps an instance that answered ready while its probes come late, for a while; a refusal counts at once', async () => {
    let mode: 'ready' | 'late' | 'refuse' = 'ready';
    const app = express();
    app.get(READINESS_PATH, (_req, res) => {
      if (mode === 'late') setTimeout(() => void res.json({ data: { ready: true } }), 1_500);
      else void res.status(mode === 'ready' ? 200 : 503).json({ data: { ready: mode === 'ready' } });
    });
    const lists = await listen(app);
    let clock = 0;
    const route = { service: 'lists', pool: { urls: [lists.url] }, prefixes: ['/api/product-lists'], forwardAuthorization: false } as unknown as UpstreamRoute;
    const ready = upstreamReadiness([route], { now: () => clock });
    try {
      expect(await ready()).toEqual([]);
      mode = 'late';
      clock += 5_000;
      expect(await ready()).toEqual([]);
      clock += 6_000;
      expect(await ready()).toEqual(['upstream not ready: lists']);
      mode = 'ready';
      clock += 1_000;
      expect(await ready()).toEqual([]);
      mode = 'refuse';
      clock += 1_000;
      expect(await ready()).toEqual(['upstream not ready: lists']);
    } finally {
      await lists.close();
    }
  });
});
