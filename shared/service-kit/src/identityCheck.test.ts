// The identity check every service answers: only the gateway's signed assertion is answered, with
// a proof that verifies with the same key only, for the challenge asked only, and that never
// passes for an identity or a service assertion.
import request from 'supertest';
import { createService } from './service';
import { checkIdentity } from './identityCheck';
import {
  IDENTITY_CHECK_PATH,
  identityChallenge,
  SERVICE_HEADER,
  signServiceAssertion,
  verifyIdentity,
  verifyIdentityProof,
  verifyServiceAssertion,
} from './identity';

const KEY = 'the-services-key-'.padEnd(40, 'k');
const OTHER = 'another-key-'.padEnd(40, 'o');
let saved: string | undefined;
beforeAll(() => {
  saved = process.env.IDENTITY_SECRET;
  process.env.IDENTITY_SECRET = KEY;
});
afterAll(() => {
  if (saved === undefined) delete process.env.IDENTITY_SECRET;
  else process.env.IDENTITY_SECRET = saved;
});

const service = () => createService({ name: 'lists', usesDatabase: false, config: { logLevel: 'silent' }, routes: () => undefined });

describe('GET /internal/identity-check', () => {
  it('answers the gateway with the challenge signed with the same key', async () => {
    const challenge = identityChallenge();
    const res = await request(service().app)
      .get(IDENTITY_CHECK_PATH)
      .query({ challenge })
      .set(SERVICE_HEADER, await signServiceAssertion('gateway', { secret: KEY }));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const proof = res.body.data.proof as string;
    expect(res.body.data.service).toBe('lists');
    expect(await verifyIdentityProof(proof, challenge, { secret: KEY })).toBe('lists');
    // Not with another key, not for another challenge, never as an identity or a service assertion.
    expect(await verifyIdentityProof(proof, challenge, { secret: OTHER })).toBeNull();
    expect(await verifyIdentityProof(proof, identityChallenge(), { secret: KEY })).toBeNull();
    expect(await verifyIdentity(proof, { secret: KEY })).toBeNull();
    expect(await verifyServiceAssertion(proof, { secret: KEY })).toBeNull();
  });

  it('refuses an assertion signed with another key (401), another caller (403), and a bad challenge (400)', async () => {
    const app = service().app;
    const challenge = identityChallenge();
    const other = await request(app).get(IDENTITY_CHECK_PATH).query({ challenge }).set(SERVICE_HEADER, await signServiceAssertion('gateway', { secret: OTHER }));
    expect([other.status, other.body.error.code]).toEqual([401, 'internal_only']);
    const none = await request(app).get(IDENTITY_CHECK_PATH).query({ challenge });
    expect(none.status).toBe(401);
    const offers = await request(app).get(IDENTITY_CHECK_PATH).query({ challenge }).set(SERVICE_HEADER, await signServiceAssertion('offers', { secret: KEY }));
    expect(offers.status).toBe(403);
    const gateway = await signServiceAssertion('gateway', { secret: KEY });
    for (const bad of [undefined, 'short', 'x'.repeat(200), '<script>alert(1)</script>xxxxxxxxxxxxxxx']) {
      const res = await request(app).get(IDENTITY_CHECK_PATH).query(bad === undefined ? {} : { challenge: bad }).set(SERVICE_HEADER, gateway);
      expect([res.status, res.body.error.code]).toEqual([400, 'bad_challenge']);
    }
  });

  it('tells the gateway whether the keys are the same, or that it cannot say', async () => {
    const listening = await service().listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${listening.port}`;
    try {
      expect(await checkIdentity(url, { secret: KEY })).toBe('same');
      expect(await checkIdentity(url, { secret: OTHER })).toBe('differs');
    } finally {
      await listening.close(100);
    }
    // Nothing listening: unknown (readiness reports the instance as not ready on its own).
    expect(await checkIdentity(url, { secret: KEY, timeoutMs: 500 })).toBe('unknown');
  });
});
