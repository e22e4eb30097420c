import request from 'supertest';
import mongoose from 'mongoose';
import { IDENTITY_HEADER, SERVICE_HEADER, signIdentity, signServiceAssertion, startTestDatabase, type TestDatabase } from '@wishlist/service-kit';
import { harness, type Harness } from '../test-support/harness';

let db: TestDatabase;
let h: Harness;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:120.0) Gecko/20100101 Firefox/120.0';
const SAFARI_IOS =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

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

const tokens = () => mongoose.connection.db!.collection('tokens');
const introspect = async (token: string) =>
  request(h.auth.app)
    .post('/internal/introspect')
    .set(SERVICE_HEADER, await signServiceAssertion('gateway'))
    .send({ token });

/** A validated sign-in from a browser, and the user id introspection gives it (what the gateway asserts). */
async function signedIn(email: string, userAgent = FIREFOX_LINUX) {
  const before = h.mailer.sent.length;
  const res = await request(h.auth.app).post('/api/tokens').set('User-Agent', userAgent).send({ email, tokenName: `t${Date.now()}${before}` });
  expect(res.status).toBe(201);
  const m = /\/validate-email\/([^/\s]+)\/([A-Za-z0-9_-]+)/.exec(h.mailer.sent[before].text)!;
  expect((await h.validate(decodeURIComponent(m[1]), m[2])).status).toBe(200);
  const seen = await introspect(res.body.token);
  expect(seen.status).toBe(200);
  return { bearer: res.body.token as string, userId: seen.body.data.userId as string };
}

/** A call as the gateway makes it: the identity assertion, and the bearer passed on to auth. */
async function as(who: { bearer: string; userId: string }, req: request.Test) {
  return req.set(IDENTITY_HEADER, await signIdentity({ userId: who.userId })).set('Authorization', `Bearer ${who.bearer}`);
}
const listDevices = (who: { bearer: string; userId: string }) => as(who, request(h.auth.app).get('/api/accounts/devices'));
const endDevice = (who: { bearer: string; userId: string }, id: string) => as(who, request(h.auth.app).delete(`/api/accounts/devices/${id}`));

describe('bearer lifetime', () => {
  it('slides while used, but refuses a bearer past the hard maximum however often it is used', async () => {
    h = harness({ BEARER_TTL_DAYS: '90', BEARER_MAX_LIFETIME_DAYS: '365' });
    const a = await signedIn('max@example.com');
    for (let day = 0; day < 360; day += 60) {
      h.clock.advance(60 * DAY);
      expect((await introspect(a.bearer)).status).toBe(200);
    }
    h.clock.advance(4 * DAY); // day 364
    expect((await introspect(a.bearer)).status).toBe(200);
    h.clock.advance(DAY + HOUR); // past day 365
    expect((await introspect(a.bearer)).status).toBe(401);
    expect((await listDevices(a)).body.data).toEqual([]);
  });

  it('refuses a bearer unused for the sliding lifetime', async () => {
    h = harness({ BEARER_TTL_DAYS: '90', BEARER_MAX_LIFETIME_DAYS: '365' });
    const a = await signedIn('idle@example.com');
    h.clock.advance(89 * DAY);
    expect((await introspect(a.bearer)).status).toBe(200);
    h.clock.advance(89 * DAY);
    expect((await introspect(a.bearer)).status).toBe(200);
    h.clock.advance(91 * DAY);
    expect((await introspect(a.bearer)).status).toBe(401);
  });

  it('defaults to 90 days sliding and 365 days at most', async () => {
    const a = await signedIn('defaults@example.com');
    h.clock.advance(91 * DAY);
    expect((await introspect(a.bearer)).status).toBe(401);
    const b = await signedIn('defaults2@example.com');
    for (let i = 0; i < 5; i += 1) {
      h.clock.advance(73 * DAY);
      expect((await introspect(b.bearer)).status).toBe(i < 4 ? 200 : 401); // day 365 is the end
    }
  });
});

