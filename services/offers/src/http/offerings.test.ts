import request from 'supertest';
import mongoose from 'mongoose';
import { CLIENT_HEADER, clientSpoofAttempts, IDENTITY_HEADER, signClientAddress } from '@wishlist/service-kit';
import { ALICE, BOB, CAROL, GIVER, offersHarness, PUBLIC_URL } from '../test-support/harness';

// Making offers: the real app on the embedded engine (test-support/harness.ts).
// Anonymous offers are confirmed from the verification mail by `post`; confirmation.test.ts is
// about the confirmation itself.
const h = offersHarness();
const { as, offeringsInDb, offerBody, offerToAlice } = h;
const post = h.postConfirmed;

describe('POST /api/offerings', () => {
  it('makes an offer without sign-in: products flagged, owner and giver told, random id', async () => {
    const p1 = h.lists.add(ALICE, { name: 'Teddy bear', price: 2599 });
    const p2 = h.lists.add(ALICE, { name: 'Kite', price: null });
    const res = await post(offerBody([p1, p2]), { 'accept-language': 'fr-CA,fr;q=0.9' });
    expect(res.status).toBe(201);
    const { id, ids } = res.body.data;
    expect(ids).toEqual([id]);
    expect(res.body.data.confirmationRequired).toBe(true); // confirmed by post() from the mail's code
    expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(id).not.toMatch(/^[0-9a-f]{24}$/);
    expect(h.lists.heldBy(p1)).toBe(id);
    expect(h.lists.heldBy(p2)).toBe(id);
    expect(h.lists.calls.every((c) => c.caller === 'offers')).toBe(true);

    const [ownerMail] = h.mailer.to('alice@example.com');
    expect(ownerMail.subject).toBe('Someone wants to offer you gifts from your wish list');
    for (const body of [ownerMail.text, ownerMail.html]) {
      expect(body).toContain(`${PUBLIC_URL}/offerings/${id}`);
      expect(body).toContain(`${PUBLIC_URL}/offerings/${id}/refuse`);
      expect(body).toContain('Teddy bear');
      expect(body).toContain('Kite');
      expect(body).toContain('An offer signed “Grandma”: this person wants to offer you');
      expect(body).toContain('Happy birthday!');
      expect(body).toContain('They need your postal address');
      expect(body).not.toContain('giver@example.com');
    }
    expect(ownerMail.text).toContain('€25.99'); // the owner reads English
    expect(ownerMail.text).toContain('-.-- €');

    const [confirmation] = h.mailer.to('giver@example.com');
    expect(confirmation.subject).toBe('Votre offre de cadeau a été envoyée');
    expect(confirmation.text).toContain('Teddy bear');
    expect(confirmation.html).toContain('<html lang="fr">');
    expect(h.mailer.sent).toHaveLength(2);

    const stored = await offeringsInDb();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ _id: id, state: 'pending', ownerId: ALICE, offererUserId: null, offererLang: 'fr', mailsDue: [] });
  });

  it('records a signed-in giver and takes the language from the body first', async () => {
    const p = h.lists.add(BOB);
    const res = await post(offerBody([p], { language: 'en' }), { ...(await as(CAROL)), 'accept-language': 'fr' });
    expect(res.status).toBe(201);
    const [stored] = await offeringsInDb();
    expect(stored).toMatchObject({ offererUserId: CAROL, offererLang: 'en' });
    expect(h.mailer.to('giver@example.com')[0].subject).toBe('Your gift offer was sent');
    // Bob reads French.
    expect(h.mailer.to('bob@example.com')[0].subject).toBe("Quelqu’un veut vous offrir des cadeaux de votre liste d’envies");
    expect(h.mailer.to('bob@example.com')[0].text).toContain('/refuse');
  });

  it('ignores a forged identity (the giver stays anonymous)', async () => {
    const p = h.lists.add(BOB);
    const res = await post(offerBody([p]), { [IDENTITY_HEADER]: 'not.a.jwt' });
    expect(res.status).toBe(201);
    expect((await offeringsInDb())[0].offererUserId).toBeNull();
  });

  it('splits a basket mixing several owners: each owner gets only their products', async () => {
    const a1 = h.lists.add(ALICE, { name: 'Alice book' });
    const b1 = h.lists.add(BOB, { name: 'Bob scarf' });
    const a2 = h.lists.add(ALICE, { name: 'Alice pen' });
    const res = await post(offerBody([a1, b1, a2], { isExpectingAddress: false }));
    expect(res.status).toBe(201);
    const { id, ids } = res.body.data;
    expect(ids).toHaveLength(2);
    expect(id).toBe(ids[0]);
    const [toAlice, toBob] = ids as string[];
    expect(h.lists.heldBy(a1)).toBe(toAlice);
    expect(h.lists.heldBy(a2)).toBe(toAlice);
    expect(h.lists.heldBy(b1)).toBe(toBob);

    const aliceMails = h.mailer.to('alice@example.com');
    const bobMails = h.mailer.to('bob@example.com');
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
    const confirmation = h.mailer.to('giver@example.com');
    expect(confirmation).toHaveLength(1);
    for (const name of ['Alice book', 'Bob scarf', 'Alice pen']) expect(confirmation[0].text).toContain(name);

    const alice = await request(h.offers.app).get(`/api/offerings/${toAlice}`).set(await as(ALICE));
    expect(alice.body.data.products.map((p: { id: string }) => p.id)).toEqual([a1, a2]);
    expect((await request(h.offers.app).get(`/api/offerings/${toBob}`).set(await as(ALICE))).status).toBe(404);
    const bob = await request(h.offers.app).get(`/api/offerings/${toBob}`).set(await as(BOB));
    expect(bob.body.data.products.map((p: { id: string }) => p.id)).toEqual([b1]);
  });

  it('answers 409 with the conflicts when a product is offered already; nothing is made', async () => {
    const { productId: taken } = await offerToAlice();
    const free = h.lists.add(ALICE);
    h.mailer.sent.length = 0;
    const res = await post(offerBody([free, taken]));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('already_offered');
    expect(res.body.error.message).toMatch(/offered by someone else/);
    expect(res.body.conflicts).toEqual([taken]);
    expect(h.lists.heldBy(free)).toBeNull();
    expect(await offeringsInDb()).toHaveLength(1);
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('lets exactly one of several concurrent offers have a product; the others get 409', async () => {
    const p = h.lists.add(ALICE);
    h.lists.control.claimDelayMs = 20;
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
    expect(h.lists.heldBy(p)).toBe(winner);
    expect(h.mailer.to('alice@example.com')).toHaveLength(1);
  });

  it('releases the first owner\'s products when the second owner\'s claim conflicts (409)', async () => {
    const a = h.lists.add(ALICE);
    const b = h.lists.add(BOB);
    h.lists.control.fail = [{ route: 'claim', ownerId: BOB, status: 409 }];
    const res = await post(offerBody([a, b]));
    expect(res.status).toBe(409);
    expect(res.body.conflicts).toEqual([b]);
    expect(h.lists.held()).toEqual([]);
    expect(h.lists.calls.filter((c) => c.route === 'release')).toHaveLength(2);
    expect(await offeringsInDb()).toHaveLength(0);
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('answers 503 and undoes everything when lists fails a claim (500)', async () => {
    const a = h.lists.add(ALICE);
    const b = h.lists.add(BOB);
    h.lists.control.fail = [{ route: 'claim', ownerId: BOB, status: 500 }];
    const res = await post(offerBody([a, b]));
    expect(res.status).toBe(503);
    expect(res.body.error.code).toBe('service_unavailable');
    expect(h.lists.held()).toEqual([]);
    expect(await offeringsInDb()).toHaveLength(0);
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('answers 503 when lists is unreachable; what could not be undone yet is rolled back by the sweep', async () => {
    const a = h.lists.add(ALICE);
    // Lookup works, then lists goes away before the claim.
    h.lists.control.fail = [
      { route: 'claim', status: 'drop' },
      { route: 'release', status: 'drop' },
    ];
    const res = await post(offerBody([a]));
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/lists service is unreachable/);
    const [draft] = await offeringsInDb();
    expect(draft.state).toBe('creating'); // invisible: nobody can read or answer it
    expect((await request(h.offers.app).get(`/api/offerings/${draft._id}`).set(await as(ALICE))).status).toBe(404);
    expect(h.mailer.sent).toHaveLength(0);

    h.lists.control.fail = [];
    await h.offers.offerings.sweep(); // too recent: left alone
    expect(await offeringsInDb()).toHaveLength(1);
    h.clock.advance(61_000);
    expect(await h.offers.offerings.sweep()).toMatchObject({ rolledBack: 1 });
    expect(await offeringsInDb()).toHaveLength(0);
    expect(h.lists.calls.filter((c) => c.route === 'release').at(-1)!.body).toEqual({ ids: [a], offeringId: draft._id });
    // The product can be offered again.
    expect((await post(offerBody([a]))).status).toBe(201);
  });

  it('answers 503 and stores nothing when the lookup fails', async () => {
    const a = h.lists.add(ALICE);
    h.lists.control.fail = [{ route: 'lookup', status: 'drop' }];
    expect((await post(offerBody([a]))).status).toBe(503);
    h.lists.control.fail = [{ route: 'lookup', status: 500 }];
    expect((await post(offerBody([a]))).status).toBe(503);
    expect(await offeringsInDb()).toHaveLength(0);
  });

  it('rolls back, on start, a creation interrupted by a crash (flags held, offering never finished)', async () => {
    const a = h.lists.add(ALICE);
    const fresh = h.lists.add(BOB);
    const old = new Date(h.clock.now().getTime() - 5 * 60_000);
    const base = { basketId: 'x', products: [], isExpectingAddress: true, offererEmail: 'g@example.com', offererLang: 'en', mailsDue: [] };
    await mongoose.connection.db!.collection('offerings').insertMany([
      { ...base, _id: 'crashed-offering-id-0001', state: 'creating', ownerId: ALICE, products: [{ id: a }], createdAt: old },
      { ...base, _id: 'in-progress-offering-01', state: 'creating', ownerId: BOB, products: [{ id: fresh }], createdAt: h.clock.now() },
    ] as never[]);
    h.lists.products.get(a)!.heldBy = 'crashed-offering-id-0001';
    h.lists.products.get(fresh)!.heldBy = 'in-progress-offering-01';
    h.offers.start();
    await h.offers.stop(); // waits for the first pass
    expect(h.lists.heldBy(a)).toBeNull();
    expect(h.lists.heldBy(fresh)).toBe('in-progress-offering-01');
    expect((await offeringsInDb()).map((o) => o._id)).toEqual(['in-progress-offering-01']);
  });

  it('still makes the offer when a mail cannot be sent, and sends it later', async () => {
    h.mailer.failing = true;
    const { id } = await offerToAlice({}, await as(GIVER));
    expect(h.mailer.sent).toHaveLength(0);
    expect((await offeringsInDb())[0].mailsDue).toEqual(['owner-offer', 'keepers-offer', 'giver-confirmation']);
    h.mailer.failing = false;
    await h.offers.offerings.sweep(); // not due yet
    expect(h.mailer.sent).toHaveLength(0);
    h.clock.advance(60_000);
    await h.offers.offerings.sweep();
    expect(h.mailer.sent.map((m) => m.to).sort()).toEqual(['alice@example.com', 'giver@example.com']);
    expect(h.mailer.to('alice@example.com')[0].text).toContain(`/offerings/${id}`);
    expect((await offeringsInDb())[0].mailsDue).toEqual([]);
  });

  it('makes the offer without an owner mail when the owner account is gone; retries when auth is down', async () => {
    h.users.users.delete(ALICE);
    await offerToAlice();
    expect(h.mailer.to('alice@example.com')).toHaveLength(0);
    expect(h.mailer.to('giver@example.com')).toHaveLength(1);
    expect((await offeringsInDb())[0].mailsDue).toEqual([]);

    h.users.control.status = 500;
    h.lists.add(BOB);
    const res = await post(offerBody([h.lists.add(BOB)]));
    expect(res.status).toBe(201);
    expect(h.mailer.to('bob@example.com')).toHaveLength(0);
    h.users.control.status = 0;
    h.clock.advance(60_000);
    await h.offers.offerings.sweep();
    expect(h.mailer.to('bob@example.com')).toHaveLength(1);
  });

  it('escapes every user-supplied text in the HTML and keeps user text out of the headers', async () => {
    const p = h.lists.add(ALICE, { name: '<img src=x onerror=alert(1)>', websiteName: '"evil.example' });
    const res = await post(
      offerBody([p], {
        offererIdentity: 'Bad <b>guy</b>\r\nBcc: victim@example.com',
        offererMessage: '<script>alert("x")</script>\nline 2\u0007',
      }),
    );
    expect(res.status).toBe(201);
    const [mail] = h.mailer.to('alice@example.com');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).not.toContain('guy');
    expect(mail.html).not.toMatch(/<script|<img|<b>/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>line 2');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('“Bad &lt;b&gt;guy&lt;/b&gt; Bcc: victim@example.com”: this person wants');
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
      const p = h.lists.add(ALICE);
      for (const email of ['', '   ', 'nope', 'a@b', 'a b@example.com', 'x@example.com\r\nBcc: y@example.com', 'A <a@example.com>', 'a@example.com,b@example.com', `${'a'.repeat(250)}@example.com`]) {
        await expect422(offerBody([p], { offererEmail: email }), 'offererEmail', email.trim() ? 'invalid-email' : 'required');
      }
      await expect422({ isExpectingAddress: true, products: [p] }, 'offererEmail', 'required');
    });

    it('checks the lengths (422 keyed by the field)', async () => {
      const p = h.lists.add(ALICE);
      await expect422(offerBody([p], { offererIdentity: 'x'.repeat(101) }), 'offererIdentity', 'too-long');
      await expect422(offerBody([p], { offererMessage: 'x'.repeat(2001) }), 'offererMessage', 'too-long');
      // Limits count what is kept (trimmed).
      expect((await post(offerBody([p], { offererIdentity: ` ${'x'.repeat(100)} `, offererMessage: `${'y'.repeat(2000)}\n\n` }))).status).toBe(201);
    });

    it('accepts missing or null optional texts', async () => {
      const p = h.lists.add(ALICE);
      const res = await post({ isExpectingAddress: false, products: [p], offererEmail: ' giver@example.com ', offererIdentity: null });
      expect(res.status).toBe(201);
      const [stored] = await offeringsInDb();
      expect(stored).toMatchObject({ offererEmail: 'giver@example.com', offererIdentity: '', offererMessage: '' });
      expect(h.mailer.to('alice@example.com')[0].text).toContain('Someone wants to offer you');
    });

    it('checks the product ids (422 products)', async () => {
      const p = h.lists.add(ALICE);
      await expect422(offerBody([]), 'products', 'required');
      await expect422(offerBody([p, p]), 'products', 'duplicates');
      await expect422(offerBody(['../../etc']), 'products', 'invalid-id');
      await expect422(offerBody(['']), 'products', 'invalid-id');
      await expect422(offerBody(Array.from({ length: 51 }, (_, i) => `id${i}`)), 'products', 'too-many');
      const unknown = await post(offerBody([p, 'ffffffffffffffffffffffff']));
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual({ errors: { products: 'unknown-products' }, unknown: ['ffffffffffffffffffffffff'] });
      expect(h.lists.held()).toEqual([]);
    });

    it('answers 400 to a malformed body and stores nothing', async () => {
      const p = h.lists.add(ALICE);
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
      const notJson = await request(h.offers.app).post('/api/offerings').set('content-type', 'application/json').send('{"products": [');
      expect(notJson.status).toBe(400);
      expect(notJson.body.error.code).toBe('invalid_json');
      const huge = await post(offerBody([p], { offererMessage: 'x'.repeat(200_000) }));
      expect(huge.status).toBe(413);
      expect(await offeringsInDb()).toHaveLength(0);
      expect(h.lists.held()).toEqual([]);
    });
  });

  it('is rate limited per client (OFFERING_RATE_PER_CLIENT)', async () => {
    await h.restart({ OFFERING_RATE_PER_CLIENT: '2' });
    const p = h.lists.add(ALICE);
    expect((await post(offerBody([]))).status).toBe(422);
    expect((await post(offerBody([p]))).status).toBe(201);
    const limited = await post(offerBody([h.lists.add(ALICE)]));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('too_many_requests');
    expect(limited.headers['retry-after']).toBeDefined();
    // A forwarding header the client wrote itself gives no fresh limit.
    expect((await post(offerBody([h.lists.add(ALICE)]), { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    // Another client, as the gateway signs it, is not limited.
    expect((await post(offerBody([h.lists.add(ALICE)]), { [CLIENT_HEADER]: await signClientAddress('203.0.113.9') })).status).toBe(201);
  });

  it('gives no fresh limit to rotated forwarding headers or bad X-Wishlist-Client values: 10 of 30 accepted', async () => {
    await h.restart({ OFFERING_RATE_PER_CLIENT: '10' });
    const statuses: number[] = [];
    for (const attempt of await clientSpoofAttempts(30)) statuses.push((await post(offerBody([h.lists.add(ALICE)]), attempt.headers)).status);
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(20).fill(429)]);
    expect(await offeringsInDb()).toHaveLength(10);
  });

  it('holds one limit across two instances on one database, and across a restart', async () => {
    await h.restart({ OFFERING_RATE_PER_CLIENT: '3' });
    const other = h.make({ OFFERING_RATE_PER_CLIENT: '3' });
    const [a, b] = await Promise.all([h.offers.listen(0, '127.0.0.1'), other.listen(0, '127.0.0.1')]);
    const client = { 'content-type': 'application/json', [CLIENT_HEADER]: await signClientAddress('203.0.113.9') };
    const offerVia = async (port: number) =>
      (await fetch(`http://127.0.0.1:${port}/api/offerings`, { method: 'POST', headers: client, body: JSON.stringify(offerBody([h.lists.add(ALICE)])) })).status;
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) statuses.push(await offerVia((i % 2 === 0 ? a : b).port));
      expect(statuses).toEqual([201, 201, 201, 429, 429, 429, 429, 429]);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await other.stop();
    }
    await h.restart({ OFFERING_RATE_PER_CLIENT: '3' }); // restarted
    expect((await post(offerBody([h.lists.add(ALICE)]), { [CLIENT_HEADER]: client[CLIENT_HEADER] })).status).toBe(429);
  });
});
