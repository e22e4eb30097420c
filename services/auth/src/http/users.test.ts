import request from 'supertest';
import mongoose from 'mongoose';
import { IDENTITY_HEADER, SERVICE_HEADER, signIdentity, signServiceAssertion, startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { harness, type Harness } from '../test-support/harness';

let db: TestDatabase;
let h: Harness;

beforeAll(async () => {
  db = await startTestDatabase();
});
beforeEach(() => {
  h = harness();
});
afterEach(async () => {
  await h.auth.stop();
  await db.clear();
});
afterAll(() => db.close());

const fromService = async (name: string) => ({ [SERVICE_HEADER]: await signServiceAssertion(name) });

async function userIdOf(email: string): Promise<string> {
  const user = await mongoose.connection.db!.collection('users').findOne({ email });
  return String(user!._id);
}

describe('GET /internal/users/:userId (for the offers and lists services)', () => {
  it('gives the address and language of a live account', async () => {
    await h.signIn('Owner@Example.com', undefined, { language: 'fr' });
    const id = await userIdOf('owner@example.com');
    const res = await request(h.auth.app).get(`/internal/users/${id}`).set(await fromService('offers'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { email: 'owner@example.com', lang: 'fr' } });
  });

  it('answers 404 for an unknown, malformed-but-plausible or deleted account', async () => {
    const unknown = new mongoose.Types.ObjectId().toHexString();
    expect((await request(h.auth.app).get(`/internal/users/${unknown}`).set(await fromService('offers'))).status).toBe(404);
    expect((await request(h.auth.app).get('/internal/users/not-an-id').set(await fromService('offers'))).status).toBe(404);

    await h.signIn('gone@example.com');
    const id = await userIdOf('gone@example.com');
    await request(h.auth.app).delete('/api/accounts').set(IDENTITY_HEADER, await signIdentity({ userId: id })).expect(204);
    const res = await request(h.auth.app).get(`/internal/users/${id}`).set(await fromService('offers'));
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('unknown_user');
  });

  it('is for the offers and lists services only (lists mails occasion reminders)', async () => {
    await h.signIn('owner@example.com');
    const id = await userIdOf('owner@example.com');
    expect((await request(h.auth.app).get(`/internal/users/${id}`)).status).toBe(401);
    const fromLists = await request(h.auth.app).get(`/internal/users/${id}`).set(await fromService('lists'));
    expect(fromLists.body).toEqual({ data: { email: 'owner@example.com', lang: 'en' } });
    expect((await request(h.auth.app).get(`/internal/users/${id}`).set(await fromService('gateway'))).status).toBe(403);
    // A user's identity assertion is not a service assertion.
    const asUser = await request(h.auth.app).get(`/internal/users/${id}`).set(SERVICE_HEADER, await signIdentity({ userId: id }));
    expect(asUser.status).toBe(401);
  });

  it('refuses a malformed id (400)', async () => {
    const res = await request(h.auth.app).get('/internal/users/a%20b%24').set(await fromService('offers'));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('bad_request');
  });
});
