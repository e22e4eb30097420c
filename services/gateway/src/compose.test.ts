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
});
