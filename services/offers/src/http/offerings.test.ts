import request from 'supertest';
import mongoose from 'mongoose';
import {
  CLIENT_HEADER,
  clientSpoofAttempts,
  IDENTITY_HEADER,
  SERVICE_HEADER,
  signClientAddress,
  signIdentity,
  signServiceAssertion,
  startTestDatabase,
  type TestDatabase,
} from '@wishlist/service-kit';
import { offersConfig } from '../config';
import { createOffersService, type OffersService } from './app';
import { capturingMailer, fakeLists, fakeUsers, testClock } from '../test-support/fakes';
import { isVerification, verificationLink } from '../test-support/harness';

const PUBLIC_URL = 'http://wishlist.test';
const ALICE = 'a'.repeat(24);
const BOB = 'b'.repeat(24);
const CAROL = 'c'.repeat(24);
/** Signed in with the address the offers here are made with: no verification mail. */
const GIVER = 'd'.repeat(24);

let db: TestDatabase;
const lists = fakeLists();
const users = fakeUsers();
let listsPort: number;
let authPort: number;
let offers: OffersService;
let mailer: ReturnType<typeof capturingMailer>;
let clock: ReturnType<typeof testClock>;

function makeService(env: Record<string, string> = {}) {
  mailer = capturingMailer();
  clock = testClock();
  return createOffersService(
    offersConfig.load({
      NODE_ENV: 'test',
      PUBLIC_URL,
      LISTS_URL: `http://127.0.0.1:${listsPort}`,
      AUTH_URL: `http://127.0.0.1:${authPort}`,
      OFFERING_RATE_PER_CLIENT: '1000',
      OFFERING_CONFIRMATION_RATE_PER_CLIENT: '1000',
      INTERNAL_TIMEOUT_MS: '5000',
      ...env,
    }),
    { mailer, now: clock.now },
  );
}

beforeAll(async () => {
  db = await startTestDatabase();
  listsPort = await lists.start();
  authPort = await users.start();
});
beforeEach(() => {
  lists.products.clear();
  lists.calls.length = 0;
  lists.control.fail = [];
  lists.control.claimDelayMs = 0;
  users.users.clear();
  users.control.status = 0;
  users.users.set(ALICE, { email: 'alice@example.com', lang: 'en' });
  users.users.set(BOB, { email: 'bob@example.com', lang: 'fr' });
  users.users.set(CAROL, { email: 'carol@example.com', lang: 'en' });
  users.users.set(GIVER, { email: 'giver@example.com', lang: 'en' });
  offers = makeService();
});
afterEach(async () => {
  await offers.stop();
  await db.clear();
});
afterAll(async () => {
  await lists.stop();
  await users.stop();
  await db.close();
});

const as = async (userId: string) => ({ [IDENTITY_HEADER]: await signIdentity({ userId }) });
const fromService = async (name: string) => ({ [SERVICE_HEADER]: await signServiceAssertion(name) });
const offeringsInDb = () => mongoose.connection.db!.collection('offerings').find().toArray();

function offerBody(products: string[], extra: Record<string, unknown> = {}) {
  return { isExpectingAddress: true, products, offererEmail: 'giver@example.com', offererIdentity: 'Grandma', offererMessage: 'Happy birthday!', ...extra };
}

/**
 * Makes an offer and, when the giver must confirm their address, confirms it as the giver would
 * (the code from the verification mail, which is then left out of `mailer.sent`): these tests are
 * about what follows; confirmation.test.ts is about the confirmation itself.
 */
async function post(body: unknown, headers: Record<string, string> = {}) {
  const res = await request(offers.app).post('/api/offerings').set(headers).send(body as object);
  if (res.status === 201 && res.body.data.confirmationRequired) {
    const mail = mailer.sent.find((m) => isVerification(m) && verificationLink(m).id === res.body.data.id);
    if (!mail) throw new Error('no verification mail');
    mailer.sent.splice(mailer.sent.indexOf(mail), 1);
    const confirmed = await request(offers.app).post(`/api/offerings/${res.body.data.id}/confirmation`).send({ code: verificationLink(mail).code });
    expect(confirmed.status).toBe(200);
  }
  return res;
}

/** An offering of one product of Alice, made by an anonymous giver. */
async function offerToAlice(extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const productId = lists.add(ALICE);
  const res = await post(offerBody([productId], extra), headers);
  expect(res.status).toBe(201);
  return { id: res.body.data.id as string, productId };
}

