import request from 'supertest';
import { CLIENT_HEADER, signClientAddress } from '@wishlist/service-kit';
import { capturingMailer } from '../test-support/fakes';
import { ALICE, BOB, CAROL, offersHarness, PUBLIC_URL, verificationLink } from '../test-support/harness';

const h = offersHarness();
const DAY = 24 * 3_600_000;

/** An anonymous offer of `products` (or one new product of Alice); its verification link. */
async function anonymousOffer(extra: Record<string, unknown> = {}, products?: string[]) {
  const ids = products ?? [h.lists.add(ALICE, { name: 'Spam product name', listName: 'Spam list name' })];
  const res = await h.post(h.offerBody(ids, extra));
  expect(res.status).toBe(201);
  expect(res.body.data.confirmationRequired).toBe(true);
  const [mail] = h.verificationsTo(String(extra.offererEmail ?? 'giver@example.com'));
  return { id: res.body.data.id as string, ids: res.body.data.ids as string[], products: ids, mail, link: verificationLink(mail) };
}

const readAs = async (id: string, userId = ALICE) => request(h.offers.app).get(`/api/offerings/${id}`).set(await h.as(userId));

describe('an anonymous offer waits for its giver to confirm the address', () => {
  it('holds the products, tells nobody but the giver, and mails only fixed text and the link', async () => {
    const { id, products, mail, link } = await anonymousOffer({ offererIdentity: 'Buy cheap pills', offererMessage: 'Visit spam.example now' });
    expect(h.lists.heldBy(products[0])).toBe(id);
    expect(h.mailer.sent).toEqual([mail]);
    expect(mail.subject).toBe('Confirm your gift offer');
    expect(link).toEqual({ lang: 'en', id, code: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) });
    expect(mail.text).toContain(`${PUBLIC_URL}/en/offer-confirmation/${id}#code=`);
    expect(mail.text).toContain('Someone, probably you, offered gifts on Wishlist with this address. Confirm it within 24 hours');
    expect(mail.text).toContain('If it was not you, ignore this mail: nothing will be sent.');
    for (const chosen of ['Spam product name', 'Spam list name', 'Buy cheap pills', 'spam.example', 'alice', 'shop.example', ALICE]) {
      expect(mail.text).not.toContain(chosen);
      expect(mail.html).not.toContain(chosen);
      expect(mail.subject).not.toContain(chosen);
    }
    const [stored] = await h.offeringsInDb();
    expect(stored).toMatchObject({ state: 'unconfirmed', mailsDue: [] });
    expect(stored.codeHashes).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(link.code);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBe(DAY);
  });

  it("writes the verification mail in the giver's language", async () => {
    const { mail, link } = await anonymousOffer({ language: 'fr' });
    expect(link.lang).toBe('fr');
    expect(mail.subject).toBe('Confirmez votre offre de cadeau');
    expect(mail.html).toContain('<html lang="fr">');
    expect(mail.text).toContain('dans les 24 heures');
  });

  it('is invisible to the owner until confirmed: read, answer and refusal all answer 404', async () => {
    const { id, products } = await anonymousOffer();
    expect((await readAs(id)).status).toBe(404);
    expect((await request(h.offers.app).patch(`/api/offerings/${id}`).set(await h.as(ALICE)).send({ address: 'Here' })).status).toBe(404);
    expect((await request(h.offers.app).delete(`/api/offerings/${id}`).set(await h.as(ALICE))).status).toBe(404);
    expect(h.lists.heldBy(products[0])).toBe(id);
    // Another giver cannot take the held products meanwhile.
    expect((await h.post(h.offerBody(products, { offererEmail: 'other@example.com' }))).status).toBe(409);
  });

  it('confirms with the code: the owner and the giver get the mails of today, once', async () => {
    const { id, link } = await anonymousOffer();
    h.mailer.sent.length = 0;
    const res = await h.confirm(id, { code: link.code });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({ data: { id, state: 'pending' } });
    expect(h.mailer.to('alice@example.com')).toHaveLength(1);
    expect(h.mailer.to('alice@example.com')[0].text).toContain('An offer signed “Grandma”: this person wants to offer you');
    expect(h.mailer.to('giver@example.com').map((m) => m.subject)).toEqual(['Your gift offer was sent']);
    expect((await readAs(id)).body.data).toMatchObject({ id, state: 'pending' });

    // Confirming again is harmless.
    expect((await h.confirm(id, { code: link.code })).body).toEqual({ data: { id, state: 'pending' } });
    expect(h.mailer.sent).toHaveLength(2);
    await request(h.offers.app).patch(`/api/offerings/${id}`).set(await h.as(ALICE)).send({ address: 'Here' }).expect(200);
    expect((await h.confirm(id, { code: link.code })).body).toEqual({ data: { id, state: 'address-given' } });
  });

  it('sends the mails once when two confirmations race, in one copy of the service or two', async () => {
    const first = await anonymousOffer();
    const answers = await Promise.all([h.confirm(first.id, { code: first.link.code }), h.confirm(first.id, { code: first.link.code })]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(h.mailer.to('alice@example.com')).toHaveLength(1);

    const other = capturingMailer();
    const copy = h.make({}, other);
    try {
      const second = await anonymousOffer({ offererEmail: 'giver2@example.com' });
      const both = await Promise.all([h.confirm(second.id, { code: second.link.code }), h.confirm(second.id, { code: second.link.code }, copy)]);
      expect(both.map((r) => r.status)).toEqual([200, 200]);
      const ownerMails = [...h.mailer.sent, ...other.sent].filter((m) => m.to === 'alice@example.com' && m.text.includes(second.id));
      expect(ownerMails).toHaveLength(1);
    } finally {
      await copy.stop();
    }
  });

  it('confirms every owner of a mixed basket with the one mail; the receipt lists the whole basket', async () => {
    const a = h.lists.add(ALICE, { name: 'Alice book' });
    const b = h.lists.add(BOB, { name: 'Bob scarf' });
    const { id, ids, link } = await anonymousOffer({}, [a, b]);
    expect(ids).toHaveLength(2);
    expect(h.mailer.sent).toHaveLength(1);
    await h.confirm(id, { code: link.code }).expect(200);
    expect(h.mailer.to('alice@example.com')).toHaveLength(1);
    expect(h.mailer.to('bob@example.com')).toHaveLength(1);
    const receipt = h.mailer.to('giver@example.com').find((m) => m.subject === 'Your gift offer was sent')!;
    expect(receipt.text).toContain('Alice book');
    expect(receipt.text).toContain('Bob scarf');
    expect((await readAs(ids[1], BOB)).status).toBe(200);
  });

  it('answers 404 to a wrong code, as to an unknown offering, and 400 to a malformed body', async () => {
    const { id, link } = await anonymousOffer();
    const unknown = await h.confirm('AAAAAAAAAAAAAAAAAAAAAA', { code: link.code });
    expect(unknown.status).toBe(404);
    for (const code of ['B'.repeat(22), link.code.slice(0, -1), '', 'x y', 'é'.repeat(30)]) {
      const res = await h.confirm(id, { code });
      expect(res.status).toBe(404);
      expect(res.body).toEqual(unknown.body);
    }
    for (const body of [{}, { code: 12 }, { code: ['a'] }, { code: 'a'.repeat(201) }]) expect((await h.confirm(id, body)).status).toBe(400);
    expect((await h.confirm('bad%20id', { code: link.code })).status).toBe(400);
    expect((await h.offeringsInDb())[0].state).toBe('unconfirmed');
    expect(h.mailer.to('alice@example.com')).toHaveLength(0);
  });
});

