import request from 'supertest';
import { CLIENT_HEADER, signClientAddress, type Mail } from '@wishlist/service-kit';
import type { OffersService } from './app';
import { capturingMailer } from '../test-support/fakes';
import { ALICE, BOB, offersHarness, PUBLIC_URL } from '../test-support/harness';

const h = offersHarness();

const WITHDRAWAL_LINK = /(https?:\/\/[^\s"<>]+)\/(en|fr)\/offer-withdrawal\/([A-Za-z0-9_-]+)#token=([A-Za-z0-9_-]+)/g;
const RECEIPT = /^(Your gift offer was sent|Votre offre de cadeau a été envoyée)$/;

/** The receipt mail of the giver and the withdrawal links it carries (one per offering). */
function receipt(to = 'giver@example.com'): { mail: Mail; links: { lang: string; id: string; token: string }[] } {
  const mail = h.mailer.to(to).find((m) => RECEIPT.test(m.subject));
  if (!mail) throw new Error('no receipt');
  const links = [...mail.text.matchAll(WITHDRAWAL_LINK)].map((m) => ({ lang: m[2], id: m[3], token: m[4] }));
  return { mail, links };
}

const read = (id: string, token: string) => request(h.offers.app).get(`/api/offerings/${id}/withdrawal`).set('X-Withdrawal-Token', token);
const withdraw = (id: string, token: string, service: OffersService = h.offers) =>
  request(service.app).post(`/api/offerings/${id}/withdrawal`).set('X-Withdrawal-Token', token);
const ownerRead = async (id: string, userId = ALICE) => request(h.offers.app).get(`/api/offerings/${id}`).set(await h.as(userId));
const releasesOf = (id: string) => h.lists.calls.filter((c) => c.route === 'release' && c.body.offeringId === id).length;

/** A confirmed offer of one product of Alice, and its withdrawal link from the receipt. */
async function offered(extra: Record<string, unknown> = {}) {
  const { id, productId } = await h.offerToAlice(extra);
  const { links } = receipt(String(extra.offererEmail ?? 'giver@example.com'));
  expect(links).toHaveLength(1);
  return { id, productId, token: links[0].token, lang: links[0].lang };
}

describe('the receipt mail carries a link to withdraw the offer', () => {
  it('holds a 128-bit token in the fragment; only its hash is stored', async () => {
    const { id, token } = await offered();
    const { mail } = receipt();
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(mail.text).toContain(`Withdraw my offer: ${PUBLIC_URL}/en/offer-withdrawal/${id}#token=${token}`);
    expect(mail.text).toContain('Changed your mind? As long as the owner has not answered, you can withdraw your offer:');
    expect(mail.html).toContain(`href="${PUBLIC_URL}/en/offer-withdrawal/${id}#token=${token}"`);
    const [stored] = await h.offeringsInDb();
    expect(stored.withdrawalHashes).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it("is in the giver's language", async () => {
    const { id, lang } = await offered({ language: 'fr' });
    expect(lang).toBe('fr');
    const { mail } = receipt();
    expect(mail.text).toContain(`Retirer mon offre: ${PUBLIC_URL}/fr/offer-withdrawal/${id}#token=`);
    expect(mail.text).toContain('Vous avez changé d’avis ?');
  });

  it('gives a mixed basket one link per owner, each opening its own offering only', async () => {
    const a = h.lists.add(ALICE, { name: 'Alice book' });
    const b = h.lists.add(BOB, { name: 'Bob scarf' });
    const res = await h.postConfirmed(h.offerBody([a, b]));
    const ids = res.body.data.ids as string[];
    const { links } = receipt();
    expect(links.map((l) => l.id).sort()).toEqual([...ids].sort());
    const forAlice = links.find((l) => l.id === ids[0])!;
    const forBob = links.find((l) => l.id === ids[1])!;
    expect((await read(ids[0], forBob.token)).status).toBe(404);
    expect((await withdraw(ids[0], forBob.token)).status).toBe(404);

    const page = await read(ids[1], forBob.token);
    expect(page.status).toBe(200);
    expect(page.body.data.products.map((p: { name: string }) => p.name)).toEqual(['Bob scarf']);

    h.mailer.sent.length = 0;
    expect((await withdraw(ids[1], forBob.token)).body).toEqual({ data: { id: ids[1], state: 'withdrawn' } });
    expect(h.lists.heldBy(b)).toBeNull();
    expect(h.lists.heldBy(a)).toBe(ids[0]);
    // Bob reads French: told once, in his language; Alice is told nothing.
    expect(h.mailer.sent.map((m) => [m.to, m.subject])).toEqual([['bob@example.com', 'Une offre de cadeau a été retirée']]);
    expect(h.mailer.sent[0].text).toContain('«\u00a0Bob scarf\u00a0»');
    expect(h.mailer.sent[0].text).toMatch(/\(10,04\s€\)/); // the price in Bob's language too
    expect((await read(ids[0], forAlice.token)).body.data).toMatchObject({ state: 'pending', withdrawable: true });
  });
});

describe('withdrawing', () => {
  it('shows the offering without changing anything, then withdraws it on POST', async () => {
    const { id, productId, token } = await offered({ offererMessage: 'See you soon\nLove' });
    h.mailer.sent.length = 0;
    const page = await read(id, token);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body.data).toMatchObject({
      id,
      state: 'pending',
      withdrawable: true,
      offererIdentity: 'Grandma',
      offererMessage: 'See you soon\nLove',
      isExpectingAddress: true,
      answeredAt: null,
      withdrawnAt: null,
    });
    expect(page.body.data.products).toEqual([expect.objectContaining({ id: productId, hasBeenOffered: true })]);
    expect(page.body.data).not.toHaveProperty('offererEmail');
    // Opening the page (a mail scanner following the link) changes nothing.
    expect(h.lists.heldBy(productId)).toBe(id);
    expect(h.mailer.sent).toEqual([]);

    const done = await withdraw(id, token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ data: { id, state: 'withdrawn' } });
    expect(h.lists.heldBy(productId)).toBeNull();
    expect(h.mailer.sent).toHaveLength(1);
    const [mail] = h.mailer.sent;
    expect(mail).toMatchObject({ to: 'alice@example.com', subject: 'A gift offer was withdrawn' });
    expect(mail.text).toContain('withdrew the offer:');
    expect(mail.text).not.toContain('giver@example.com');

    // Again: the same answer, nothing more happens.
    expect((await withdraw(id, token)).body).toEqual({ data: { id, state: 'withdrawn' } });
    expect(h.mailer.sent).toHaveLength(1);
    expect(releasesOf(id)).toBe(1);
    expect((await read(id, token)).body.data).toMatchObject({ state: 'withdrawn', withdrawable: false, withdrawnAt: expect.any(String) });

    // The owner sees it withdrawn and can no longer answer it.
    const owner = await ownerRead(id);
    expect(owner.body.data).toMatchObject({ state: 'withdrawn', products: [expect.objectContaining({ hasBeenOffered: false })] });
    const patch = await request(h.offers.app).patch(`/api/offerings/${id}`).set(await h.as(ALICE)).send({ address: 'Here' });
    expect([patch.status, patch.body.error.code]).toEqual([409, 'offering_withdrawn']);
    expect((await request(h.offers.app).delete(`/api/offerings/${id}`).set(await h.as(ALICE))).status).toBe(409);
    // Freed: another giver may offer the product.
    expect((await h.post(h.offerBody([productId], { offererEmail: 'other@example.com' }))).status).toBe(201);
  });

  it('takes the token from the body too, never from the query string', async () => {
    const { id, token } = await offered();
    expect((await request(h.offers.app).get(`/api/offerings/${id}/withdrawal?token=${token}`)).status).toBe(400);
    expect((await request(h.offers.app).post(`/api/offerings/${id}/withdrawal?token=${token}`)).status).toBe(400);
    const res = await request(h.offers.app).post(`/api/offerings/${id}/withdrawal`).send({ token });
    expect(res.body).toEqual({ data: { id, state: 'withdrawn' } });
  });

  it('withdraws once and mails the owner once when requests race, in one copy or two', async () => {
    const other = capturingMailer();
    const copy = h.make({}, other);
    try {
      const { id, token } = await offered();
      h.mailer.sent.length = 0;
      const answers = await Promise.all([withdraw(id, token), withdraw(id, token), withdraw(id, token, copy), withdraw(id, token, copy)]);
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const ownerMails = [...h.mailer.sent, ...other.sent].filter((m) => m.to === 'alice@example.com');
      expect(ownerMails).toHaveLength(1);
      expect(releasesOf(id)).toBe(1);
      // Sweeps of both copies later send nothing more.
      h.clock.advance(10 * 60_000);
      await h.offers.offerings.sweep();
      await copy.offerings.sweep();
      expect([...h.mailer.sent, ...other.sent].filter((m) => m.to === 'alice@example.com')).toHaveLength(1);
    } finally {
      await copy.stop();
    }
  });

  it('still withdraws when lists cannot be reached: the sweep frees the products later', async () => {
    const { id, productId, token } = await offered();
    h.lists.control.fail = [{ route: 'release', status: 'drop' }];
    expect((await withdraw(id, token)).status).toBe(200);
    expect(h.lists.heldBy(productId)).toBe(id);
    expect((await h.offeringsInDb())[0]).toMatchObject({ state: 'withdrawn', releasePending: true });
    h.lists.control.fail = [];
    h.clock.advance(61_000);
    await h.offers.offerings.sweep();
    expect(h.lists.heldBy(productId)).toBeNull();
    expect((await h.offeringsInDb())[0].releasePending).toBe(false);
  });

  it('retries the owner mail with the sweep when it cannot be sent at once', async () => {
    const { id, token } = await offered();
    h.mailer.sent.length = 0;
    h.mailer.failing = true;
    expect((await withdraw(id, token)).status).toBe(200);
    h.mailer.failing = false;
    h.clock.advance(2 * 60_000);
    await h.offers.offerings.sweep();
    expect(h.mailer.to('alice@example.com').map((m) => m.subject)).toEqual(['A gift offer was withdrawn']);
  });
});

describe('too late, or not the right link', () => {
  it('says the owner answered: the page shows why, the POST answers 409 and changes nothing', async () => {
    const { id, productId, token } = await offered();
    await request(h.offers.app).patch(`/api/offerings/${id}`).set(await h.as(ALICE)).send({ address: '1 rue de la Paix' }).expect(200);
    h.mailer.sent.length = 0;
    expect((await read(id, token)).body.data).toMatchObject({ state: 'address-given', withdrawable: false, answeredAt: expect.any(String) });
    const res = await withdraw(id, token);
    expect([res.status, res.body.error.code]).toEqual([409, 'offering_answered']);
    expect(res.body.error.message).toMatch(/already answered/);
    expect(h.lists.heldBy(productId)).toBe(id);
    expect(h.mailer.sent).toEqual([]);
    expect((await ownerRead(id)).body.data.state).toBe('address-given');
  });

  it('says the owner declined', async () => {
    const { id, token } = await offered();
    await request(h.offers.app).delete(`/api/offerings/${id}`).set(await h.as(ALICE)).expect(204);
    expect((await read(id, token)).body.data).toMatchObject({ state: 'refused', withdrawable: false });
    const res = await withdraw(id, token);
    expect([res.status, res.body.error.code]).toEqual([409, 'offering_refused']);
  });

  it('answers 404 to a wrong token as to an unknown offering, and 400 to a missing or malformed one', async () => {
    const { id, token } = await offered();
    const unknown = await read('AAAAAAAAAAAAAAAAAAAAAA', token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('offering_not_found');
    for (const wrong of ['B'.repeat(22), token.slice(0, -1), 'x y', 'é'.repeat(30)]) {
      const page = await read(id, wrong);
      expect(page.status).toBe(404);
      expect(page.body).toEqual(unknown.body);
      expect((await withdraw(id, wrong)).status).toBe(404);
    }
    expect((await request(h.offers.app).get(`/api/offerings/${id}/withdrawal`)).status).toBe(400);
    expect((await request(h.offers.app).post(`/api/offerings/${id}/withdrawal`).send({ token: 12 })).status).toBe(400);
    expect((await withdraw(id, 'a'.repeat(201))).status).toBe(400);
    expect((await withdraw('bad%20id', token)).status).toBe(400);
    expect((await h.offeringsInDb())[0].state).toBe('pending');
  });

  it('rate-limits the withdrawal per client and offering (OFFERING_WITHDRAWAL_RATE_PER_CLIENT)', async () => {
    await h.restart({ OFFERING_WITHDRAWAL_RATE_PER_CLIENT: '2' });
    const first = await offered();
    const second = await h.offerToAlice({ offererEmail: 'giver2@example.com' });
    const statuses = [(await withdraw(first.id, 'B'.repeat(22))).status, (await withdraw(first.id, 'B'.repeat(22))).status];
    const limited = await withdraw(first.id, first.token);
    expect([...statuses, limited.status]).toEqual([404, 404, 429]);
    expect(limited.body.error.code).toBe('too_many_requests');
    // Another offering from the same client, and the same offering from another client, are not limited.
    expect((await withdraw(second.id, 'B'.repeat(22))).status).toBe(404);
    const other = await request(h.offers.app)
      .post(`/api/offerings/${first.id}/withdrawal`)
      .set(CLIENT_HEADER, await signClientAddress('203.0.113.9'))
      .set('X-Withdrawal-Token', first.token);
    expect(other.status).toBe(200);
  });
});