describe('POST /api/offerings', () => {
  it('makes an offer without sign-in: products flagged, owner and giver told, random id', async () => {
    const p1 = lists.add(ALICE, { name: 'Teddy bear', price: 2599 });
    const p2 = lists.add(ALICE, { name: 'Kite', price: null });
    const res = await post(offerBody([p1, p2]), { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(res.status).toBe(201);
    const { id, ids } = res.body.data;
    expect(ids).toEqual([id]);
    expect(res.body.data.confirmationRequired).toBe(true); // confirmed by post() from the mail's code
    expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(id).not.toMatch(/^[0-9a-f]{24}$/);
    expect(lists.heldBy(p1)).toBe(id);
    expect(lists.heldBy(p2)).toBe(id);
    expect(lists.calls.every((c) => c.caller === 'offers')).toBe(true);

    const [ownerMail] = mailer.to('alice@example.com');
    expect(ownerMail.subject).toBe('Someone wants to offer you gifts from your wish list');
    for (const body of [ownerMail.text, ownerMail.html]) {
      expect(body).toContain(`${PUBLIC_URL}/offerings/${id}`);
      expect(body).toContain(`${PUBLIC_URL}/offerings/${id}/refuse`);
      expect(body).toContain('Teddy bear');
      expect(body).toContain('Kite');
      expect(body).toContain('Grandma wants to offer you');
      expect(body).toContain('Happy birthday!');
      expect(body).toContain('They need your postal address');
      expect(body).not.toContain('giver@example.com');
    }
    expect(ownerMail.text).toMatch(/25,99\s€/);
    expect(ownerMail.text).toContain('-.-- €');

    const [confirmation] = mailer.to('giver@example.com');
    expect(confirmation.subject).toBe('Votre offre de cadeau a été envoyée');
    expect(confirmation.text).toContain('Teddy bear');
    expect(confirmation.html).toContain('<html lang="fr">');
    expect(mailer.sent).toHaveLength(2);

    const stored = await offeringsInDb();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ _id: id, state: 'pending', ownerId: ALICE, offererUserId: null, offererLang: 'fr', mailsDue: [] });
  });

  it('records a signed-in giver and takes the language from the body first', async () => {
    const p = lists.add(BOB);
    const res = await post(offerBody([p], { language: 'en' }), { ...(await as(CAROL)), 'accept-language': 'fr' });
    expect(res.status).toBe(201);
    const [stored] = await offeringsInDb();
    expect(stored).toMatchObject({ offererUserId: CAROL, offererLang: 'en' });
    expect(mailer.to('giver@example.com')[0].subject).toBe('Your gift offer was sent');
    // Bob reads French.
    expect(mailer.to('bob@example.com')[0].subject).toBe("Quelqu’un veut vous offrir des cadeaux de votre liste d’envies");
    expect(mailer.to('bob@example.com')[0].text).toContain('/refuse');
  });

  it('ignores a forged identity (the giver stays anonymous)', async () => {
    const p = lists.add(BOB);
    const res = await post(offerBody([p]), { [IDENTITY_HEADER]: 'not.a.jwt' });
    expect(res.status).toBe(201);
    expect((await offeringsInDb())[0].offererUserId).toBeNull();
  });

  it('splits a basket mixing several owners: each owner gets only their products', async () => {
    const a1 = lists.add(ALICE, { name: 'Alice book' });
    const b1 = lists.add(BOB, { name: 'Bob scarf' });
    const a2 = lists.add(ALICE, { name: 'Alice pen' });
    const res = await post(offerBody([a1, b1, a2], { isExpectingAddress: false }));
    expect(res.status).toBe(201);
    const { id, ids } = res.body.data;
    expect(ids).toHaveLength(2);
    expect(id).toBe(ids[0]);
    const [toAlice, toBob] = ids as string[];
    expect(lists.heldBy(a1)).toBe(toAlice);
    expect(lists.heldBy(a2)).toBe(toAlice);
    expect(lists.heldBy(b1)).toBe(toBob);

    const aliceMails = mailer.to('alice@example.com');
    const bobMails = mailer.to('bob@example.com');
    expect(aliceMails).toHaveLength(1);
    expect(bobMails).toHaveLength(1);
    expect(aliceMails[0].text).toContain('Alice book');
    expect(aliceMails[0].text).toContain('Alice pen');
    expect(aliceMails[0].text).not.toContain('Bob scarf');
    expect(aliceMails[0].text).toContain(`/offerings/${toAlice}`);
    expect(aliceMails[0].text).toContain('They already know where to send the gifts.');
    expect(bobMails[0].text).toContain('Bob scarf');
    expect(bobMails[0].text).not.toContain('Alice');
    expect(bobMails[0].text).toContain(`/offerings/${toBob}`);
    // One confirmation listing the whole basket.
    const confirmation = mailer.to('giver@example.com');
    expect(confirmation).toHaveLength(1);
    for (const name of ['Alice book', 'Bob scarf', 'Alice pen']) expect(confirmation[0].text).toContain(name);

    const alice = await request(offers.app).get(`/api/offerings/${toAlice}`).set(await as(ALICE));
    expect(alice.body.data.products.map((p: { id: string }) => p.id)).toEqual([a1, a2]);
    expect((await request(offers.app).get(`/api/offerings/${toBob}`).set(await as(ALICE))).status).toBe(404);
    const bob = await request(offers.app).get(`/api/offerings/${toBob}`).set(await as(BOB));
    expect(bob.body.data.products.map((p: { id: string }) => p.id)).toEqual([b1]);
  });

  it('answers 409 with the conflicts when a product is offered already; nothing is made', async () => {
    const { productId: taken } = await offerToAlice();
    const free = lists.add(ALICE);
    mailer.sent.length = 0;
    const res = await post(offerBody([free, taken]));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('already_offered');
    expect(res.body.error.message).toMatch(/offered by someone else/);
    expect(res.body.conflicts).toEqual([taken]);
    expect(lists.heldBy(free)).toBeNull();
    expect(await offeringsInDb()).toHaveLength(1);
    expect(mailer.sent).toHaveLength(0);
  });

  it('lets exactly one of several concurrent offers have a product; the others get 409', async () => {
    const p = lists.add(ALICE);
    lists.control.claimDelayMs = 20;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => post(offerBody([p], { offererEmail: `giver${i}@example.com` }))));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    for (const r of answers.filter((a) => a.status === 409)) {
      expect(r.body.error.code).toBe('already_offered');
      expect(r.body.conflicts).toEqual([p]);
    }
    const winner = answers.find((r) => r.status === 201)!.body.data.id;
    const stored = await offeringsInDb();
    expect(stored.map((o) => [o._id, o.state])).toEqual([[winner, 'pending']]);
    expect(lists.heldBy(p)).toBe(winner);
    expect(mailer.to('alice@example.com')).toHaveLength(1);
  });

  it('releases the first owner\'s products when the second owner\'s claim conflicts (409)', async () => {
    const a = lists.add(ALICE);
    const b = lists.add(BOB);
    lists.control.fail = [{ route: 'claim', ownerId: BOB, status: 409 }];
    const res = await post(offerBody([a, b]));
    expect(res.status).toBe(409);
    expect(res.body.conflicts).toEqual([b]);
    expect(lists.held()).toEqual([]);
    expect(lists.calls.filter((c) => c.route === 'release')).toHaveLength(2);
    expect(await offeringsInDb()).toHaveLength(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it('answers 503 and undoes everything when lists fails a claim (500)', async () => {
    const a = lists.add(ALICE);
    const b = lists.add(BOB);
    lists.control.fail = [{ route: 'claim', ownerId: BOB, status: 500 }];
    const res = await post(offerBody([a, b]));
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('service_unavailable');
    expect(lists.held()).toEqual([]);
    expect(await offeringsInDb()).toHaveLength(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it('answers 503 when lists is unreachable; what could not be undone yet is rolled back by the sweep', async () => {
    const a = lists.add(ALICE);
    // Lookup works, then lists goes away before the claim.
    lists.control.fail = [
      { route: 'claim', status: 'drop' },
      { route: 'release', status: 'drop' },
    ];
    const res = await post(offerBody([a]));
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/lists service is unreachable/);
    const [draft] = await offeringsInDb();
    expect(draft.state).toBe('creating'); // invisible: nobody can read or answer it
    expect((await request(offers.app).get(`/api/offerings/${draft._id}`).set(await as(ALICE))).status).toBe(404);
    expect(mailer.sent).toHaveLength(0);

    lists.control.fail = [];
    await offers.offerings.sweep(); // too recent: left alone
    expect(await offeringsInDb()).toHaveLength(1);
    clock.advance(61_000);
    expect(await offers.offerings.sweep()).toMatchObject({ rolledBack: 1 });
    expect(await offeringsInDb()).toHaveLength(0);
    expect(lists.calls.filter((c) => c.route === 'release').at(-1)!.body).toEqual({ ids: [a], offeringId: draft._id });
    // The product can be offered again.
    expect((await post(offerBody([a]))).status).toBe(201);
  });

  it('answers 503 and stores nothing when the lookup fails', async () => {
    const a = lists.add(ALICE);
    lists.control.fail = [{ route: 'lookup', status: 'drop' }];
    expect((await post(offerBody([a]))).status).toBe(503);
    lists.control.fail = [{ route: 'lookup', status: 500 }];
    expect((await post(offerBody([a]))).status).toBe(503);
    expect(await offeringsInDb()).toHaveLength(0);
  });

  it('rolls back, on start, a creation interrupted by a crash (flags held, offering never finished)', async () => {
    const a = lists.add(ALICE);
    const fresh = lists.add(BOB);
    const old = new Date(clock.now().getTime() - 5 * 60_000);
    const base = { basketId: 'x', products: [], isExpectingAddress: true, offererEmail: 'g@example.com', offererLang: 'en', mailsDue: [] };
    await mongoose.connection.db!.collection('offerings').insertMany([
      { ...base, _id: 'crashed-offering-id-0001', state: 'creating', ownerId: ALICE, products: [{ id: a }], createdAt: old },
      { ...base, _id: 'in-progress-offering-01', state: 'creating', ownerId: BOB, products: [{ id: fresh }], createdAt: clock.now() },
    ] as never[]);
    lists.products.get(a)!.heldBy = 'crashed-offering-id-0001';
    lists.products.get(fresh)!.heldBy = 'in-progress-offering-01';
    offers.start();
    await offers.stop(); // waits for the first pass
    expect(lists.heldBy(a)).toBeNull();
    expect(lists.heldBy(fresh)).toBe('in-progress-offering-01');
    expect((await offeringsInDb()).map((o) => o._id)).toEqual(['in-progress-offering-01']);
  });

  it('still makes the offer when a mail cannot be sent, and sends it later', async () => {
    mailer.failing = true;
    const { id } = await offerToAlice({}, await as(GIVER));
    expect(mailer.sent).toHaveLength(0);
    expect((await offeringsInDb())[0].mailsDue).toEqual(['owner-offer', 'giver-confirmation']);
    mailer.failing = false;
    await offers.offerings.sweep(); // not due yet
    expect(mailer.sent).toHaveLength(0);
    clock.advance(60_000);
    await offers.offerings.sweep();
    expect(mailer.sent.map((m) => m.to).sort()).toEqual(['alice@example.com', 'giver@example.com']);
    expect(mailer.to('alice@example.com')[0].text).toContain(`/offerings/${id}`);
    expect((await offeringsInDb())[0].mailsDue).toEqual([]);
  });

  it('makes the offer without an owner mail when the owner account is gone; retries when auth is down', async () => {
    users.users.delete(ALICE);
    await offerToAlice();
    expect(mailer.to('alice@example.com')).toHaveLength(0);
    expect(mailer.to('giver@example.com')).toHaveLength(1);
    expect((await offeringsInDb())[0].mailsDue).toEqual([]);

    users.control.status = 500;
    lists.add(BOB);
    const res = await post(offerBody([lists.add(BOB)]));
    expect(res.status).toBe(201);
    expect(mailer.to('bob@example.com')).toHaveLength(0);
    users.control.status = 0;
    clock.advance(60_000);
    await offers.offerings.sweep();
    expect(mailer.to('bob@example.com')).toHaveLength(1);
  });

  it('escapes every user-supplied text in the HTML and keeps user text out of the headers', async () => {
    const p = lists.add(ALICE, { name: '<img src=x onerror=alert(1)>', websiteName: '"evil.example' });
    const res = await post(
      offerBody([p], {
        offererIdentity: 'Bad <b>guy</b>\r\nBcc: victim@example.com',
        offererMessage: '<script>alert("x")</script>\nline 2\u0007',
      }),
    );
    expect(res.status).toBe(201);
    const [mail] = mailer.to('alice@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).not.toContain('guy');
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>line 2');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('Bad &lt;b&gt;guy&lt;/b&gt; Bcc: victim@example.com wants');
    expect(mail.text).not.toContain('\u0007');
    const stored = (await offeringsInDb())[0];
    expect(stored.offererIdentity).toBe('Bad <b>guy</b> Bcc: victim@example.com');
    expect(stored.offererMessage).toBe('<script>alert("x")</script>\nline 2');
  });

  describe('bad input', () => {
    const expect422 = async (body: unknown, field: string, message?: string) => {
      const res = await post(body);
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      if (message) expect(res.body.errors[field]).toBe(message);
    };

    it('checks the e-mail (422 offererEmail), header injection included', async () => {
      const p = lists.add(ALICE);
      for (const email of ['', '   ', 'nope', 'a@b', 'a b@example.com', 'x@example.com\r\nBcc: y@example.com', 'A <a@example.com>', 'a@example.com,b@example.com', `${'a'.repeat(250)}@example.com`]) {
        await expect422(offerBody([p], { offererEmail: email }), 'offererEmail', email.trim() ? 'invalid-email' : 'required');
      }
      await expect422({ isExpectingAddress: true, products: [p] }, 'offererEmail', 'required');
    });

    it('checks the lengths (422 keyed by the field)', async () => {
      const p = lists.add(ALICE);
      await expect422(offerBody([p], { offererIdentity: 'x'.repeat(101) }), 'offererIdentity', 'too-long');
      await expect422(offerBody([p], { offererMessage: 'x'.repeat(2001) }), 'offererMessage', 'too-long');
      // Limits count what is kept (trimmed).
      expect((await post(offerBody([p], { offererIdentity: ` ${'x'.repeat(100)} `, offererMessage: `${'y'.repeat(2000)}\n\n` }))).status).toBe(201);
    });

    it('accepts missing or null optional texts', async () => {
      const p = lists.add(ALICE);
      const res = await post({ isExpectingAddress: false, products: [p], offererEmail: ' giver@example.com ', offererIdentity: null });
      expect(res.status).toBe(201);
      const [stored] = await offeringsInDb();
      expect(stored).toMatchObject({ offererEmail: 'giver@example.com', offererIdentity: '', offererMessage: '' });
      expect(mailer.to('alice@example.com')[0].text).toContain('Someone wants to offer you');
    });

    it('checks the product ids (422 products)', async () => {
      const p = lists.add(ALICE);
      await expect422(offerBody([]), 'products', 'required');
      await expect422(offerBody([p, p]), 'products', 'duplicates');
      await expect422(offerBody(['../../etc']), 'products', 'invalid-id');
      await expect422(offerBody(['']), 'products', 'invalid-id');
      await expect422(offerBody(Array.from({ length: 51 }, (_, i) => `id${i}`)), 'products', 'too-many');
      const unknown = await post(offerBody([p, 'ffffffffffffffffffffffff']));
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual({ errors: { products: 'unknown-products' }, unknown: ['ffffffffffffffffffffffff'] });
      expect(lists.held()).toEqual([]);
    });

    it('answers 400 to a malformed body and stores nothing', async () => {
      const p = lists.add(ALICE);
      const bad: unknown[] = [
        { products: [p], offererEmail: 'g@example.com' }, // isExpectingAddress missing
        offerBody([p], { isExpectingAddress: 'yes' }),
        offerBody([p], { products: p }),
        offerBody([p], { products: [1, 2] }),
        offerBody([p], { offererEmail: 42 }),
        offerBody([p], { offererMessage: ['x'] }),
        offerBody([p], { language: 'de' }),
        [offerBody([p])],
      ];
      for (const body of bad) {
        const res = await post(body);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('bad_request');
      }
      const notJson = await request(offers.app).post('/api/offerings').set('content-type', 'application/json').send('{"products": [');
      expect(notJson.status).toBe(400);
      expect(notJson.body.error.code).toBe('invalid_json');
      const huge = await post(offerBody([p], { offererMessage: 'x'.repeat(200_000) }));
      expect(huge.status).toBe(413);
      expect(await offeringsInDb()).toHaveLength(0);
      expect(lists.held()).toEqual([]);
    });
  });

  it('is rate limited per client (OFFERING_RATE_PER_CLIENT)', async () => {
    await offers.stop();
    offers = makeService({ OFFERING_RATE_PER_CLIENT: '2' });
    const p = lists.add(ALICE);
    expect((await post(offerBody([]))).status).toBe(422);
    expect((await post(offerBody([p]))).status).toBe(201);
    const limited = await post(offerBody([lists.add(ALICE)]));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('too_many_requests');
    expect(limited.headers['retry-after']).toBeDefined();
    // A forwarding header the client wrote itself gives no fresh limit.
    expect((await post(offerBody([lists.add(ALICE)]), { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    // Another client, as the gateway signs it, is not limited.
    expect((await post(offerBody([lists.add(ALICE)]), { [CLIENT_HEADER]: await signClientAddress('203.0.113.9') })).status).toBe(201);
  });

  it('gives no fresh limit to rotated forwarding headers or bad X-Wishlist-Client values: 10 of 30 accepted', async () => {
    await offers.stop();
    offers = makeService({ OFFERING_RATE_PER_CLIENT: '10' });
    const statuses: number[] = [];
    for (const attempt of await clientSpoofAttempts(30)) statuses.push((await post(offerBody([lists.add(ALICE)]), attempt.headers)).status);
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(20).fill(429)]);
    expect(await offeringsInDb()).toHaveLength(10);
  });

  it('holds one limit across two instances on one database, and across a restart', async () => {
    await offers.stop();
    offers = makeService({ OFFERING_RATE_PER_CLIENT: '3' });
    const other = makeService({ OFFERING_RATE_PER_CLIENT: '3' });
    const [a, b] = await Promise.all([offers.listen(0, '127.0.0.1'), other.listen(0, '127.0.0.1')]);
    const client = { 'content-type': 'application/json', [CLIENT_HEADER]: await signClientAddress('203.0.113.9') };
    const offerVia = async (port: number) =>
      (await fetch(`http://127.0.0.1:${port}/api/offerings`, { method: 'POST', headers: client, body: JSON.stringify(offerBody([lists.add(ALICE)])) })).status;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) statuses.push(await offerVia((i % 2 === 0 ? a : b).port));
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await other.stop();
    }
    await offers.stop();
    offers = makeService({ OFFERING_RATE_PER_CLIENT: '3' }); // restarted
    expect((await post(offerBody([lists.add(ALICE)]), { [CLIENT_HEADER]: client[CLIENT_HEADER] })).status).toBe(429);
  });
});

describe('GET /api/offerings/:id', () => {
  it('shows the offering to the owner of its products, without the giver\'s e-mail', async () => {
    const { id, productId } = await offerToAlice();
    const res = await request(offers.app).get(`/api/offerings/${id}`).set(await as(ALICE));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const p = lists.products.get(productId)!;
    expect(res.body.data).toEqual({
      id,
      offererIdentity: 'Grandma',
      offererMessage: 'Happy birthday!',
      address: '',
      products: [
        {
          id: productId,
          name: p.name,
          image: p.image,
          price: p.price,
          url: p.url,
          websiteName: p.websiteName,
          productListId: p.productListId,
          hasBeenOffered: true,
          isWishlisted: true,
          hasFocus: false,
          isMovable: false,
        },
      ],
      isExpectingAddress: true,
      state: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.stringify(res.body)).not.toContain('giver@example.com');
  });

  it('needs a sign-in (401); anyone else, or an unknown id, gets 404; a malformed id 400', async () => {
    const { id } = await offerToAlice();
    expect((await request(offers.app).get(`/api/offerings/${id}`)).status).toBe(401);
    const other = await request(offers.app).get(`/api/offerings/${id}`).set(await as(BOB));
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('offering_not_found');
    expect((await request(offers.app).get('/api/offerings/AAAAAAAAAAAAAAAAAAAAAA').set(await as(ALICE))).status).toBe(404);
    expect((await request(offers.app).get(`/api/offerings/${'x'.repeat(65)}`).set(await as(ALICE))).status).toBe(400);
    expect((await request(offers.app).get('/api/offerings/a%24b').set(await as(ALICE))).status).toBe(400);
  });
});

describe('PATCH /api/offerings/:id (the owner gives an address)', () => {
  it('records the address and mails it to the giver, in the giver\'s language', async () => {
    const { id } = await offerToAlice({ language: 'fr' });
    mailer.sent.length = 0;
    const res = await request(offers.app)
      .patch(`/api/offerings/${id}`)
      .set(await as(ALICE))
      .send({ address: '  12 rue des <Lilas>\r\n75001 Paris  ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, state: 'address-given', address: '12 rue des <Lilas>\n75001 Paris' });
    const [mail] = mailer.sent;
    expect(mail.to).toBe('giver@example.com');
    expect(mail.subject).toBe("L’adresse pour vos cadeaux");
    expect(mail.text).toContain('12 rue des <Lilas>');
    expect(mail.text).toContain('75001 Paris');
    expect(mail.html).toContain('12 rue des &lt;Lilas&gt;<br>75001 Paris');
    expect(mail.text).toContain("Liste d’envies : List of");
    const read = await request(offers.app).get(`/api/offerings/${id}`).set(await as(ALICE));
    expect(read.body.data.address).toBe('12 rue des <Lilas>\n75001 Paris');
  });

  it('answers 409 once answered, or after a refusal', async () => {
    const { id } = await offerToAlice();
    const patch = (address: string) => request(offers.app).patch(`/api/offerings/${id}`).send({ address });
    expect((await patch('Here').set(await as(ALICE))).status).toBe(200);
    const again = await patch('Elsewhere').set(await as(ALICE));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('offering_answered');
    expect((await request(offers.app).delete(`/api/offerings/${id}`).set(await as(ALICE))).status).toBe(409);

    const second = await offerToAlice();
    expect((await request(offers.app).delete(`/api/offerings/${second.id}`).set(await as(ALICE))).status).toBe(204);
    const late = await request(offers.app).patch(`/api/offerings/${second.id}`).set(await as(ALICE)).send({ address: 'Here' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('offering_refused');
  });

  it('checks the address (422), the caller (401/404) and the body shape (400)', async () => {
    const { id } = await offerToAlice();
    const patch = async (body: unknown, userId: string | null = ALICE) => {
      const req = request(offers.app).patch(`/api/offerings/${id}`);
      if (userId) req.set(await as(userId));
      return req.send(body as object);
    };
    for (const address of ['', '   \n  ']) {
      const res = await patch({ address });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { address: 'required' } });
    }
    expect((await patch({ address: 'x'.repeat(501) })).body).toEqual({ errors: { address: 'too-long' } });
    expect((await patch({})).status).toBe(400);
    expect((await patch({ address: 12 })).status).toBe(400);
    expect((await patch({ address: 'Here' }, null)).status).toBe(401);
    expect((await patch({ address: 'Here' }, BOB)).status).toBe(404);
    expect((await request(offers.app).get(`/api/offerings/${id}`).set(await as(ALICE))).body.data.state).toBe('pending');
  });

  it('lets exactly one of a concurrent address and refusal win', async () => {
    const { id, productId } = await offerToAlice();
    const [patched, deleted] = await Promise.all([
      request(offers.app).patch(`/api/offerings/${id}`).set(await as(ALICE)).send({ address: 'Here' }),
      request(offers.app).delete(`/api/offerings/${id}`).set(await as(ALICE)),
    ]);
    expect([patched.status, deleted.status].sort()).toEqual(patched.status === 200 ? [200, 409] : [204, 409]);
    const state = (await offeringsInDb())[0].state;
    expect(state).toBe(patched.status === 200 ? 'address-given' : 'refused');
    expect(lists.heldBy(productId)).toBe(patched.status === 200 ? id : null);
  });
});

describe('DELETE /api/offerings/:id (the owner refuses)', () => {
  it('clears the offered flags, tells the giver, and cannot be done twice', async () => {
    const { id, productId } = await offerToAlice();
    mailer.sent.length = 0;
    const res = await request(offers.app).delete(`/api/offerings/${id}`).set(await as(ALICE));
    expect(res.status).toBe(204);
    expect(lists.heldBy(productId)).toBeNull();
    const [mail] = mailer.sent;
    expect(mail.to).toBe('giver@example.com');
    expect(mail.subject).toBe('Your gift offer was declined');
    expect(mail.text).toContain(lists.products.get(productId)!.name);
    const read = await request(offers.app).get(`/api/offerings/${id}`).set(await as(ALICE));
    expect(read.body.data).toMatchObject({ state: 'refused' });
    expect(read.body.data.products[0].hasBeenOffered).toBe(false);
    const again = await request(offers.app).delete(`/api/offerings/${id}`).set(await as(ALICE));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('offering_refused');
    // The product can be offered again.
    expect((await post(offerBody([productId]))).status).toBe(201);
  });

  it('is refused to anyone else (404) and needs a sign-in (401)', async () => {
    const { id, productId } = await offerToAlice();
    expect((await request(offers.app).delete(`/api/offerings/${id}`)).status).toBe(401);
    expect((await request(offers.app).delete(`/api/offerings/${id}`).set(await as(BOB))).status).toBe(404);
    expect((await request(offers.app).delete('/api/offerings/unknown-id').set(await as(ALICE))).status).toBe(404);
    expect((await request(offers.app).delete('/api/offerings/bad%20id').set(await as(ALICE))).status).toBe(400);
    expect(lists.heldBy(productId)).toBe(id);
  });

  it('records the refusal when lists is down and clears the flags later', async () => {
    const { id, productId } = await offerToAlice();
    lists.control.fail = [{ route: 'release', status: 'drop' }];
    expect((await request(offers.app).delete(`/api/offerings/${id}`).set(await as(ALICE))).status).toBe(204);
    expect(lists.heldBy(productId)).toBe(id);
    expect((await offeringsInDb())[0]).toMatchObject({ state: 'refused', releasePending: true });
    await offers.offerings.sweep();
    expect(lists.heldBy(productId)).toBe(id);
    lists.control.fail = [];
    expect(await offers.offerings.sweep()).toMatchObject({ released: 1 });
    expect(lists.heldBy(productId)).toBeNull();
    expect((await offeringsInDb())[0]).toMatchObject({ releasePending: false });
  });
});

describe('POST /internal/users/:userId/erase', () => {
  it('erases the owner\'s address and link, and the giver\'s personal data; idempotent', async () => {
    const toAlice = await offerToAlice();
    await request(offers.app).patch(`/api/offerings/${toAlice.id}`).set(await as(ALICE)).send({ address: 'Secret street' }).expect(200);
    const fromAlice = await post(offerBody([lists.add(BOB)], { offererEmail: 'alice@example.com', offererIdentity: 'Alice' }), await as(ALICE));
    expect(fromAlice.status).toBe(201);
    const kept = await post(offerBody([lists.add(BOB)], { offererEmail: 'carol@example.com', offererIdentity: 'Carol' }), await as(CAROL));

    for (let i = 0; i < 2; i += 1) {
      const res = await request(offers.app).post(`/internal/users/${ALICE}/erase`).set(await fromService('auth'));
      expect(res.status).toBe(200);
      expect(res.body.data.erased).toBe(true);
    }
    const byId = new Map((await offeringsInDb()).map((o) => [String(o._id), o]));
    expect(byId.get(toAlice.id)).toMatchObject({ ownerId: null, address: null });
    expect(byId.get(fromAlice.body.data.id)).toMatchObject({ offererUserId: null, offererEmail: null, offererIdentity: '', offererMessage: '' });
    expect(byId.get(kept.body.data.id)).toMatchObject({ offererUserId: CAROL, offererEmail: 'carol@example.com', offererIdentity: 'Carol' });
    expect(JSON.stringify([...byId.values()])).not.toMatch(/alice@example\.com|Secret street/);
    expect((await request(offers.app).get(`/api/offerings/${toAlice.id}`).set(await as(ALICE))).status).toBe(404);
    // Bob still reads the offer, without the giver's name.
    const bob = await request(offers.app).get(`/api/offerings/${fromAlice.body.data.id}`).set(await as(BOB));
    expect(bob.body.data).toMatchObject({ offererIdentity: '', offererMessage: '', state: 'pending' });
  });

  it('is for the auth service only, with a well-formed id', async () => {
    expect((await request(offers.app).post(`/internal/users/${ALICE}/erase`)).status).toBe(401);
    expect((await request(offers.app).post(`/internal/users/${ALICE}/erase`).set(await fromService('gateway'))).status).toBe(403);
    expect((await request(offers.app).post(`/internal/users/${ALICE}/erase`).set(SERVICE_HEADER, (await as(ALICE))[IDENTITY_HEADER])).status).toBe(401);
    expect((await request(offers.app).post('/internal/users/a%20b/erase').set(await fromService('auth'))).status).toBe(400);
  });
});

describe('GET /health', () => {
  it('reports the service', async () => {
    const res = await request(offers.app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ service: 'offers', status: 'ok' });
  });
});
