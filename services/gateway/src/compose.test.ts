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
  container_name?: string;
  restart?: string;
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

  (hasBinary ? it : it.skip)('is valid with the replica-set profile too', () => {
    const r = spawnSync('docker-compose', ['-f', file, '--profile', 'replica-set', 'config', '-q'], {
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
    // The balancer holds the published port; the gateways have none, so they can be scaled.
    expect(services.balancer.ports).toEqual(['${PORT:-8080}:8080']);
    for (const box of boxes) expect(services[box].ports).toBeUndefined();
    const backends = Object.keys(services).filter((s) => services[s].build && s !== 'gateway');
    expect(Object.keys(services.gateway.depends_on ?? {})).toEqual(expect.arrayContaining(backends));
  });

  describe('the balancer in front of the gateways (docker compose up --scale gateway=N)', () => {
    const haproxyCfg = join(REPO_ROOT, 'deploy/compose/haproxy.cfg');
    const cfg = readFileSync(haproxyCfg, 'utf8');

    it('runs HAProxy on a pinned image with its configuration from the repository', () => {
      expect(services.balancer.image).toMatch(/^haproxy:\d+\.\d+[\w.-]*$/);
      expect(services.balancer.volumes).toEqual(['./deploy/compose/haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro']);
      expect(services.balancer.depends_on?.gateway.condition).toBe('service_healthy');
      expect(services.balancer.healthcheck?.test.join(' ')).toContain('/balancer/health');
      expect(services.gateway.container_name).toBeUndefined();
    });

    it('finds every gateway container through Docker DNS, and sends requests only to ready ones', () => {
      expect(cfg).toMatch(/^\s*nameserver \w+ 127\.0\.0\.11:53$/m);
      expect(cfg).toMatch(/^\s*server-template gateway \d+ gateway:8080$/m);
      expect(cfg).toMatch(/^\s*default-server .*\bcheck resolvers docker\b/m);
      expect(cfg).toMatch(/^\s*http-check send meth GET uri \/health\/ready$/m);
      expect(cfg).toMatch(/^\s*bind :8080$/m);
      // A request is retried on another gateway only when it was never sent.
      expect(cfg).toMatch(/^\s*retry-on conn-failure$/m);
    });

    it('is one proxy hop, and the gateways trust exactly one', () => {
      expect(cfg.match(/^\s*option forwardfor\b/gm)).toHaveLength(1);
      expect(services.gateway.environment?.TRUST_PROXY).toBe('1');
      // The balancer's checks are 1 s apart, 2 failures take a gateway out: it drains longer.
      expect(Number(services.gateway.environment?.SHUTDOWN_DELAY_MS)).toBeGreaterThanOrEqual(2000);
    });

    const haproxy = spawnSync('haproxy', ['-v'], { encoding: 'utf8' });
    (haproxy.status === 0 ? it : it.skip)('is a configuration HAProxy accepts (haproxy -c)', () => {
      const r = spawnSync('haproxy', ['-c', '-f', haproxyCfg], { encoding: 'utf8' });
      expect(r.stdout + r.stderr).toMatch(/Configuration file is valid/);
      expect(r.status).toBe(0);
    });
  });

  describe('replica-set profile', () => {
    const members = ['mongo', 'mongo-2', 'mongo-3'];

    it('runs MongoDB as three members of rs0, the two extra ones only with --profile replica-set', () => {
      for (const name of members) {
        expect(services[name].image).toBe('mongo:8');
        expect(services[name].command).toEqual(['mongod', '--replSet', 'rs0', '--bind_ip_all']);
        expect(services[name].healthcheck).toBeDefined();
      }
      expect(services.mongo.profiles).toBeUndefined();
      for (const name of ['mongo-2', 'mongo-3', 'mongo-rs-init']) expect(services[name].profiles).toEqual(['replica-set']);
      // Each member keeps its own data.
      const volumes = members.map((m) => services[m].volumes?.[0].split(':')[0]);
      expect(new Set(volumes).size).toBe(3);
      // The first member reports healthy as a secondary too (the primary may move to another).
      expect(services.mongo.healthcheck?.test.join(' ')).toMatch(/isWritablePrimary \|\| h\.secondary/);
    });

    it('makes the set with a one-shot container once every member is up', () => {
      const init = services['mongo-rs-init'];
      expect(init.image).toBe('mongo:8');
      expect(init.restart).toBe('no');
      for (const name of members) expect(init.depends_on?.[name]?.condition).toBe('service_healthy');
      const [source, target] = init.volumes![0].split(':');
      expect(init.command).toEqual(expect.arrayContaining(['mongosh', '--file', target]));
      const script = readFileSync(join(REPO_ROOT, source), 'utf8');
      expect(script).toMatch(/rs\.initiate\(/);
      expect(script).toMatch(/rs\.add\(/);
      for (const name of members) expect(script).toContain(`'${name}:27017'`);
      // mongosh runs it: it must at least be JavaScript.
      expect(() => new Function(script)).not.toThrow();
    });
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
