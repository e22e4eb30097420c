import { request as httpRequest, type IncomingMessage } from 'node:http';
import { createLogger, createService, type Listening } from '@wishlist/service-kit';
import { createGateway } from './app';
import { apiRouteLabel, isPrivateAddress, metricsRefusal, staticRouteLabel } from './observability';
import { configFor, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
afterAll(() => fe.cleanup());

function capturingLogger(name: string) {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger({ name, level: 'info', destination: { write: (s: string) => void lines.push(JSON.parse(s)) } });
  return { logger, lines };
}

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const LIST_ID = '6651f0c2a1b2c3d4e5f60718';

describe('the gateway: metrics and traces', () => {
  const lists = capturingLogger('lists');
  const gatewayLog = capturingLogger('gateway');
  let listsUp: Listening;
  let gatewayUp: Listening;
  let base: string;

  beforeAll(async () => {
    // A lists service built like the real ones (service-kit), on the route the contract names.
    const service = createService({
      name: 'lists',
      usesDatabase: false,
      logger: lists.logger,
      routes(router) {
        router.get('/api/product-lists/:id', (req, res) => {
          req.log.info('list read');
          res.json({ data: { id: req.params.id, traceparent: req.headers.traceparent ?? null } });
        });
      },
    });
    listsUp = await service.listen(0, '127.0.0.1');
    const gateway = createGateway(configFor(fe.root, { LISTS_URL: `http://127.0.0.1:${listsUp.port}` }), { logger: gatewayLog.logger, shout: () => undefined });
    gatewayUp = await gateway.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${gatewayUp.port}`;
  });
  afterAll(async () => {
    await gatewayUp.close();
    await listsUp.close();
  });

  const waitFor = async (found: () => boolean) => {
    for (let i = 0; i < 200 && !found(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it("takes a client's traceparent to the service, whose log lines carry its trace id", async () => {
    const res = await fetch(`${base}/api/product-lists/${LIST_ID}`, { headers: { traceparent: `00-${TRACE_ID}-b7ad6b7169203331-01`, tracestate: 'vendor=x' } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { traceparent: string } };
    // The service continues the gateway's span of the same trace, not the client's span.
    expect(body.data.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(body.data.traceparent).not.toContain('b7ad6b7169203331');
    await waitFor(() => lists.lines.some((l) => l.msg === 'request completed') && gatewayLog.lines.some((l) => l.msg === 'request completed'));
    const serviceLines = lists.lines.filter((l) => l.trace_id === TRACE_ID);
    expect(serviceLines.map((l) => l.msg)).toEqual(expect.arrayContaining(['list read', 'request completed']));
    expect(gatewayLog.lines.find((l) => l.msg === 'request completed')).toMatchObject({ trace_id: TRACE_ID });
  });

  it('labels proxied calls by route pattern, counts upstream calls and failures', async () => {
    // Each answer is read to its end before the metrics: a request is counted once its response
    // is over, and fetch resolves at the headers. The 503 below is gzipped as it goes (it has no
    // Content-Length), so its last chunk can still be on its way when the status is in.
    for (const id of [LIST_ID, 'another-raw-id']) {
      const res = await fetch(`${base}/api/product-lists/${id}`);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { id: string } }).data.id).toBe(id);
    }
    // OFFERS_URL points at a closed port (the fixtures' default): refused, answered 503.
    const refused = await fetch(`${base}/api/offerings/${LIST_ID}`);
    expect(refused.status).toBe(503);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('service_unavailable');
    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(LIST_ID);
    expect(text).not.toContain('another-raw-id');
    // (One process holds the gateway and the service here: one registry, named after the first.)
    expect(text).toMatch(/http_request_duration_seconds_bucket\{[^}]*method="GET",route="\/api\/product-lists\/:id",status="200"/);
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/api\/offerings\/:id",status="503"/);
    expect(text).toMatch(/gateway_upstream_requests_total\{service="lists",outcome="2xx"[^}]*\} [3-9]/);
    expect(text).toMatch(/gateway_upstream_requests_total\{service="offers",outcome="failed"[^}]*\} [1-9]/);
    expect(text).toMatch(/gateway_upstream_failures_total\{service="offers",reason="refused"[^}]*\} [1-9]/);
    expect(text).toContain('# TYPE gateway_upstream_request_duration_seconds histogram');
    expect(text).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
  });

  /** GET `path` exactly as written (fetch would resolve the dot segments first). */
  const rawGet = (path: string) =>
    new Promise<{ status: number; type: string; body: string }>((resolve, reject) => {
      const req = httpRequest(`${base}/`, { path }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, type: String(res.headers['content-type']), body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('never exposes a service\'s metrics through the API, and refuses its own to proxied callers', async () => {
    for (const path of ['/api/metrics', '/api/product-lists/../../metrics', '/api/product-lists/%2e%2e/%2e%2e/metrics', '/internal/metrics', '/api/product-lists/x/../../../metrics']) {
      const res = await rawGet(path);
      expect({ path, type: res.type }).toEqual({ path, type: expect.stringMatching(/^application\/json/) });
      expect(res.body).not.toContain('# TYPE');
    }
    expect((await fetch(`${base}/api/metrics`)).status).toBe(404);
    const proxied = await fetch(`${base}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(proxied.status).toBe(404);
    expect(((await proxied.json()) as { error: { code: string } }).error.code).toBe('not_found');
    expect((await fetch(`${base}/metrics`, { headers: { forwarded: 'for=203.0.113.7' } })).status).toBe(404);
  });

  it('serves no metrics on the public port behind a declared proxy (TRUST_PROXY) or with METRICS_PORT', async () => {
    for (const env of [{ TRUST_PROXY: 'loopback' }, { METRICS_PORT: '0' }] as Record<string, string>[]) {
      const gateway = createGateway(configFor(fe.root, env), { logger: capturingLogger('g').logger, shout: () => undefined });
      const up = await gateway.listen(0, '127.0.0.1');
      try {
        const res = await fetch(`http://127.0.0.1:${up.port}/metrics`);
        expect(res.status).toBe(404);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      } finally {
        await up.close();
      }
    }
  });
});

describe('who may read the gateway metrics', () => {
  const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({ socket: { remoteAddress }, headers }) as unknown as IncomingMessage;

  it('only callers on this machine or a private network, never through a proxy', () => {
    for (const address of ['127.0.0.1', '::1', '::ffff:127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.1.9', 'fd12::1']) {
      expect(metricsRefusal(from(address), { behindProxy: false })).toBeNull();
    }
    for (const address of ['203.0.113.7', '8.8.8.8', '::ffff:8.8.8.8', '2001:db8::1', '172.32.0.1', '']) {
      expect(metricsRefusal(from(address), { behindProxy: false })).toMatch(/private network/);
    }
    expect(metricsRefusal(from('127.0.0.1', { 'x-real-ip': '203.0.113.7' }), { behindProxy: false })).toMatch(/proxy/);
    expect(metricsRefusal(from('127.0.0.1'), { behindProxy: true })).toMatch(/METRICS_PORT/);
    expect(isPrivateAddress('not an address')).toBe(false);
  });
});

describe('route labels', () => {
  it('turns every id of an API path into :id, from a bounded set of words', () => {
    expect(apiRouteLabel('/api/product-lists/6651f0c2a1b2c3d4e5f60718')).toBe('/api/product-lists/:id');
    expect(apiRouteLabel('/api/product-lists/abc/products/def?x=1')).toBe('/api/product-lists/:id/products/:id');
    expect(apiRouteLabel('/api/product-lists/abc/products-ordering')).toBe('/api/product-lists/:id/products-ordering');
    expect(apiRouteLabel('/api/tokens/my-phone')).toBe('/api/tokens/:id');
    expect(apiRouteLabel('/api/offerings/x/confirmation')).toBe('/api/offerings/:id/confirmation');
    expect(apiRouteLabel('/api/pages/a/b/c/d/e/f')).toBe('/api/:deep');
    expect(staticRouteLabel('/remotes/lists/assets/x.js')).toBe('/remotes/:remote/*');
    expect(staticRouteLabel('/lists/123')).toBe('/*');
    expect(staticRouteLabel('/')).toBe('/');
  });
});
