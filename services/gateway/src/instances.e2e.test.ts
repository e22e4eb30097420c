// Two REAL instances of each service (auth, lists, offers apps, port 0, one process,
// one identity secret, one test database) behind one gateway. The journeys pass, a rate limit
// holds across both instances (counters in the database), and killing one instance fails nothing
// but the requests in flight on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestDatabase, type Listening, type TestDatabase } from '@wishlist/service-kit';
import { authConfig } from '@wishlist/auth-service/src/config';
import { createAuthService, type AuthService } from '@wishlist/auth-service/src/http/app';
import { listsConfig } from '@wishlist/lists-service/src/config';
import { createListsService } from '@wishlist/lists-service/src/http/app';
import { offersConfig } from '@wishlist/offers-service/src/config';
import { createOffersService, type OffersService } from '@wishlist/offers-service/src/http/app';
import { createGateway } from './app';
import { gatewayConfig } from './config';

jest.setTimeout(60_000);

const PUBLIC_URL = 'http://wishlist.example';
const SIGNIN_LIMIT = 6;

/** A listening instance, with the requests it is answering right now and how many it answered. */
interface Instance {
  name: string;
  listening: Listening;
  url: string;
  served: number;
  active: number;
}

let db: TestDatabase;
let dataDir: string;
let gateway: Listening;
const stoppers: { stop(): Promise<void> }[] = [];
const instances: Record<'auth' | 'lists' | 'offers', Instance[]> = { auth: [], lists: [], offers: [] };

function track(name: string, listening: Listening): Instance {
  const instance: Instance = { name, listening, url: `http://127.0.0.1:${listening.port}`, served: 0, active: 0 };
  (listening.server as Server).on('request', (_req, res) => {
    instance.active++;
    res.once('close', () => {
      instance.active--;
      instance.served++;
    });
  });
  return instance;
}

/** A crash, as far as the network can tell: every connection cut, the port refuses from now on. */
function kill(instance: Instance): Promise<void> {
  return new Promise((resolve) => {
    instance.listening.server.close(() => resolve());
    instance.listening.server.closeAllConnections();
  });
}

beforeAll(async () => {
  db = await startTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'gateway-instances-'));
  const common = { NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL } as const;
  // Ports first: auth and offers name each other (erasure, users).
  for (const name of ['lists-a', 'lists-b']) instances.lists.push(track(name, await createListsService(listsConfig.load(common)).listen(0, '127.0.0.1')));
  const slot = async () => {
    const s = await createListsService(listsConfig.load(common)).listen(0, '127.0.0.1');
    await s.close();
    return s.port;
  };
  const offersPorts = [await slot(), await slot()];
  const listsA = instances.lists[0].url;
  for (const name of ['auth-a', 'auth-b']) {
    const auth: AuthService = createAuthService(
      authConfig.load({
        ...common,
        ERASURE_TARGETS: `lists=${listsA},offers=http://127.0.0.1:${offersPorts[0]}`,
        SIGNIN_RATE_PER_CLIENT: String(SIGNIN_LIMIT),
        SIGNIN_RATE_PER_ADDRESS: '1000',
      }),
    );
    stoppers.push(auth);
    instances.auth.push(track(name, await auth.listen(0, '127.0.0.1')));
  }
  for (const [i, name] of ['offers-a', 'offers-b'].entries()) {
    const offers: OffersService = createOffersService(
      offersConfig.load({ ...common, LISTS_URL: listsA, AUTH_URL: instances.auth[0].url, OFFERING_RATE_PER_CLIENT: '1000' }),
    );
    stoppers.push(offers);
    instances.offers.push(track(name, await offers.listen(offersPorts[i], '127.0.0.1')));
  }
  const urls = (s: keyof typeof instances) => instances[s].map((x) => x.url).join(',');
  gateway = await createGateway(
    gatewayConfig.load({
      ...common,
      AUTH_URL: urls('auth'),
      LISTS_URL: urls('lists'),
      OFFERS_URL: urls('offers'),
      SHELL_DIST: join(dataDir, 'none'),
      REMOTE_CONTENT_DIST: join(dataDir, 'none'),
      REMOTE_AUTH_DIST: join(dataDir, 'none'),
      REMOTE_LISTS_DIST: join(dataDir, 'none'),
      REMOTE_BASKET_OFFER_DIST: join(dataDir, 'none'),
    }),
    { shout: () => undefined },
  ).listen(0, '127.0.0.1');
});

