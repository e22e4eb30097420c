// A reset share link through the real gateway (its shared cache of anonymous reads is on, with a
// long s-maxage) and the real auth and lists apps (port 0, one process, one test database): the
// old link stops working at once, it is never answered from the gateway's memory afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startTestDatabase, type Listening, type TestDatabase } from '@wishlist/service-kit';
import { authConfig } from '@wishlist/auth-service/src/config';
import { createAuthService, type AuthService } from '@wishlist/auth-service/src/http/app';
import { listsConfig } from '@wishlist/lists-service/src/config';
import { createListsService } from '@wishlist/lists-service/src/http/app';
import { createGateway } from './app';
import { gatewayConfig } from './config';

jest.setTimeout(60_000);

let db: TestDatabase;
let dataDir: string;
let auth: AuthService;
let servers: Listening[] = [];
let base: string;

beforeAll(async () => {
  db = await startTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'gateway-share-links-'));
  const common = { NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: 'http://wishlist.example' } as const;
  const lists = await createListsService(listsConfig.load({ ...common, PUBLIC_LIST_SHARED_MAX_AGE_S: '60' })).listen(0, '127.0.0.1');
  const closed = await createListsService(listsConfig.load(common)).listen(0, '127.0.0.1');
  await closed.close(); // a port nothing listens on: no offers service here
  auth = createAuthService(authConfig.load({ ...common, ERASURE_TARGETS: `lists=http://127.0.0.1:${lists.port},offers=http://127.0.0.1:${closed.port}` }));
  const authListening = await auth.listen(0, '127.0.0.1');
  const gateway = await createGateway(
    gatewayConfig.load({
      ...common,
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

async function call(method: 'get' | 'post' | 'put', path: string, options: { bearer?: string; body?: object } = {}) {
  let req = request(base)[method](path).set('accept', 'application/json');
  if (options.bearer) req = req.set('authorization', `Bearer ${options.bearer}`);
  const res = options.body === undefined ? await req : await req.send(options.body);
  return { status: res.status, headers: res.headers, body: res.text ? JSON.parse(res.text) : undefined };
}

async function signIn(email: string, tokenName: string): Promise<string> {
  const created = await call('post', '/api/tokens', { body: { email, tokenName } });
  expect(created.status).toBe(201);
  const mails = (await call('get', '/dev/mails')).body as { to: string; text: string }[];
  const mail = mails.find((m) => m.to === email && m.text.includes(`/validate-email/${tokenName}/`))!;
  const code = new RegExp(`/validate-email/${tokenName}/([A-Za-z0-9_-]+)`).exec(mail.text)![1];
  expect((await call('put', '/api/tokens', { body: { tokenName, validationCode: code } })).status).toBe(200);
  return created.body.token as string;
}

it('a reset link answers 404 at once through the gateway, never from its cache; the new one works', async () => {
  const bearer = await signIn('sharer@example.com', 'share-links-owner');
  const created = await call('post', '/api/product-lists', { bearer, body: { name: 'Birthday' } });
  expect(created.status).toBe(201);
  const oldId = created.body.data.id as string;
  // The anonymous read is stored by the gateway (s-maxage=60): the second one comes from memory.
  const first = await call('get', `/api/product-lists/${oldId}`);
  expect(first.status).toBe(200);
  expect(first.headers['cache-control']).toContain('s-maxage=60');
  const cached = await call('get', `/api/product-lists/${oldId}`);
  expect(cached.status).toBe(200);
  expect(cached.headers.age).toBeDefined();

  const reset = await call('post', `/api/product-lists/${oldId}/share-link`, { bearer });
  expect(reset.status).toBe(200);
  const newId = reset.body.data.id as string;
  expect(newId).not.toBe(oldId);

  const old = await call('get', `/api/product-lists/${oldId}`);
  expect(old.status).toBe(404);
  expect(old.headers.age).toBeUndefined();
  expect(old.body.error.code).toBe('list_not_found');
  const fresh = await call('get', `/api/product-lists/${newId}`);
  expect(fresh.status).toBe(200);
  expect(fresh.body.data).toMatchObject({ id: newId, name: 'Birthday', isOwner: false });
  // Someone else cannot reset it.
  const other = await signIn('other@example.com', 'share-links-other');
  expect((await call('post', `/api/product-lists/${newId}/share-link`, { bearer: other })).status).toBe(403);
  expect((await call('get', `/api/product-lists/${newId}`)).status).toBe(200);
});
