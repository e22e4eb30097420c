// The whole sign-in journey through the real gateway, auth and lists apps (port 0, one process,
// one identity secret), with mails read from the local outbox at GET /dev/mails.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import request from 'supertest';
import { clientSpoofAttempts, RATE_LIMIT_COLLECTION, startTestDatabase, type Listening, type TestDatabase } from '@wishlist/service-kit';
import { createGateway } from '@wishlist/gateway/src/app';
import { gatewayConfig } from '@wishlist/gateway/src/config';
import { createListsService } from '@wishlist/lists-service/src/http/app';
import { listsConfig } from '@wishlist/lists-service/src/config';
import { authConfig } from './config';
import { createAuthService, type AuthService } from './http/app';

let db: TestDatabase;
let dataDir: string;
let auth: AuthService;
let servers: Listening[] = [];
let base: string;

beforeAll(async () => {
  db = await startTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'auth-e2e-'));
  const lists = await createListsService(listsConfig.load({ NODE_ENV: 'test' })).listen(0, '127.0.0.1');
  const closed = await createListsService(listsConfig.load({ NODE_ENV: 'test' })).listen(0, '127.0.0.1');
  await closed.close(); // a port nothing listens on: the offers service is not written yet
  auth = createAuthService(
    authConfig.load({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PUBLIC_URL: 'http://wishlist.example',
      ERASURE_TARGETS: `lists=http://127.0.0.1:${lists.port},offers=http://127.0.0.1:${closed.port}`,
    }),
  );
  const authListening = await auth.listen(0, '127.0.0.1');
  const gateway = await createGateway(
    gatewayConfig.load({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      AUTH_URL: `http://127.0.0.1:${authListening.port}`,
      LISTS_URL: `http://127.0.0.1:${lists.port}`,
      OFFERS_URL: `http://127.0.0.1:${closed.port}`,
      SHELL_DIST: join(dataDir, 'none'),
      REMOTE_CONTENT_DIST: join(dataDir, 'none'),
      REMOTE_AUTH_DIST: join(dataDir, 'none'),
      REMOTE_LISTS_DIST: join(dataDir, 'none'),
      REMOTE_BASKET_OFFER_DIST: join(dataDir, 'none'),
    }),
  ).listen(0, '127.0.0.1');
  servers = [gateway, authListening, lists];
  base = `http://127.0.0.1:${gateway.port}`;
});

