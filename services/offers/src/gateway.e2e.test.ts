// The offer journey through the real gateway, auth, lists and offers apps (port 0, one process,
// one identity secret, one database server), with mails read from the local outbox at GET /dev/mails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mongoose from 'mongoose';
import { startTestDatabase, type Listening, type TestDatabase } from '@wishlist/service-kit';
import { createGateway } from '@wishlist/gateway/src/app';
import { gatewayConfig } from '@wishlist/gateway/src/config';
import { createListsService } from '@wishlist/lists-service/src/http/app';
import { listsConfig } from '@wishlist/lists-service/src/config';
import { createAuthService, type AuthService } from '@wishlist/auth-service/src/http/app';
import { authConfig } from '@wishlist/auth-service/src/config';
import { offersConfig } from './config';
import { createOffersService, type OffersService } from './http/app';

const PUBLIC_URL = 'http://wishlist.example';
let db: TestDatabase;
let dataDir: string;
let auth: AuthService;
let offers: OffersService;
let servers: Listening[] = [];
let base: string;

beforeAll(async () => {
  db = await startTestDatabase();
  dataDir = mkdtempSync(join(tmpdir(), 'offers-e2e-'));
  const common = { NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL } as const;
  const lists = await createListsService(listsConfig.load(common)).listen(0, '127.0.0.1');
  // Offers needs auth's URL and auth needs offers' (erasure): reserve offers' port first.
  const offersSlot = await createListsService(listsConfig.load(common)).listen(0, '127.0.0.1');
  const offersPort = offersSlot.port;
  await offersSlot.close();
  auth = createAuthService(
    authConfig.load({ ...common, ERASURE_TARGETS: `lists=http://127.0.0.1:${lists.port},offers=http://127.0.0.1:${offersPort}` }),
  );
  const authListening = await auth.listen(0, '127.0.0.1');
  offers = createOffersService(
    offersConfig.load({
      ...common,
      LISTS_URL: `http://127.0.0.1:${lists.port}`,
      AUTH_URL: `http://127.0.0.1:${authListening.port}`,
      OFFERING_RATE_PER_CLIENT: '1000',
    }),
  );
  const offersListening = await offers.listen(offersPort, '127.0.0.1');
  const gateway = await createGateway(
    gatewayConfig.load({
      ...common,
      AUTH_URL: `http://127.0.0.1:${authListening.port}`,
      LISTS_URL: `http://127.0.0.1:${lists.port}`,
      OFFERS_URL: `http://127.0.0.1:${offersPort}`,
      SHELL_DIST: join(dataDir, 'none'),
      REMOTE_CONTENT_DIST: join(dataDir, 'none'),
      REMOTE_AUTH_DIST: join(dataDir, 'none'),
      REMOTE_LISTS_DIST: join(dataDir, 'none'),
      REMOTE_BASKET_OFFER_DIST: join(dataDir, 'none'),
    }),
  ).listen(0, '127.0.0.1');
  servers = [gateway, offersListening, authListening, lists];
  base = `http://127.0.0.1:${gateway.port}`;
});

