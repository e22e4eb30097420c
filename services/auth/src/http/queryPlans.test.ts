// Every query of the paths that run per request or per sweep is served by an index: `explain` on
// each one, against the embedded engine, with other accounts around so that a lookup that reads
// a whole collection shows as one.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import request from 'supertest';
import { IDENTITY_HEADER, SERVICE_HEADER, signIdentity, signServiceAssertion, startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { collectionScansOf } from '@wishlist/service-kit/src/testing/queryPlans';
import { harness, type Harness } from '../test-support/harness';

jest.setTimeout(120_000);

let db: TestDatabase;
let h: Harness;
let target: Server;
let targetStatus = 200;
beforeAll(async () => {
  db = await startTestDatabase();
  // The services an erasure is sent to: answers targetStatus.
  target = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(targetStatus, { 'content-type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
});
beforeEach(() => {
  const port = (target.address() as AddressInfo).port;
  h = harness({ ERASURE_TARGETS: `lists=http://127.0.0.1:${port},offers=http://127.0.0.1:${port}` });
  targetStatus = 200;
});
afterEach(async () => {
  await h.auth.stop();
  await db.clear();
});
afterAll(async () => {
  await new Promise((r) => target.close(r));
  await db.close();
});

const scans = (run: () => Promise<unknown>) => collectionScansOf(mongoose.connection, run);
const introspect = async (token: string) =>
  request(h.auth.app).post('/internal/introspect').set(SERVICE_HEADER, await signServiceAssertion('gateway')).send({ token });

async function signedIn(email: string) {
  const s = await h.signIn(email);
  expect((await h.validate(s.tokenName, s.code)).status).toBe(200);
  const who = await introspect(s.bearer);
  return { ...s, userId: who.body.data.userId as string };
}

/** Other accounts, each signed in on a device: what an index must let a query skip. */
async function crowd(): Promise<void> {
  for (let i = 0; i < 4; i++) await signedIn(`someone-${i}@example.com`);
}

describe('query plans of the per-request paths', () => {
  it('signing in (known and new address), validating and each request\'s introspection use indexes only', async () => {
    await crowd();
    await signedIn('known@example.com');
    const found = await scans(async () => {
      const again = await signedIn('known@example.com');
      expect((await introspect(again.bearer)).status).toBe(200);
      await signedIn('new@example.com');
      expect((await request(h.auth.app).get(`/api/tokens/${again.tokenName}`).set('Authorization', `Bearer ${again.bearer}`)).status).toBe(200);
      const contact = await request(h.auth.app).get(`/internal/users/${again.userId}`).set(SERVICE_HEADER, await signServiceAssertion('offers'));
      expect(contact.status).toBe(200);
    });
    expect(found).toEqual([]);
  });

  it("an account's deletion and the erasure sweep use indexes only", async () => {
    await crowd();
    const gone = await signedIn('gone@example.com');
    // Erasures of other accounts, done before.
    for (let i = 0; i < 3; i++) {
      const other = await signedIn(`erased-${i}@example.com`);
      expect((await request(h.auth.app).delete('/api/accounts').set({ [IDENTITY_HEADER]: await signIdentity({ userId: other.userId }) })).status).toBe(204);
    }
    const found = await scans(async () => {
      targetStatus = 503;
      expect((await request(h.auth.app).delete('/api/accounts').set({ [IDENTITY_HEADER]: await signIdentity({ userId: gone.userId }) })).status).toBe(204);
      targetStatus = 200;
      h.clock.advance(24 * 3600_000);
      await h.auth.erasures.runDue();
    });
    expect(found).toEqual([]);
    const left = await mongoose.connection.db!.collection('erasures').countDocuments({ userId: gone.userId, status: 'pending' });
    expect(left).toBe(0);
  });
});
