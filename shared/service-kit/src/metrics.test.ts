import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HttpError } from './errors';
import { createMailer } from './mailer';
import { listenMetrics } from './metrics';
import { createService, type Listening } from './service';

/** The sample lines of one metric family (`name{labels} value`). */
const samples = (text: string, name: string) => text.split('\n').filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));

describe('GET /metrics', () => {
  let listening: Listening;
  let base: string;

  beforeAll(async () => {
    const service = createService({
      name: 'things',
      usesDatabase: false,
      routes(router) {
        router.get('/api/things/:id', (req, res) => {
          res.json({ data: { id: req.params.id } });
        });
        router.delete('/api/things/:id', () => {
          throw HttpError.forbidden();
        });
      },
    });
    listening = await service.listen(0, '127.0.0.1');
    base = `http://127.0.0.1:${listening.port}`;
  });
  afterAll(() => listening.close());

  it('counts and times requests by method, route pattern and status, never by raw path', async () => {
    const ids = ['6651f0c2a1b2c3d4e5f60718', 'raw-id-that-must-not-show', 'x%20y'];
    for (const id of ids) expect((await fetch(`${base}/api/things/${id}`)).status).toBe(200);
    expect((await fetch(`${base}/api/things/${ids[0]}`, { method: 'DELETE' })).status).toBe(403);
    expect((await fetch(`${base}/no/such/${ids[1]}`)).status).toBe(404);

    const res = await fetch(`${base}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain('/no/such');
    expect(samples(text, 'http_requests_total')).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^http_requests_total\{method="GET",route="\/api\/things\/:id",status="200",service="things"\} [3-9]/),
        expect.stringMatching(/^http_requests_total\{method="DELETE",route="\/api\/things\/:id",status="403",service="things"\} 1/),
        expect.stringMatching(/^http_requests_total\{method="GET",route="unmatched",status="404",service="things"\} 1/),
      ]),
    );
    const buckets = samples(text, 'http_request_duration_seconds_bucket').filter((l) => l.includes('route="/api/things/:id"') && l.includes('status="200"'));
    expect(buckets.length).toBeGreaterThan(5);
    expect(buckets.find((l) => l.includes('le="+Inf"'))).toMatch(/ [3-9]$/);
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('includes the process metrics: event loop lag, memory, GC', async () => {
    const text = await (await fetch(`${base}/metrics`)).text();
    for (const name of ['nodejs_eventloop_lag_seconds', 'process_resident_memory_bytes', 'nodejs_heap_size_used_bytes', 'nodejs_gc_duration_seconds']) {
      expect(text).toContain(`# TYPE ${name}`);
    }
  });

  it('counts mails sent and failed, by transport', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'metrics-mail-'));
    try {
      const mailer = createMailer({ dataDir: dir, from: 'x <x@example.org>' });
      await mailer.send({ to: 'a@example.org', subject: 's', text: 't', html: '<p>t</p>' });
      // Its outbox directory cannot be made: the data directory is a file.
      writeFileSync(join(dir, 'file-not-dir'), 'x');
      const broken = createMailer({ dataDir: join(dir, 'file-not-dir'), from: 'x <x@example.org>' });
      await expect(broken.send({ to: 'a@example.org', subject: 's', text: 't', html: '<p>t</p>' })).rejects.toThrow();
      const text = await (await fetch(`${base}/metrics`)).text();
      expect(text).toMatch(/mails_total\{transport="outbox",outcome="sent",service="things"\} [1-9]/);
      expect(text).toMatch(/mails_total\{transport="outbox",outcome="failed",service="things"\} [1-9]/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('METRICS_PORT', () => {
  it('moves the metrics to their own listener: the service port no longer answers them', async () => {
    const service = createService({ name: 'moved', usesDatabase: false, config: { metricsPort: 0 }, routes: () => undefined });
    const main = await service.listen(0, '127.0.0.1');
    const metrics = await listenMetrics(0, '127.0.0.1');
    try {
      const onMain = await fetch(`http://127.0.0.1:${main.port}/metrics`);
      expect(onMain.status).toBe(404);
      expect((await onMain.json()).error.code).toBe('not_found');
      const own = await fetch(`http://127.0.0.1:${metrics.port}/metrics`);
      expect(own.status).toBe(200);
      expect(await own.text()).toContain('# TYPE http_requests_total counter');
      expect((await fetch(`http://127.0.0.1:${metrics.port}/other`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { method: 'POST' })).status).toBe(405);
    } finally {
      await Promise.all([main.close(), metrics.close()]);
    }
  });

  it('refuses the callers `allow` rejects with a 404', async () => {
    const metrics = await listenMetrics(0, '127.0.0.1', { allow: (req) => req.headers['x-test-allow'] === 'yes' });
    try {
      expect((await fetch(`http://127.0.0.1:${metrics.port}/metrics`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${metrics.port}/metrics`, { headers: { 'x-test-allow': 'yes' } })).status).toBe(200);
    } finally {
      await metrics.close();
    }
  });
});