describe('expiry of unconfirmed offers', () => {
  it('answers 410 once the delay has passed, and the sweep releases the products exactly once', async () => {
    const { id, products, link } = await anonymousOffer();
    h.clock.advance(DAY - 1000);
    expect((await h.offers.offerings.sweep()).expired).toBe(0);
    h.clock.advance(2000);
    const late = await h.confirm(id, { code: link.code });
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('offering_expired');
    expect(late.body.error.message).toMatch(/offer again/i);

    const copy = h.make();
    try {
      const results = await Promise.all([h.offers.offerings.sweep(), copy.offerings.sweep(), h.offers.offerings.sweep()]);
      expect(results.reduce((n, r) => n + r.expired, 0)).toBe(1);
    } finally {
      await copy.stop();
    }
    expect(h.lists.calls.filter((c) => c.route === 'release').map((c) => c.body)).toEqual([{ ids: products, offeringId: id }]);
    expect(h.lists.heldBy(products[0])).toBeNull();
    const [stored] = await h.offeringsInDb();
    expect(stored).toMatchObject({ state: 'expired', releasePending: false, offererEmail: null, offererIdentity: '', offererMessage: '' });
    expect((await h.confirm(id, { code: link.code })).status).toBe(410);
    expect((await readAs(id)).status).toBe(404);
    expect(h.mailer.to('alice@example.com')).toHaveLength(0);
    // The products can be offered again.
    expect((await h.post(h.offerBody(products))).status).toBe(201);
  });

  it('keeps retrying the release while lists is down; honours OFFERING_CONFIRMATION_HOURS', async () => {
    await h.restart({ OFFERING_CONFIRMATION_HOURS: '2' });
    const { id, products, mail } = await anonymousOffer();
    expect(mail.text).toContain('within 2 hours');
    h.lists.control.fail = [{ route: 'release', status: 'drop' }];
    h.clock.advance(2 * 3_600_000);
    expect((await h.offers.offerings.sweep()).expired).toBe(1);
    expect(h.lists.heldBy(products[0])).toBe(id);
    expect((await h.offeringsInDb())[0]).toMatchObject({ state: 'expired', releasePending: true });
    h.lists.control.fail = [];
    expect(await h.offers.offerings.sweep()).toMatchObject({ expired: 0, released: 1 });
    expect(h.lists.heldBy(products[0])).toBeNull();
  });
});