afterAll(async () => {
  agents.forEach((a) => a.destroy());
  await gateway.close(0);
  for (const s of stoppers) await s.stop();
  for (const list of Object.values(instances)) for (const i of list) await i.listening.close(0);
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const agents = new Map<string, Agent>();
/** A request to the gateway from `from` (a loopback address: each is another client). */
function call(
  method: string,
  path: string,
  options: { bearer?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of many shapes, read by each test
): Promise<{ status: number; body: any }> {
  const from = options.from ?? '127.0.0.1';
  let agent = agents.get(from);
  if (!agent) agents.set(from, (agent = new Agent({ keepAlive: true, maxSockets: 20, localAddress: from })));
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port: gateway.port, method, path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
      });
    });
    req.on('error', () => resolve({ status: 0, body: undefined }));
    req.end(body);
  });
}

let tokenCounter = 1_700_000_000_000;
async function signIn(email: string) {
  const tokenName = `t${(tokenCounter += 1)}`;
  const created = await call('POST', '/api/tokens', { body: { email, tokenName } });
  expect(created.status).toBe(201);
  const mails = (await call('GET', '/dev/mails')).body as { to: string; text: string }[];
  const mail = mails.find((m) => m.to === email && m.text.includes(`/validate-email/${tokenName}/`))!;
  const code = new RegExp(`/validate-email/${tokenName}/([A-Za-z0-9_-]+)`).exec(mail.text)![1];
  expect((await call('PUT', '/api/tokens', { body: { tokenName, validationCode: code } })).status).toBe(200);
  return created.body.token as string;
}

let owner: { bearer: string; listId: string; productId: string };

it('runs the journeys over two instances of each service', async () => {
  const bearer = await signIn('owner@example.com');
  const lists = await call('GET', '/api/product-lists', { bearer });
  expect(lists.status).toBe(200);
  const created = await call('POST', '/api/product-lists', { bearer, body: { name: 'Birthday' } });
  expect(created.status).toBe(201);
  const listId = created.body.data.id as string;
  const product = await call('POST', '/api/products-in-lists', {
    bearer,
    body: { name: 'Scarf', image: 'https://shop.example/a.jpg', price: 1999, url: 'https://www.shop.example/p/1', productListId: listId },
  });
  expect(product.status).toBe(201);
  owner = { bearer, listId, productId: product.body.data.id };
  // Anyone with the link reads it (whichever instance answers).
  for (let i = 0; i < 4; i++) {
    const shared = await call('GET', `/api/product-lists/${listId}`, { from: '127.0.0.90', headers: { 'cache-control': 'no-cache' } });
    expect(shared.status).toBe(200);
    expect(shared.body.data.products.map((p: { name: string }) => p.name)).toEqual(['Scarf']);
  }
  // A visitor offers it; the owner reads the offer.
  const offered = await call('POST', '/api/offerings', {
    from: '127.0.0.90',
    body: { isExpectingAddress: false, products: [owner.productId], offererEmail: 'giver@example.com', offererIdentity: 'Grandma', offererMessage: 'Love' },
  });
  expect(offered.status).toBe(201);
  // The giver confirms their address from the verification mail; then the owner reads the offer.
  const offeringId = offered.body.data.id as string;
  expect((await call('GET', `/api/offerings/${offeringId}`, { bearer })).status).toBe(404);
  const outbox = (await call('GET', '/dev/mails')).body as { to: string; text: string }[];
  const code = new RegExp(`/offer-confirmation/${offeringId}#code=([A-Za-z0-9_-]+)`).exec(outbox.find((m) => m.to === 'giver@example.com')!.text)![1];
  expect((await call('POST', `/api/offerings/${offeringId}/confirmation`, { from: '127.0.0.90', body: { code } })).status).toBe(200);
  expect((await call('GET', `/api/offerings/${offeringId}`, { bearer })).status).toBe(200);
  // Every instance took a share.
  for (const list of Object.values(instances)) for (const i of list) expect(i.served).toBeGreaterThan(0);
});

