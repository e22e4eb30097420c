// A gateway whose IDENTITY_SECRET differs from the services' is not ready, and says why; with the
// same secret it is. The gateway runs as ops run it (its main.ts in its own process, production
// settings); the services are the real auth, lists and offers apps on port 0 with their own key.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import express from 'express';
import {
  createLogger,
  errorHandler,
  IDENTITY_CHECK_PATH,
  identityCheckHandlers,
  READINESS_PATH,
  startTestDatabase,
  type Listening,
  type TestDatabase,
} from '@wishlist/service-kit';
import { freePort, waitForHealth, type StandaloneProcess } from '@wishlist/service-kit/src/testing/standalone';
import { authConfig } from '@wishlist/auth-service/src/config';
import { createAuthService, type AuthService } from '@wishlist/auth-service/src/http/app';
import { listsConfig } from '@wishlist/lists-service/src/config';
import { createListsService } from '@wishlist/lists-service/src/http/app';
import { offersConfig } from '@wishlist/offers-service/src/config';
import { createOffersService, type OffersService } from '@wishlist/offers-service/src/http/app';

jest.setTimeout(90_000);

const REPO_ROOT = resolve(__dirname, '../../..');
const SERVICES_SECRET = 'services-key-'.padEnd(48, 's');
const OTHER_SECRET = 'another-key-'.padEnd(48, 'o');

let db: TestDatabase;
let dataDir: string;
let savedSecret: string | undefined;
const listening: Listening[] = [];
let auth: AuthService;
let offers: OffersService;
const urls: Record<'auth' | 'lists' | 'offers', string> = { auth: '', lists: '', offers: '' };

beforeAll(async () => {
  // The services in this process sign and verify with this key.
  savedSecret = process.env.IDENTITY_SECRET;
  process.env.IDENTITY_SECRET = SERVICES_SECRET;
  db = await startTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'identity-readiness-'));
  const common = { NODE_ENV: 'test', DATA_DIR: dataDir } as const;
  const lists = await createListsService(listsConfig.load(common)).listen(0, '127.0.0.1');
  auth = createAuthService(authConfig.load(common));
  offers = createOffersService(offersConfig.load(common));
  const a = await auth.listen(0, '127.0.0.1');
  const o = await offers.listen(0, '127.0.0.1');
  listening.push(lists, a, o);
  urls.lists = `http://127.0.0.1:${lists.port}`;
  urls.auth = `http://127.0.0.1:${a.port}`;
  urls.offers = `http://127.0.0.1:${o.port}`;
});

afterAll(async () => {
  await Promise.all(listening.map((l) => l.close(1000)));
  await auth?.stop();
  await offers?.stop();
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (savedSecret === undefined) delete process.env.IDENTITY_SECRET;
  else process.env.IDENTITY_SECRET = savedSecret;
});

/** `node --import tsx services/gateway/src/main.ts` with production settings and this key. */
async function startGateway(secret: string, lists = urls.lists): Promise<StandaloneProcess & { url: string }> {
  const port = await freePort();
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      IDENTITY_SECRET: secret,
      AUTH_URL: urls.auth,
      LISTS_URL: lists,
      OFFERS_URL: urls.offers,
      DATA_DIR: dataDir,
      FIRST_VIEW_SNAPSHOTS: 'false',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const p = { output: () => out, exited, stop: () => (child.kill('SIGTERM'), exited), url: `http://127.0.0.1:${port}` };
  await waitForHealth(`${p.url}/health`, p);
  return p;
}

async function readiness(url: string): Promise<{ status: number; body: { data: Record<string, unknown> } }> {
  const res = await fetch(`${url}/health/ready`);
  return { status: res.status, body: (await res.json()) as { data: Record<string, unknown> } };
}

/** Asks until the answer has the expected status (the gateway reuses a probe's answer for 1 s). */
async function readinessUntil(url: string, status: number): Promise<{ status: number; body: { data: Record<string, unknown> } }> {
  for (let i = 0; ; i++) {
    const r = await readiness(url);
    if (r.status === status || i >= 50) return r;
    await new Promise((done) => setTimeout(done, 200));
  }
}

const warnings = (out: string, service: string) => out.split('\n').filter((l) => l.includes(`identity secret differs from the ${service} service at`)).length;

describe('gateway readiness and the identity secret', () => {
  it('is not ready with another secret than the services, naming each service, and says it once in its log', async () => {
    const gateway = await startGateway(OTHER_SECRET);
    try {
      const r = await readinessUntil(gateway.url, 503);
      expect(r.status).toBe(503);
      expect(r.body.data).toEqual({
        service: 'gateway',
        ready: false,
        reason: expect.stringContaining('identity secret differs from the lists service'),
        reasons: ['identity secret differs from the auth service', 'identity secret differs from the lists service', 'identity secret differs from the offers service'],
      });
      // Alive all the same (liveness is not readiness), and the secret itself is never shown.
      expect((await fetch(`${gateway.url}/health`)).status).toBe(200);
      expect(JSON.stringify(r.body)).not.toContain(OTHER_SECRET.slice(0, 12));
      // Probed again and again: one warning per instance, not one per probe.
      for (let i = 0; i < 4; i++) {
        await readiness(gateway.url);
        await new Promise((done) => setTimeout(done, 300));
      }
      expect(warnings(gateway.output(), 'lists')).toBe(1);
      expect(gateway.output()).not.toContain(OTHER_SECRET);
      expect(gateway.output()).not.toContain(SERVICES_SECRET);
    } finally {
      expect(await gateway.stop()).toBe(0);
    }
  });

  it('is ready with the same secret as the services', async () => {
    const gateway = await startGateway(SERVICES_SECRET);
    try {
      const r = await readinessUntil(gateway.url, 200);
      expect(r).toEqual({ status: 200, body: { data: { service: 'gateway', ready: true } } });
      expect(warnings(gateway.output(), 'lists')).toBe(0);
    } finally {
      expect(await gateway.stop()).toBe(0);
    }
  });

  it('stays ready when one copy of a service refuses its secret while another accepts it, and logs that copy', async () => {
    // A lists copy started with another key: the kit's check with that key, beside a ready probe.
    const app = express();
    app.get(READINESS_PATH, (_req, res) => void res.json({ data: { service: 'lists', ready: true } }));
    app.get(IDENTITY_CHECK_PATH, ...identityCheckHandlers('lists', { secret: OTHER_SECRET }));
    app.use(errorHandler(createLogger({ name: 'stand-in', level: 'silent' })));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const strayUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const gateway = await startGateway(SERVICES_SECRET, `${urls.lists},${strayUrl}`);
    try {
      const r = await readinessUntil(gateway.url, 200);
      expect(r.status).toBe(200);
      for (let i = 0; i < 20 && warnings(gateway.output(), 'lists') === 0; i++) await new Promise((done) => setTimeout(done, 200));
      expect(gateway.output()).toContain(`identity secret differs from the lists service at ${strayUrl}`);
    } finally {
      expect(await gateway.stop()).toBe(0);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
  });
});