describe('last seen', () => {
  it('is written on introspection at most once an hour', async () => {
    const a = await signedIn('seen@example.com');
    const first = (await tokens().findOne({}))!.lastSeenAt as Date;
    expect(first).toBeInstanceOf(Date);
    h.clock.advance(30 * 60 * 1000);
    await introspect(a.bearer);
    expect(((await tokens().findOne({}))!.lastSeenAt as Date).getTime()).toBe(first.getTime());
    h.clock.advance(31 * 60 * 1000);
    await introspect(a.bearer);
    const later = (await tokens().findOne({}))!.lastSeenAt as Date;
    expect(later.getTime() - first.getTime()).toBe(61 * 60 * 1000);
    const listed = (await listDevices(a)).body.data[0];
    expect(listed.lastSeenAt).toBe(later.toISOString());
  });
});

describe('GET /api/accounts/devices', () => {
  it("lists the person's own signed-in devices only, this one marked, with no secret in it", async () => {
    const laptop = await signedIn('own@example.com', FIREFOX_LINUX);
    h.clock.advance(HOUR);
    const phone = await signedIn('own@example.com', SAFARI_IOS);
    await signedIn('someone-else@example.com');
    // A pending sign-in is no signed-in device.
    await request(h.auth.app).post('/api/tokens').send({ email: 'own@example.com', tokenName: 'tPending' });

    const res = await listDevices(laptop);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list = res.body.data as { id: string; device: object; signedInAt: string; lastSeenAt: string; current: boolean }[];
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ device: { browser: 'Firefox', os: 'Linux' }, current: true });
    expect(list[1]).toMatchObject({ device: { browser: 'Safari', os: 'iOS' }, current: false });
    expect(Object.keys(list[0]).sort()).toEqual(['current', 'device', 'id', 'lastSeenAt', 'signedInAt']);
    for (const d of list) expect(d.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const stored = await tokens().find().toArray();
    const text = JSON.stringify(res.body);
    for (const t of stored) expect(text).not.toContain(t.bearerHash as string);
    expect(text).not.toContain(laptop.bearer);
    expect(text).not.toContain(phone.bearer);
    // Seen from the phone, the phone is this device.
    expect((await listDevices(phone)).body.data.map((d: { current: boolean }) => d.current)).toEqual([true, false]);
  });

  it('answers 401 without an identity', async () => {
    const res = await request(h.auth.app).get('/api/accounts/devices');
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBeDefined();
  });
});

describe('DELETE /api/accounts/devices/{id}', () => {
  it('ends that device at once; the other one still works', async () => {
    const laptop = await signedIn('end@example.com', FIREFOX_LINUX);
    const phone = await signedIn('end@example.com', SAFARI_IOS);
    const phoneId = (await listDevices(laptop)).body.data.find((d: { current: boolean }) => !d.current).id;
    const res = await endDevice(laptop, phoneId);
    expect(res.status).toBe(204);
    expect((await introspect(phone.bearer)).status).toBe(401);
    expect((await introspect(laptop.bearer)).status).toBe(200);
    expect((await listDevices(laptop)).body.data).toHaveLength(1);
    // Ending it again is fine.
    expect((await endDevice(laptop, phoneId)).status).toBe(204);
  });

  it('ends the current device too', async () => {
    const laptop = await signedIn('self@example.com');
    const id = (await listDevices(laptop)).body.data[0].id;
    expect((await endDevice(laptop, id)).status).toBe(204);
    expect((await introspect(laptop.bearer)).status).toBe(401);
  });

  it("answers 404 for someone else's device, which keeps working", async () => {
    const mallory = await signedIn('mallory@example.com');
    const victim = await signedIn('victim@example.com');
    const victimId = (await listDevices(victim)).body.data[0].id;
    const res = await endDevice(mallory, victimId);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('unknown_device');
    expect((await introspect(victim.bearer)).status).toBe(200);
  });

  it('answers 404 to unknown or malformed references and 401 without an identity', async () => {
    const a = await signedIn('bad@example.com');
    expect((await endDevice(a, 'A'.repeat(22))).status).toBe(404);
    expect((await endDevice(a, 'not-a-device')).status).toBe(404);
    expect((await endDevice(a, 'x'.repeat(300))).status).toBe(400);
    expect((await request(h.auth.app).delete(`/api/accounts/devices/${'A'.repeat(22)}`)).status).toBe(401);
    expect((await introspect(a.bearer)).status).toBe(200);
  });
});
