import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import mongoose from 'mongoose';
import {
  IDENTITY_HEADER,
  SERVICE_HEADER,
  signIdentity,
  signServiceAssertion,
  startTestDatabase,
  verifyServiceAssertion,
  type Listening,
  type TestDatabase,
} from '@wishlist/service-kit';
import { createListsService } from '@wishlist/lists-service/src/http/app';
import { listsConfig } from '@wishlist/lists-service/src/config';
import { createAuthService } from './app';
import { capturingMailer, harness, testConfig, type Harness } from '../test-support/harness';

/** A stand-in for the offers service: records erase calls, answers `status`. */
function fakeService(port = 0) {
  const calls: { path: string; caller: Promise<string | null>; body: string }[] = [];
  const state = { status: 200 };
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', caller: verifyServiceAssertion(String(req.headers[SERVICE_HEADER] ?? '')), body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(state.status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    calls,
    state,
    start: () => new Promise<number>((r) => server.listen(port, '127.0.0.1', () => r((server.address() as AddressInfo).port))),
    stop: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** A port nothing listens on (yet). */
async function freePort(): Promise<number> {
  const f = fakeService();
  const port = await f.start();
  await f.stop();
  return port;
}

let db: TestDatabase;
let lists: Listening;
let offersPort: number;
let h: Harness;
const collection = (name: string) => mongoose.connection.db!.collection(name);
const as = async (userId: string) => ({ [IDENTITY_HEADER]: await signIdentity({ userId }) });

beforeAll(async () => {
  db = await startTestDatabase();
  lists = await createListsService(listsConfig.load({ NODE_ENV: 'test' })).listen(0, '127.0.0.1');
  offersPort = await freePort();
});
beforeEach(() => {
  h = harness({ ERASURE_TARGETS: `lists=http://127.0.0.1:${lists.port},offers=http://127.0.0.1:${offersPort}` });
});
afterEach(async () => {
  await h.auth.stop();
  await db.clear();
});
afterAll(async () => {
  await lists.close();
  await db.close();
});

async function signedIn(email: string) {
  const s = await h.signIn(email);
  expect((await h.validate(s.tokenName, s.code)).status).toBe(200);
  const who = await request(h.auth.app)
    .post('/internal/introspect')
    .set(SERVICE_HEADER, await signServiceAssertion('gateway'))
    .send({ token: s.bearer });
  return { ...s, userId: who.body.data.userId as string };
}
const introspect = async (token: string) =>
  (
    await request(h.auth.app)
      .post('/internal/introspect')
      .set(SERVICE_HEADER, await signServiceAssertion('gateway'))
      .send({ token })
  ).status;

describe('DELETE /api/accounts', () => {
  it('needs an identity (401)', async () => {
    const res = await request(h.auth.app).delete('/api/accounts');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe('unauthorized');
  });

  it('erases the address, revokes every token, and tells the lists service, which erases the lists', async () => {
    const a = await signedIn('gone@example.com');
    const other = await h.signIn('gone@example.com'); // a second device, still pending
    const kept = await signedIn('kept@example.com');
    await request(lists.server).get('/api/product-lists').set(await as(a.userId)).expect(200);
    await request(lists.server).get('/api/product-lists').set(await as(kept.userId)).expect(200);

    const res = await request(h.auth.app).delete('/api/accounts').set(await as(a.userId));
    expect(res.status).toBe(204);

    const user = await collection('users').findOne({ _id: new mongoose.Types.ObjectId(a.userId) });
    expect(user?.email).toBeUndefined();
    expect(user?.deletedAt).toBeInstanceOf(Date);
    expect(JSON.stringify(await collection('users').find().toArray())).not.toContain('gone@');
    expect(await collection('tokens').countDocuments({ userId: user!._id, revokedAt: null })).toBe(0);

    // Old bearer refused; the pending device's link no longer works.
    expect(await introspect(a.bearer)).toBe(401);
    expect((await h.validate(other.tokenName, other.code)).status).toBe(422);
    expect((await request(h.auth.app).get(`/api/tokens/${a.tokenName}`).set('Authorization', `Bearer ${a.bearer}`)).status).toBe(410);

    // Lists erased, the other person's kept.
    expect(await collection('productlists').countDocuments({ ownerId: a.userId })).toBe(0);
    expect(await collection('productlists').countDocuments({ ownerId: kept.userId })).toBe(1);
    expect(await introspect(kept.bearer)).toBe(200);

    const erasures = await collection('erasures').find({ userId: a.userId }).sort({ target: 1 }).toArray();
    expect(erasures.map((e) => [e.target, e.status])).toEqual([
      ['lists', 'done'],
      ['offers', 'pending'],
    ]);
    expect(erasures[1].attempts).toBe(1);
    expect(erasures[1].lastError).toMatch(/unreachable/);
  });

  it('sends the account\'s address (normal form) with the erasure, and forgets it once done', async () => {
    const a = await signedIn('Erased.Giver@Example.com');
    await request(h.auth.app).delete('/api/accounts').set(await as(a.userId)).expect(204);
    expect(await collection('erasures').findOne({ userId: a.userId, target: 'offers' })).toMatchObject({ status: 'pending', email: 'erased.giver@example.com' });
    const offers = fakeService(offersPort);
    await offers.start();
    try {
      h.clock.advance(30_000);
      await h.auth.erasures.runDue();
      expect(offers.calls.map((c) => [c.path, JSON.parse(c.body)])).toEqual([[`/internal/users/${a.userId}/erase`, { email: 'erased.giver@example.com' }]]);
    } finally {
      await offers.stop();
    }
    const erasures = await collection('erasures').find({ userId: a.userId }).toArray();
    expect(erasures.map((e) => [e.target, e.status, e.email])).toEqual(
      expect.arrayContaining([
        ['lists', 'done', null],
        ['offers', 'done', null],
      ]),
    );
    expect(JSON.stringify(await collection('erasures').find().toArray())).not.toContain('erased.giver');
  });

  it('is idempotent', async () => {
    const a = await signedIn('twice@example.com');
    expect((await request(h.auth.app).delete('/api/accounts').set(await as(a.userId))).status).toBe(204);
    expect((await request(h.auth.app).delete('/api/accounts').set(await as(a.userId))).status).toBe(204);
    expect(await collection('erasures').countDocuments({ userId: a.userId })).toBe(2);
    expect(await collection('users').countDocuments()).toBe(1);
  });

  it('does nothing for an identity that is no account of ours', async () => {
    const res = await request(h.auth.app).delete('/api/accounts').set(await as(new mongoose.Types.ObjectId().toHexString()));
    expect(res.status).toBe(204);
    expect((await request(h.auth.app).delete('/api/accounts').set(await as('not-an-object-id'))).status).toBe(204);
    expect(await collection('erasures').countDocuments()).toBe(0);
  });

  it('lets the same address sign in again as a new account; the old bearer stays refused', async () => {
    const a = await signedIn('again@example.com');
    await request(h.auth.app).delete('/api/accounts').set(await as(a.userId)).expect(204);
    const b = await signedIn('again@example.com');
    expect(b.userId).not.toBe(a.userId);
    expect(await introspect(a.bearer)).toBe(401);
    expect(await introspect(b.bearer)).toBe(200);
    expect(await collection('users').countDocuments()).toBe(2);
  });

  it('retries a service that was down or failing, with a growing delay, until it answers 2xx', async () => {
    const a = await signedIn('retry@example.com');
    await request(h.auth.app).delete('/api/accounts').set(await as(a.userId)).expect(204);
    const offers = fakeService(offersPort);
    await offers.start();
    try {
      offers.state.status = 500;
      await h.auth.erasures.runDue(); // not due yet (first retry after 30 s)
      expect(offers.calls).toHaveLength(0);
      h.clock.advance(30_000);
      await h.auth.erasures.runDue();
      expect(offers.calls).toHaveLength(1);
      let pending = await collection('erasures').findOne({ userId: a.userId, target: 'offers' });
      expect(pending).toMatchObject({ status: 'pending', attempts: 2, lastError: 'answered 500' });
      h.clock.advance(30_000);
      await h.auth.erasures.runDue(); // the delay doubled: 60 s now
      expect(offers.calls).toHaveLength(1);
      offers.state.status = 200;
      h.clock.advance(30_001);
      await h.auth.erasures.runDue();
      expect(offers.calls.map((c) => c.path)).toEqual([`/internal/users/${a.userId}/erase`, `/internal/users/${a.userId}/erase`]);
      expect(await offers.calls[1].caller).toBe('auth');
      pending = await collection('erasures').findOne({ userId: a.userId, target: 'offers' });
      expect(pending).toMatchObject({ status: 'done' });
      h.clock.advance(3_600_000);
      await h.auth.erasures.runDue();
      expect(offers.calls).toHaveLength(2);
    } finally {
      await offers.stop();
    }
  });

  it('retries on its own timer (ERASURE_RETRY_SECONDS)', async () => {
    const mailer = capturingMailer();
    const auth = createAuthService(
      testConfig({ ERASURE_TARGETS: `offers=http://127.0.0.1:${offersPort}`, ERASURE_RETRY_SECONDS: '1' }),
      { mailer },
    );
    const offers = fakeService(offersPort);
    try {
      await request(auth.app).post('/api/tokens').send({ email: 'timer@example.com', tokenName: 't1' }).expect(201);
      const user = await collection('users').findOne({ email: 'timer@example.com' });
      const userId = String(user!._id);
      await request(auth.app).delete('/api/accounts').set(await as(userId)).expect(204);
      expect(await collection('erasures').findOne({ userId })).toMatchObject({ status: 'pending' });
      await offers.start();
      const deadline = Date.now() + 8000;
      while (Date.now() < deadline && (await collection('erasures').findOne({ userId }))?.status !== 'done') {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(await collection('erasures').findOne({ userId })).toMatchObject({ status: 'done' });
      expect(offers.calls).toHaveLength(1);
    } finally {
      await auth.stop();
      await offers.stop();
    }
  });
});