it('holds a rate limit across both instances, whatever X-Forwarded-For says', async () => {
  const before = instances.auth.map((i) => i.served);
  const statuses: number[] = [];
  for (let i = 0; i < 2 * SIGNIN_LIMIT; i++) {
    const res = await call('POST', '/api/tokens', {
      from: '127.0.0.61',
      headers: { 'x-forwarded-for': `198.51.100.${i}`, 'x-real-ip': `203.0.113.${i}` },
      body: { email: `flood${i}@example.com`, tokenName: `t${(tokenCounter += 1)}` },
    });
    statuses.push(res.status);
  }
  const perInstance = instances.auth.map((x, k) => x.served - before[k]);
  console.log(`sign-in flood over 2 auth instances (${perInstance.join(' + ')} requests), rotating X-Forwarded-For: ${statuses.filter((s) => s === 201).length} accepted, ${statuses.filter((s) => s === 429).length} refused at the limit of ${SIGNIN_LIMIT}`);
  expect(perInstance).toEqual([SIGNIN_LIMIT, SIGNIN_LIMIT]); // both instances answered
  expect(statuses.filter((s) => s === 201)).toHaveLength(SIGNIN_LIMIT);
  expect(statuses.filter((s) => s === 429)).toHaveLength(SIGNIN_LIMIT);
  // Another client address has its own limit.
  const other = await call('POST', '/api/tokens', { from: '127.0.0.62', body: { email: 'other@example.com', tokenName: `t${(tokenCounter += 1)}` } });
  expect(other.status).toBe(201);
});

it('fails nothing but in-flight requests when an instance of each service is killed mid-run', async () => {
  const { bearer, listId } = owner;
  const results: { status: number; start: number; at: number }[] = [];
  const killedAt: number[] = [];
  let running = true;
  const worker = async (k: number) => {
    for (let n = 0; running; n++) {
      const start = Date.now();
      const kind = (k + n) % 4;
      const res =
        kind === 0
          ? await call('GET', `/api/product-lists/${listId}`, { bearer })
          : kind === 1
            ? await call('GET', `/api/product-lists/${listId}`, { from: '127.0.0.91', headers: { 'cache-control': 'no-cache' } })
            : kind === 2
              ? await call('PATCH', `/api/product-lists/${listId}`, { bearer, body: { name: `Birthday ${n}` } })
              : await call('GET', '/api/favorites', { bearer });
      results.push({ status: res.status, start, at: Date.now() });
    }
  };
  const workers = Array.from({ length: 6 }, (_, k) => worker(k));
  // Counted in requests, not in time: a loaded machine answers fewer per second.
  const until = async (done: () => boolean) => {
    for (let i = 0; i < 600 && !done(); i++) await new Promise((r) => setTimeout(r, 50));
  };
  await until(() => results.length >= 30);
  const victims = [instances.lists[1], instances.auth[1]];
  const inFlightAtKill = victims.reduce((n, v) => n + v.active, 0);
  killedAt.push(Date.now());
  await Promise.all(victims.map(kill));
  // Sent once the instances were gone (a request in flight at the kill may end much later).
  const sentAfter = () => results.filter((r) => r.start > killedAt[0]);
  await until(() => sentAfter().length >= 30);
  running = false;
  await Promise.all(workers);
  const failed = results.filter((r) => r.status !== 200);
  const afterKill = sentAfter();
  console.log(
    `killed lists-b and auth-b with ${inFlightAtKill} requests in flight on them: ${results.length} requests, ${failed.length} failed (${failed.map((f) => f.status).join(',') || 'none'}), ${afterKill.filter((r) => r.status === 200).length}/${afterKill.length} served after`,
  );
  expect(results.length).toBeGreaterThan(50);
  // Only requests already on their way when the instances died may fail (the gateway's side of
  // "in flight" includes requests sent but not yet read by the service, which `active` misses).
  expect(failed.every((f) => f.start <= killedAt[0] && f.at >= killedAt[0])).toBe(true);
  expect(failed.length).toBeLessThanOrEqual(6); // at most one per client worker
  expect(failed.every((f) => f.status === 503)).toBe(true);
  expect(afterKill.every((r) => r.status === 200)).toBe(true);
  expect(afterKill.length).toBeGreaterThan(20);
});