afterAll(async () => {
  await auth.stop();
  for (const s of servers) await s.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, options: { bearer?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  // supertest on the gateway's URL: plain HTTP requests, no keep-alive pool left behind.
  let req = request(base)[method.toLowerCase() as 'get' | 'post' | 'put' | 'delete'](path).set('accept', 'application/json');
  if (options.bearer) req = req.set('authorization', `Bearer ${options.bearer}`);
  for (const [k, v] of Object.entries(options.headers ?? {})) req = req.set(k, v);
  const res = options.body === undefined ? await req : await req.send(options.body as object);
  return { status: res.status, body: res.text ? JSON.parse(res.text) : undefined };
}

/** Sign-in as the app does it: POST, read the link from the outbox, PUT the code. */
async function signIn(email: string, tokenName: string, lang: 'en' | 'fr' = 'en') {
  const created = await call('POST', '/api/tokens', { body: { email, tokenName }, headers: { 'accept-language': lang } });
  expect(created.status).toBe(201);
  const bearer = created.body.token as string;
  expect(await call('GET', `/api/tokens/${tokenName}`, { bearer })).toEqual({ status: 200, body: { isValidated: false } });
  const mails = (await call('GET', '/dev/mails')).body as { to: string; subject: string; text: string }[];
  const mail = mails.find((m) => m.to === email && m.text.includes(`/validate-email/${tokenName}/`))!;
  const code = new RegExp(`http://wishlist\\.example/validate-email/${tokenName}/([A-Za-z0-9_-]+)`).exec(mail.text)![1];
  expect(await call('PUT', '/api/tokens', { body: { tokenName, validationCode: code } })).toEqual({ status: 200, body: { isValidated: true } });
  expect(await call('GET', `/api/tokens/${tokenName}`, { bearer })).toEqual({ status: 200, body: { isValidated: true } });
  return { bearer, mail };
}

/** Polls until `method path` answers `status`; returns how long it took. */
async function msUntil(status: number, method: string, path: string, bearer: string, limitMs = 4000): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < limitMs) {
    if ((await call(method, path, { bearer })).status === status) return Date.now() - start;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Infinity;
}

it('signs in, gets the default list, revokes, deletes the account, through the gateway', async () => {
  const email = 'journey@example.com';
  const phone = await signIn(email, 't1700000000001', 'fr');
  expect(phone.mail.subject).toBe('Votre lien de connexion Wishlist');

  const listsAnswer = await call('GET', '/api/product-lists', { bearer: phone.bearer });
  expect(listsAnswer.status).toBe(200);
  expect(listsAnswer.body).toEqual({ data: [{ id: expect.any(String), name: "Ma liste d’envies", isOwner: true, recipient: 'me', eventDate: null, archived: false, priceAlerts: true, productCount: 0, products: [] }] });
  const defaultListId = listsAnswer.body.data[0].id;

  // Nothing without a bearer, nor with a forged identity header, nor to /internal.
  expect((await call('GET', '/api/product-lists')).status).toBe(401);
  expect((await call('GET', '/api/product-lists', { headers: { 'x-wishlist-identity': 'forged' } })).status).toBe(401);
  expect((await call('POST', '/internal/introspect', { body: { token: phone.bearer } })).status).toBe(404);

  // A second device; then the first signs out: its bearer stops working within 2 s.
  const laptop = await signIn(email, 't1700000000002', 'fr');
  expect((await call('GET', '/api/product-lists', { bearer: laptop.bearer })).body.data[0].id).toBe(defaultListId);
  expect((await call('DELETE', '/api/tokens', { body: { token: phone.bearer }, bearer: phone.bearer })).status).toBe(204);
  expect(await msUntil(401, 'GET', '/api/product-lists', phone.bearer)).toBeLessThan(2500);
  expect((await call('GET', '/api/product-lists', { bearer: laptop.bearer })).status).toBe(200);

  // Account deletion: lists erased, every bearer refused within 2 s.
  const userId = String((await mongoose.connection.db!.collection('users').findOne({ email }))!._id);
  expect((await call('DELETE', '/api/accounts', { bearer: laptop.bearer })).status).toBe(204);
  expect(await mongoose.connection.db!.collection('productlists').countDocuments({ ownerId: userId })).toBe(0);
  // The lists service refuses the erased person at once; the gateway refuses the bearer within 2 s.
  expect((await call('GET', '/api/product-lists', { bearer: laptop.bearer })).status).toBe(401);
  expect(await msUntil(401, 'DELETE', '/api/accounts', laptop.bearer)).toBeLessThan(2500);

  // The same address again: a new account with a new default list.
  const again = await signIn(email, 't1700000000003', 'en');
  const fresh = await call('GET', '/api/product-lists', { bearer: again.bearer });
  expect(fresh.body.data).toEqual([{ id: expect.any(String), name: 'My wish list', isOwner: true, recipient: 'me', eventDate: null, archived: false, priceAlerts: true, productCount: 0, products: [] }]);
  expect(fresh.body.data[0].id).not.toBe(defaultListId);
});

it('answers malformed and wrong requests with 4xx JSON through the gateway', async () => {
  expect((await call('POST', '/api/tokens', { body: { email: 'nope', tokenName: 't1' } })).body).toEqual({ errors: { email: 'invalid-email' } });
  expect((await call('POST', '/api/tokens', { body: [] })).status).toBe(400);
  const wrong = await call('PUT', '/api/tokens', { body: { tokenName: 'tUnknown', validationCode: 'x'.repeat(43) } });
  expect(wrong.status).toBe(422);
  expect((await call('GET', '/api/tokens/tUnknown', { bearer: 'x'.repeat(43) })).status).toBe(401);
});

it('the link\'s page reads and refuses a request through the gateway, signed out, naming the asking device', async () => {
  const tokenName = 't1700000000009';
  const firefox = 'Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0';
  const created = await call('POST', '/api/tokens', { body: { email: 'asker@example.com', tokenName, timeZone: 'Europe/Paris' }, headers: { 'user-agent': firefox } });
  expect(created.status).toBe(201);
  const mails = (await call('GET', '/dev/mails')).body as { to: string; text: string }[];
  const code = new RegExp(`/validate-email/${tokenName}/([A-Za-z0-9_-]+)`).exec(mails.find((m) => m.to === 'asker@example.com')!.text)![1];
  const read = await call('POST', '/api/tokens/request', { body: { tokenName, validationCode: code } });
  expect(read.status).toBe(200);
  expect(read.body.data).toMatchObject({ device: { browser: 'Firefox', os: 'Android' }, timeZone: 'Europe/Paris', matchCode: created.body.matchCode, state: 'pending' });
  expect(await call('POST', '/api/tokens/refusal', { body: { tokenName, validationCode: code } })).toEqual({ status: 200, body: { data: { state: 'refused' } } });
  const polled = await call('GET', `/api/tokens/${tokenName}`, { bearer: created.body.token });
  expect(polled.status).toBe(410);
  expect(polled.body.error.code).toBe('token_refused');
  expect((await call('GET', '/api/product-lists', { bearer: created.body.token })).status).toBe(401);
});

it('through the gateway, rotating X-Forwarded-For and the like gives no fresh sign-in limit (30 of 40 accepted)', async () => {
  await mongoose.connection.db!.collection(RATE_LIMIT_COLLECTION).deleteMany({}); // this suite's earlier sign-ins
  const statuses: number[] = [];
  for (const [i, attempt] of (await clientSpoofAttempts(40)).entries()) {
    statuses.push((await call('POST', '/api/tokens', { body: { email: `flood${i}@example.com`, tokenName: `f${i}` }, headers: attempt.headers })).status);
  }
  expect(statuses.filter((s) => s === 201)).toHaveLength(30);
  expect(statuses.slice(30)).toEqual(Array(10).fill(429));
  // Another machine (here another loopback source address) still has its own limit: the gateway
  // tells auth who is calling, rather than every client sharing the gateway's address.
  expect(await signInFrom('127.0.0.2', 'other-machine@example.com')).toBe(201);
  expect(await signInFrom('127.0.0.1', 'same-machine@example.com')).toBe(429);
});

function signInFrom(localAddress: string, email: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ email, tokenName: `m${Date.now()}` });
    const req = httpRequest(`${base}/api/tokens`, { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}
