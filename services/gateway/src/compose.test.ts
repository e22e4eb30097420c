import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from './config';

interface ComposeService {
  image?: string;
  command?: string[];
  build?: { context: string; dockerfile: string; args?: Record<string, string> };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  ports?: string[];
  profiles?: string[];
  volumes?: string[];
}

const file = join(REPO_ROOT, 'docker-compose.yml');
const compose = parse(readFileSync(file, 'utf8'), { merge: true }) as { services: Record<string, ComposeService> };
const services = compose.services;
/**
 * Every runnable box under services/ (it has src/main.ts, like `npm start` decides) runs in its
 * own container, except the embedded engine (compose uses MongoDB).
 */
const boxes = readdirSync(join(REPO_ROOT, 'services')).filter(
  (d) => d !== 'embedded-mongo' && existsSync(join(REPO_ROOT, 'services', d, 'src/main.ts')),
);

describe('docker-compose.yml', () => {
  const dockerCompose = spawnSync('docker-compose', ['version'], { encoding: 'utf8' });
  const hasBinary = dockerCompose.status === 0;

  (hasBinary ? it : it.skip)('is valid for docker-compose (docker-compose config -q)', () => {
    const r = spawnSync('docker-compose', ['-f', file, 'config', '-q'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, IDENTITY_SECRET: 'x'.repeat(64) },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  (hasBinary ? it : it.skip)('is valid with the observability profile too', () => {
    const r = spawnSync('docker-compose', ['-f', file, '--profile', 'observability', 'config', '-q'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      env: { ...process.env, IDENTITY_SECRET: 'x'.repeat(64), OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318' },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
  });

  it('runs MongoDB 8 and a mail catcher with a web UI, both with health checks', () => {
    expect(services.mongo.image).toBe('mongo:8');
    // A single-node replica set (the services use transactions), healthy once it has a primary.
    expect(services.mongo.command).toEqual(expect.arrayContaining(['--replSet', 'rs0']));
    expect(services.mongo.healthcheck?.test.join(' ')).toMatch(/rs\.initiate[\s\S]*isWritablePrimary/);
    expect(services.mail.image).toMatch(/mailpit/);
    expect(services.mail.ports).toContain('8025:8025');
    expect(services.mail.healthcheck).toBeDefined();
  });

  it.each(boxes)('has a container, a Dockerfile and a health check for services/%s', (box) => {
    const s = services[box];
    expect(s).toBeDefined();
    expect(s.build?.dockerfile).toBe('services/Dockerfile');
    expect(s.build?.args?.SERVICE).toBe(box);
    expect(existsSync(join(REPO_ROOT, s.build!.context, s.build!.dockerfile))).toBe(true);
    expect(s.healthcheck?.test.join(' ')).toMatch(/\/health/);
    for (const dep of Object.values(s.depends_on ?? {})) expect(dep.condition).toBe('service_healthy');
  });

  it('declares a container for every service the design names', () => {
    for (const s of ['gateway', 'auth', 'lists']) expect(services[s]?.build?.args?.SERVICE).toBe(s);
  });

  it('configures every service per the config contract', () => {
    for (const box of Object.keys(services).filter((s) => services[s].build)) {
      const env = services[box].environment ?? {};
      // Mailpit unless SMTP_URL names a real server.
      expect(env.SMTP_URL).toMatch(/^(\$\{SMTP_URL:-smtp:\/\/mail:1025\}|smtp:\/\/mail:1025)$/);
      expect(env.IDENTITY_SECRET).toMatch(/^\$\{IDENTITY_SECRET/);
      expect(env.PORT).toMatch(/^\d+$/);
      if (box !== 'gateway') expect(env.MONGODB_URI).toMatch(/^mongodb:\/\/mongo:27017\/\?replicaSet=rs0$/);
    }
    expect(services.gateway.ports?.[0]).toMatch(/:8080$/);
    const backends = Object.keys(services).filter((s) => services[s].build && s !== 'gateway');
    expect(Object.keys(services.gateway.depends_on ?? {})).toEqual(expect.arrayContaining(backends));
  });

  describe('observability profile', () => {
    const observability = ['prometheus', 'grafana', 'otel-collector', 'jaeger'];

    it('runs Prometheus, Grafana, a collector and Jaeger only with --profile observability, on pinned images', () => {
      for (const name of observability) {
        expect(services[name]?.profiles).toEqual(['observability']);
        expect(services[name].image).toMatch(/:[\w.-]+$/);
        expect(services[name].image).not.toMatch(/:latest$/);
        // Their web UIs answer this machine only.
        for (const port of services[name].ports ?? []) expect(port).toMatch(/^127\.0\.0\.1:/);
      }
      for (const box of boxes) expect(services[box].profiles).toBeUndefined();
    });

    it('mounts configuration files that exist', () => {
      for (const name of observability) {
        for (const volume of services[name].volumes ?? []) {
          const source = volume.split(':')[0];
          if (source.startsWith('./')) expect(existsSync(join(REPO_ROOT, source))).toBe(true);
        }
      }
    });

    it('scrapes every box on its METRICS_PORT, which is never published', () => {
      const prometheus = parse(readFileSync(join(REPO_ROOT, 'observability/prometheus.yml'), 'utf8')) as {
        scrape_configs: { static_configs: { targets: string[] }[] }[];
      };
      const targets = prometheus.scrape_configs.flatMap((c) => c.static_configs.flatMap((s) => s.targets));
      for (const box of boxes) {
        const port = services[box].environment?.METRICS_PORT;
        expect(port).toMatch(/^\d+$/);
        expect(port).not.toBe(services[box].environment?.PORT);
        expect(targets).toContain(`${box}:${port}`);
        for (const published of services[box].ports ?? []) expect(published).not.toContain(port);
      }
    });

    it('exports traces only when OTEL_EXPORTER_OTLP_ENDPOINT is given, to the collector, which feeds Jaeger', () => {
      for (const box of boxes) expect(services[box].environment?.OTEL_EXPORTER_OTLP_ENDPOINT).toBe('${OTEL_EXPORTER_OTLP_ENDPOINT:-}');
      const collector = parse(readFileSync(join(REPO_ROOT, 'observability/otel-collector.yml'), 'utf8')) as {
        receivers: { otlp: { protocols: { http: { endpoint: string } } } };
        exporters: Record<string, { endpoint: string }>;
        service: { pipelines: { traces: { receivers: string[]; exporters: string[] } } };
      };
      expect(collector.receivers.otlp.protocols.http.endpoint).toMatch(/:4318$/);
      expect(collector.service.pipelines.traces.receivers).toContain('otlp');
      const exporter = collector.service.pipelines.traces.exporters[0];
      expect(collector.exporters[exporter].endpoint).toBe('jaeger:4317');
    });

    it('provisions Grafana with Prometheus and a dashboard whose every query names a metric the boxes serve', () => {
      const dashboard = JSON.parse(readFileSync(join(REPO_ROOT, 'observability/grafana/dashboards/wishlist.json'), 'utf8')) as {
        uid: string;
        panels: { title: string; targets: { expr: string }[] }[];
      };
      expect(dashboard.uid).toBe('wishlist-overview');
      expect(dashboard.panels.length).toBeGreaterThan(8);
      const served = /\b(http_requests_total|http_request_duration_seconds_bucket|gateway_upstream_(requests|failures)_total|internal_calls_total|mails_total|page_fetches_total|nodejs_\w+|process_\w+|embedded_engine_\w+)\b/;
      for (const panel of dashboard.panels) for (const t of panel.targets) expect({ panel: panel.title, ok: served.test(t.expr) }).toEqual({ panel: panel.title, ok: true });
      const datasources = readFileSync(join(REPO_ROOT, 'observability/grafana/provisioning/datasources/datasources.yml'), 'utf8');
      expect(datasources).toContain('http://prometheus:9090');
    });
  });
});