afterAll(async () => {
  await auth.stop();
  await offers.stop();
  for (const s of servers) await s.close();
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, path: string, options: { bearer?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}
const mails = async () => (await call('GET', '/dev/mails')).body as OutboxMail[];
const mailsTo = async (to: string) => (await mails()).filter((m) => m.to === to);

let tokenCounter = 1_700_000_000_000;
/** Sign-in as the app does it; returns the bearer and the person's default list. */
async function signIn(email: string, lang: 'en' | 'fr') {
  const tokenName = `t${(tokenCounter += 1)}`;
  const created = await call('POST', '/api/tokens', { body: { email, tokenName }, headers: { 'accept-language': lang } });
  expect(created.status).toBe(201);
  const mail = (await mailsTo(email)).find((m) => m.text.includes(`/validate-email/${tokenName}/`))!;
  const code = new RegExp(`/validate-email/${tokenName}/([A-Za-z0-9_-]+)`).exec(mail.text)![1];
  expect((await call('PUT', '/api/tokens', { body: { tokenName, validationCode: code } })).status).toBe(200);
  const bearer = created.body.token as string;
  const lists = await call('GET', '/api/product-lists', { bearer });
  const listId = lists.body.data[0].id as string;
  const addProduct = async (name: string, price: number | null = 1999) => {
    const res = await call('POST', '/api/products-in-lists', {
      bearer,
      body: { name, image: 'https://shop.example/a.jpg', price, url: 'https://www.shop.example/p/1', productListId: listId },
    });
    expect(res.status).toBe(201);
    return res.body.data.id as string;
  };
  const products = async () => (await call('GET', `/api/product-lists/${listId}`, { bearer })).body.data.products as { id: string; hasBeenOffered: boolean }[];
  return { bearer, listId, addProduct, products };
}

it('offers a mixed basket anonymously; each owner reads and answers their own offer', async () => {
  const alice = await signIn('alice@example.com', 'fr');
  const bob = await signIn('bob@example.com', 'en');
  const a1 = await alice.addProduct('Livre <illustré>', 2450);
  const a2 = await alice.addProduct('Puzzle', null);
  const b1 = await bob.addProduct('Scarf');

  const created = await call('POST', '/api/offerings', {
    body: { isExpectingAddress: true, products: [a1, b1, a2], offererEmail: 'giver@example.com', offererIdentity: 'Grandma', offererMessage: 'Love' },
    headers: { 'accept-language': 'en' },
  });
  expect(created.status).toBe(201);
  const [toAlice, toBob] = created.body.data.ids as string[];
  expect(created.body.data.id).toBe(toAlice);
  expect((await alice.products()).every((p) => p.hasBeenOffered)).toBe(true);
  expect((await bob.products()).map((p) => [p.id, p.hasBeenOffered])).toEqual([[b1, true]]);

  // Anonymous: nobody but the giver hears of it until the giver confirms from the verification mail.
  expect(created.body.data.confirmationRequired).toBe(true);
  expect(await mailsTo('alice@example.com')).toHaveLength(1); // the sign-in mail only
  expect((await call('GET', `/api/offerings/${toAlice}`, { bearer: alice.bearer })).status).toBe(404);
  const [verification] = await mailsTo('giver@example.com');
  expect(verification.text).not.toMatch(/Grandma|Love|Livre|Scarf|Puzzle/);
  const code = new RegExp(`${PUBLIC_URL}/en/offer-confirmation/${toAlice}#code=([A-Za-z0-9_-]+)`).exec(verification.text)![1];
  expect((await call('POST', `/api/offerings/${toAlice}/confirmation`, { body: { code: 'x'.repeat(22) } })).status).toBe(404);
  const confirmed = await call('POST', `/api/offerings/${toAlice}/confirmation`, { body: { code } });
  expect(confirmed).toMatchObject({ status: 200, body: { data: { id: toAlice, state: 'pending' } } });
  expect((await call('POST', `/api/offerings/${toAlice}/verification-mail`)).body.error.code).toBe('offering_confirmed');

  // Owner mails in their own language, with their own links; the giver's confirmation.
  const [aliceMail] = (await mailsTo('alice@example.com')).filter((m) => m.text.includes('/offerings/'));
  expect(aliceMail.subject).toBe("Quelqu’un veut vous offrir des cadeaux de votre liste d’envies");
  expect(aliceMail.text).toContain(`${PUBLIC_URL}/offerings/${toAlice}/refuse`);
  expect(aliceMail.text).toContain('Livre <illustré>');
  expect(aliceMail.html).toContain('Livre &lt;illustré&gt;');
  expect(aliceMail.text).not.toContain('Scarf');
  const [bobMail] = (await mailsTo('bob@example.com')).filter((m) => m.text.includes('/offerings/'));
  expect(bobMail.text).toContain(`${PUBLIC_URL}/offerings/${toBob}`);
  expect(bobMail.text).not.toContain('Puzzle');
  expect(await mailsTo('giver@example.com')).toHaveLength(2);

  // Reading: the owner only.
  const read = await call('GET', `/api/offerings/${toAlice}`, { bearer: alice.bearer });
  expect(read.status).toBe(200);
  expect(read.body.data).toMatchObject({ id: toAlice, offererIdentity: 'Grandma', state: 'pending', address: '' });
  expect(read.body.data.products.map((p: { id: string }) => p.id)).toEqual([a1, a2]);
  expect((await call('GET', `/api/offerings/${toAlice}`, { bearer: bob.bearer })).status).toBe(404);
  expect((await call('GET', `/api/offerings/${toAlice}`)).status).toBe(401);

  // Alice gives an address, Bob refuses.
  const patched = await call('PATCH', `/api/offerings/${toAlice}`, { bearer: alice.bearer, body: { address: '1 rue de la Paix, Paris' } });
  expect(patched.status).toBe(200);
  expect(patched.body.data.state).toBe('address-given');
  expect((await call('PATCH', `/api/offerings/${toAlice}`, { bearer: alice.bearer, body: { address: 'again' } })).status).toBe(409);
  expect((await call('DELETE', `/api/offerings/${toBob}`, { bearer: alice.bearer })).status).toBe(404);
  expect((await call('DELETE', `/api/offerings/${toBob}`, { bearer: bob.bearer })).status).toBe(204);
  expect((await bob.products())[0].hasBeenOffered).toBe(false);
  expect((await alice.products()).every((p) => p.hasBeenOffered)).toBe(true);
  const giverMails = await mailsTo('giver@example.com');
  expect(giverMails.map((m) => m.subject).sort()).toEqual(['Confirm your gift offer', 'The address for your gifts', 'Your gift offer was declined', 'Your gift offer was sent']);
  expect(giverMails.find((m) => m.subject === 'The address for your gifts')!.text).toContain('1 rue de la Paix, Paris');

  // Internal routes are not reachable through the gateway.
  expect((await call('POST', `/internal/users/x/erase`)).status).toBe(404);

  // Alice deletes her account: the offers service erases her address.
  expect((await call('DELETE', '/api/accounts', { bearer: alice.bearer })).status).toBe(204);
  const stored = await mongoose.connection.db!.collection('offerings').findOne({ _id: toAlice as never });
  expect(stored).toMatchObject({ ownerId: null, address: null });
});

it('gives a product to exactly one of several givers racing through the gateway', async () => {
  const carol = await signIn('carol@example.com', 'en');
  const p = await carol.addProduct('Bike');
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      call('POST', '/api/offerings', { body: { isExpectingAddress: false, products: [p], offererEmail: `g${i}@example.com` } }),
    ),
  );
  expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
  for (const a of answers.filter((x) => x.status === 409)) expect(a.body).toMatchObject({ error: { code: 'already_offered' }, conflicts: [p] });
  const winner = answers.find((a) => a.status === 201)!.body.data.id;
  expect(await mongoose.connection.db!.collection('offerings').countDocuments({ state: 'unconfirmed', 'products.id': p })).toBe(1);
  expect((await call('GET', `/api/offerings/${winner}`, { bearer: carol.bearer })).status).toBe(404);
  // Unknown products: 422.
  const unknown = await call('POST', '/api/offerings', {
    body: { isExpectingAddress: false, products: ['ffffffffffffffffffffffff'], offererEmail: 'g@example.com' },
  });
  expect(unknown).toMatchObject({ status: 422, body: { errors: { products: 'unknown-products' } } });
});