describe('a signed-in giver offering with their own account address', () => {
  beforeEach(() => h.users.users.set(CAROL, { email: 'Carol@Example.com', lang: 'en' }));

  it('needs no confirmation (case-insensitive): the owner is told at once', async () => {
    const res = await h.post(h.offerBody([h.lists.add(ALICE)], { offererEmail: 'carol@example.COM' }), await h.as(CAROL));
    expect(res.status).toBe(201);
    expect(res.body.data.confirmationRequired).toBe(false);
    expect(h.mailer.to('alice@example.com')).toHaveLength(1);
    expect(h.mailer.to('carol@example.COM').map((m) => m.subject)).toEqual(['Your gift offer was sent']);
    expect((await h.offeringsInDb())[0]).toMatchObject({ state: 'pending', offererUserId: CAROL, codeHashes: [] });
  });

  it('still confirms another address, a forged identity, or when auth cannot be asked', async () => {
    const other = await h.post(h.offerBody([h.lists.add(ALICE)], { offererEmail: 'someone@example.com' }), await h.as(CAROL));
    expect(other.body.data.confirmationRequired).toBe(true);
    const forged = await h.post(h.offerBody([h.lists.add(ALICE)], { offererEmail: 'carol@example.com' }), { 'x-wishlist-identity': 'not.a.jwt' });
    expect(forged.body.data.confirmationRequired).toBe(true);
    h.users.control.status = 500;
    const down = await h.post(h.offerBody([h.lists.add(ALICE)], { offererEmail: 'carol@example.com' }), await h.as(CAROL));
    expect(down.status).toBe(201);
    expect(down.body.data.confirmationRequired).toBe(true);
    expect(h.mailer.to('alice@example.com')).toHaveLength(0);
  });
});

describe('POST /api/offerings/{id}/verification-mail', () => {
  it('sends a new code at most every 10 minutes and 3 times in all; every code sent works', async () => {
    const { id, link } = await anonymousOffer();
    const tooSoon = await h.resend(id);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.error.code).toBe('verification_mail_too_soon');
    expect(Number(tooSoon.headers['retry-after'])).toBeGreaterThan(500);
    const codes = [link.code];
    for (let i = 0; i < 3; i += 1) {
      h.clock.advance(10 * 60_000);
      const res = await h.resend(id);
      expect(res.status).toBe(202);
      const mails = h.verificationsTo('giver@example.com');
      codes.push(verificationLink(mails[mails.length - 1]).code);
    }
    expect(new Set(codes).size).toBe(4);
    h.clock.advance(10 * 60_000);
    const limit = await h.resend(id);
    expect(limit.status).toBe(429);
    expect(limit.body.error.code).toBe('verification_mail_limit');
    expect(h.verificationsTo('giver@example.com')).toHaveLength(4);
    expect(h.mailer.sent).toHaveLength(4);
    // The first mail's code still confirms.
    await h.confirm(id, { code: codes[0] }).expect(200);
    expect((await h.confirm(id, { code: codes[3] })).body.data.state).toBe('pending');
  });

  it('lets the giver ask at once when the first mail could not be sent', async () => {
    h.mailer.failing = true;
    const res = await h.post(h.offerBody([h.lists.add(ALICE)]));
    expect(res.status).toBe(201);
    expect(res.body.data.confirmationRequired).toBe(true);
    expect(h.mailer.sent).toHaveLength(0);
    h.mailer.failing = false;
    expect((await h.resend(res.body.data.id)).status).toBe(202);
    const [mail] = h.verificationsTo('giver@example.com');
    await h.confirm(res.body.data.id, { code: verificationLink(mail).code }).expect(200);
    expect(h.mailer.to('alice@example.com')).toHaveLength(1);
  });

  it('answers 409 once confirmed, 410 once expired, 404 for an unknown offering', async () => {
    const confirmed = await anonymousOffer();
    await h.confirm(confirmed.id, { code: confirmed.link.code }).expect(200);
    h.clock.advance(10 * 60_000);
    expect((await h.resend(confirmed.id)).body.error.code).toBe('offering_confirmed');
    const late = await anonymousOffer({ offererEmail: 'late@example.com' });
    h.clock.advance(DAY);
    expect((await h.resend(late.id)).status).toBe(410);
    expect((await h.resend('AAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await h.resend('a%24b')).status).toBe(400);
  });
});

it('rate-limits the confirmation routes per client (OFFERING_CONFIRMATION_RATE_PER_CLIENT)', async () => {
  await h.restart({ OFFERING_CONFIRMATION_RATE_PER_CLIENT: '3' });
  const { id, link } = await anonymousOffer();
  const statuses: number[] = [];
  for (let i = 0; i < 3; i += 1) statuses.push((await h.confirm(id, { code: 'B'.repeat(22) })).status);
  const limited = await h.confirm(id, { code: link.code });
  expect([...statuses, limited.status]).toEqual([404, 404, 404, 429]);
  expect(limited.body.error.code).toBe('too_many_requests');
  expect((await h.resend(id)).status).toBe(429);
  // Another client, as the gateway signs it, is not limited.
  const other = await request(h.offers.app)
    .post(`/api/offerings/${id}/confirmation`)
    .set(CLIENT_HEADER, await signClientAddress('203.0.113.9'))
    .send({ code: link.code });
  expect(other.status).toBe(200);
});