it('lets the giver withdraw through the gateway with the receipt link: the product is free again, the owner told in their language', async () => {
  const dora = await signIn('dora@example.com', 'fr');
  const p = await dora.addProduct('Lampe', 12950);
  const created = await call('POST', '/api/offerings', {
    body: { isExpectingAddress: true, products: [p], offererEmail: 'withdrawer@example.com', offererMessage: 'Bises' },
    headers: { 'accept-language': 'en' },
  });
  const id = created.body.data.id as string;
  const [verification] = await mailsTo('withdrawer@example.com');
  const code = new RegExp(`/offer-confirmation/${id}#code=([A-Za-z0-9_-]+)`).exec(verification.text)![1];
  expect((await call('POST', `/api/offerings/${id}/confirmation`, { body: { code } })).status).toBe(200);
  const receipt = (await mailsTo('withdrawer@example.com')).find((m) => m.subject === 'Your gift offer was sent')!;
  expect(receipt.text).toContain('(€129.50)');
  const token = new RegExp(`${PUBLIC_URL}/en/offer-withdrawal/${id}#token=([A-Za-z0-9_-]+)`).exec(receipt.text)![1];

  const withToken = { 'x-withdrawal-token': token };
  const page = await call('GET', `/api/offerings/${id}/withdrawal`, { headers: withToken });
  expect(page).toMatchObject({ status: 200, body: { data: { id, state: 'pending', withdrawable: true, offererMessage: 'Bises' } } });
  expect((await dora.products())[0].hasBeenOffered).toBe(true);
  expect((await call('POST', `/api/offerings/${id}/withdrawal`, { headers: { 'x-withdrawal-token': 'x'.repeat(22) } })).status).toBe(404);

  const done = await call('POST', `/api/offerings/${id}/withdrawal`, { headers: withToken });
  expect(done).toMatchObject({ status: 200, body: { data: { id, state: 'withdrawn' } } });
  expect((await dora.products())[0].hasBeenOffered).toBe(false);
  const told = (await mailsTo('dora@example.com')).filter((m) => m.subject === 'Une offre de cadeau a été retirée');
  expect(told).toHaveLength(1);
  expect(told[0].text).toMatch(/\(129,50\s€\)/);
  expect((await call('GET', `/api/offerings/${id}`, { bearer: dora.bearer })).body.data.state).toBe('withdrawn');
  // Freed: someone else may offer it.
  const again = await call('POST', '/api/offerings', { body: { isExpectingAddress: false, products: [p], offererEmail: 'other@example.com' } });
  expect(again.status).toBe(201);
});
