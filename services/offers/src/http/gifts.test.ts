import request from 'supertest';
import mongoose from 'mongoose';
import { SERVICE_HEADER, signServiceAssertion, type Mail } from '@wishlist/service-kit';
import { capturingMailer } from '../test-support/fakes';
import { ALICE, BOB, GIVER, offersHarness, pledgeLink, PLEDGE_LINK, PUBLIC_URL } from '../test-support/harness';

const h = offersHarness();

const GIFTS_LINK = /(https?:\/\/[^\s"<>]+)\/(en|fr)\/my-gifts#token=([A-Za-z0-9_-]+)/;
const RECEIPT = /^(Your gift offer was sent|Votre offre de cadeau a été envoyée)$/;
const REMINDER = /^(A reminder: the occasion of your gifts is near|Un rappel : l’occasion de vos cadeaux approche)$/;
const DAY = 86_400_000;

/** The token of the "My gifts" link of the latest receipt to `to`. */
function giftsToken(to = 'giver@example.com'): string {
  const mail = h.mailer.to(to).filter((m) => RECEIPT.test(m.subject)).at(-1);
  if (!mail) throw new Error('no receipt');
  const m = GIFTS_LINK.exec(mail.text);
  if (!m) throw new Error(`no gifts link in: ${mail.text}`);
  return m[3];
}

const byLink = (token: string) => request(h.offers.app).get('/api/gifts/by-link').set('X-Gifts-Token', token);
const patchByLink = (id: string, token: string, body: unknown) =>
  request(h.offers.app).patch(`/api/gifts/${id}`).set('X-Gifts-Token', token).send(body as object);
const day = (at: Date) => at.toISOString().slice(0, 10);
const reminders = (mails: Mail[] = h.mailer.sent) => mails.filter((m) => REMINDER.test(m.subject));

beforeEach(() => {
  h.lists.occasions.clear();
});

describe('the receipt links to the giver\'s gifts', () => {
  it('carries a 128-bit token in the fragment, in the giver\'s language; only its hash is stored', async () => {
    await h.offerToAlice({ language: 'fr' });
    const mail = h.mailer.to('giver@example.com').find((m) => RECEIPT.test(m.subject))!;
    const [, , lang, token] = GIFTS_LINK.exec(mail.text)!;
    expect(lang).toBe('fr');
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(mail.text).toContain(`Mes cadeaux: ${PUBLIC_URL}/fr/my-gifts#token=${token}`);
    expect(mail.html).toContain(`href="${PUBLIC_URL}/fr/my-gifts#token=${token}"`);
    const links = await mongoose.connection.db!.collection('gift_links').find().toArray();
    expect(links).toHaveLength(1);
    expect(JSON.stringify(links)).not.toContain(token);
    expect(JSON.stringify(await h.offeringsInDb())).not.toContain(token);
  });

  it("opens that giver's gifts only, across owners and offers", async () => {
    const first = await h.offerToAlice();
    const bobProduct = h.lists.add(BOB, { name: 'Bob scarf', listName: 'Bob birthday' });
    const second = await h.postConfirmed(h.offerBody([bobProduct]));
    await h.offerToAlice({ offererEmail: 'someone.else@example.com', offererIdentity: 'Uncle' });
    const res = await byLink(giftsToken());
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const gifts = res.body.data.gifts as { id: string; stage: string; listNames: string[]; offererIdentity: string }[];
    expect(gifts.map((g) => g.id).sort()).toEqual([first.id, second.body.data.id].sort());
    expect(gifts.every((g) => g.stage === 'offered' && g.offererIdentity === 'Grandma')).toBe(true);
    expect(gifts.find((g) => g.id === second.body.data.id)!.listNames).toEqual(['Bob birthday']);
    const other = await byLink(giftsToken('someone.else@example.com'));
    expect(other.body.data.gifts).toHaveLength(1);
    expect(other.body.data.gifts[0].offererIdentity).toBe('Uncle');
  });

  it('answers 404 for a wrong, malformed or missing token, and never reads the query string', async () => {
    const { id } = await h.offerToAlice();
    const token = giftsToken();
    for (const wrong of ['A'.repeat(22), 'not a token', '']) {
      const res = await byLink(wrong);
      expect(res.status).toBe(404);
      expect(res.body.error.code).toBe('gifts_link_invalid');
    }
    expect((await request(h.offers.app).get(`/api/gifts/by-link?token=${token}`)).status).toBe(404);
    expect((await patchByLink(id, 'A'.repeat(22), { note: 'x' })).status).toBe(404);
  });

  it('shows the address once the owner gives it, and the refusal', async () => {
    const a = await h.offerToAlice();
    const b = await h.offerToAlice();
    await request(h.offers.app).patch(`/api/offerings/${a.id}`).set(await h.as(ALICE)).send({ address: '1 rue de la Paix' });
    await request(h.offers.app).delete(`/api/offerings/${b.id}`).set(await h.as(ALICE));
    const gifts = (await byLink(giftsToken())).body.data.gifts as { id: string; stage: string; address: string; withdrawable: boolean }[];
    expect(gifts.find((g) => g.id === a.id)).toMatchObject({ stage: 'address-received', address: '1 rue de la Paix', withdrawable: false });
    expect(gifts.find((g) => g.id === b.id)).toMatchObject({ stage: 'refused', address: '', withdrawable: false });
  });
});

describe("the giver's own stage, note and cost", () => {
  it('are saved, read back, and never in what the owner reads', async () => {
    const { id } = await h.offerToAlice();
    const token = giftsToken();
    const res = await patchByLink(id, token, { stage: 'bought', note: 'Wrapped in blue paper, kept at Mum’s', cost: 2350 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, stage: 'bought', note: 'Wrapped in blue paper, kept at Mum’s', cost: 2350 });
    expect((await patchByLink(id, token, { stage: 'given' })).body.data).toMatchObject({ stage: 'given', cost: 2350 });
    const again = (await byLink(token)).body.data.gifts[0];
    expect(again).toMatchObject({ stage: 'given', note: 'Wrapped in blue paper, kept at Mum’s', cost: 2350 });

    const owner = await request(h.offers.app).get(`/api/offerings/${id}`).set(await h.as(ALICE));
    expect(owner.status).toBe(200);
    const seen = JSON.stringify(owner.body);
    expect(seen).not.toContain('blue paper');
    expect(seen).not.toContain('2350');
    expect(seen).not.toContain('given');
    expect(seen).not.toContain('bought');
    expect(JSON.stringify(await h.offeringsInDb())).not.toContain('blue paper');
    // The owner mail was sent before; nothing mails the owner about the giver's marks.
    expect(h.mailer.to('alice@example.com')).toHaveLength(1);
  });

  it('takes a mark back with null, and keeps the owner\'s answer as the stage', async () => {
    const { id } = await h.offerToAlice();
    const token = giftsToken();
    await patchByLink(id, token, { stage: 'bought' });
    const res = await patchByLink(id, token, { stage: null, cost: null });
    expect(res.body.data).toMatchObject({ stage: 'offered', cost: null });
  });

  it('refuses bad values with 422 per field, wrong types with 400', async () => {
    const { id } = await h.offerToAlice();
    const token = giftsToken();
    const cases: [unknown, Record<string, string>][] = [
      [{ stage: 'offered' }, { stage: 'invalid-stage' }],
      [{ note: 'x'.repeat(1001) }, { note: 'too-long' }],
      [{ cost: -1 }, { cost: 'invalid-cost' }],
      [{ cost: 12.5 }, { cost: 'invalid-cost' }],
      [{ cost: 10_000_001 }, { cost: 'invalid-cost' }],
    ];
    for (const [body, errors] of cases) {
      const res = await patchByLink(id, token, body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(errors);
    }
    expect((await patchByLink(id, token, { cost: '12' })).status).toBe(400);
    expect((await patchByLink(id, token, { note: 3 })).status).toBe(400);
    expect((await request(h.offers.app).patch('/api/gifts/not!an!id').set('X-Gifts-Token', token).send({})).status).toBe(400);
  });

  it("answers 404 for another giver's gift and 401 with neither link nor account", async () => {
    const mine = await h.offerToAlice();
    await h.offerToAlice({ offererEmail: 'someone.else@example.com' });
    const theirs = h.mailer.to('someone.else@example.com').find((m) => RECEIPT.test(m.subject))!;
    const theirToken = GIFTS_LINK.exec(theirs.text)![3];
    const res = await patchByLink(mine.id, theirToken, { note: 'mine now' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('gift_not_found');
    expect((await request(h.offers.app).patch(`/api/gifts/${mine.id}`).send({ note: 'x' })).status).toBe(401);
    expect((await request(h.offers.app).patch(`/api/gifts/${mine.id}`).set(await h.as(BOB)).send({ note: 'x' })).status).toBe(404);
  });

  it('cannot mark a refused gift bought (409), but keeps its note', async () => {
    const { id } = await h.offerToAlice();
    await request(h.offers.app).delete(`/api/offerings/${id}`).set(await h.as(ALICE));
    const token = giftsToken();
    const res = await patchByLink(id, token, { stage: 'bought' });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('gift_closed');
    expect((await patchByLink(id, token, { note: 'Returned to the shop' })).body.data).toMatchObject({ stage: 'refused', note: 'Returned to the shop' });
  });
});

describe('a signed-in giver', () => {
  it("sees the account's offers and those made signed out with its address, nobody else's", async () => {
    const signedOut = await h.offerToAlice();
    const signedIn = await h.offerToAlice({}, await h.as(GIVER));
    await h.offerToAlice({ offererEmail: 'someone.else@example.com' });
    const res = await request(h.offers.app).get('/api/gifts').set(await h.as(GIVER));
    expect(res.status).toBe(200);
    expect((res.body.data.gifts as { id: string }[]).map((g) => g.id).sort()).toEqual([signedOut.id, signedIn.id].sort());
    const bob = await request(h.offers.app).get('/api/gifts').set(await h.as(BOB));
    expect(bob.body.data.gifts).toEqual([]);
    expect((await request(h.offers.app).get('/api/gifts')).status).toBe(401);
  });

  it('marks and withdraws a gift without the link', async () => {
    const { id, productId } = await h.offerToAlice({}, await h.as(GIVER));
    const headers = await h.as(GIVER);
    const marked = await request(h.offers.app).patch(`/api/gifts/${id}`).set(headers).send({ note: 'Order #123' });
    expect(marked.body.data.note).toBe('Order #123');
    const res = await request(h.offers.app).post(`/api/gifts/${id}/withdrawal`).set(headers);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id, state: 'withdrawn' });
    expect(h.lists.heldBy(productId)).toBeNull();
    const gifts = (await request(h.offers.app).get('/api/gifts').set(headers)).body.data.gifts;
    expect(gifts[0]).toMatchObject({ id, stage: 'withdrawn', withdrawable: false, note: 'Order #123' });
  });
});

describe('withdrawing from the gifts page', () => {
  it('follows the withdrawal rules: once, then too late after an answer', async () => {
    const a = await h.offerToAlice();
    const b = await h.offerToAlice();
    const token = giftsToken();
    const w = (id: string) => request(h.offers.app).post(`/api/gifts/${id}/withdrawal`).set('X-Gifts-Token', token);
    expect((await w(a.id)).status).toBe(200);
    expect((await w(a.id)).body.data.state).toBe('withdrawn');
    expect(h.mailer.to('alice@example.com').filter((m) => /withdrawn/.test(m.subject))).toHaveLength(1);
    await request(h.offers.app).patch(`/api/offerings/${b.id}`).set(await h.as(ALICE)).send({ address: 'Home' });
    const late = await w(b.id);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('offering_answered');
  });
});

describe('the reminder before the occasion', () => {
  async function giftForOccasionIn(days: number, extra: Record<string, unknown> = {}) {
    h.lists.occasions.set(`list-of-${ALICE}`, { name: 'Alice birthday', eventDate: day(new Date(h.clock.now().getTime() + days * DAY)) });
    return h.offerToAlice(extra);
  }

  it('is mailed once, three days before, in the giver\'s language, with a new gifts link', async () => {
    await giftForOccasionIn(6, { language: 'fr' });
    expect(await h.offers.gifts.remindGivers()).toBe(0);
    h.clock.advance(2 * DAY);
    expect(await h.offers.gifts.remindGivers()).toBe(0);
    h.clock.advance(2 * DAY);
    expect(await h.offers.gifts.remindGivers()).toBe(1);
    expect(await h.offers.gifts.remindGivers()).toBe(0);
    const [mail] = reminders();
    expect(mail.to).toBe('giver@example.com');
    expect(mail.subject).toBe('Un rappel : l’occasion de vos cadeaux approche');
    expect(mail.text).toContain('L’occasion de la liste d’envies «\u00a0List of ' + ALICE + '\u00a0»');
    const token = GIFTS_LINK.exec(mail.text)![3];
    const gift = (await byLink(token)).body.data.gifts[0];
    expect(gift.remindedAt).not.toBeNull();
    expect(gift.eventDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('reaches a gift that is due however many older gifts wait for later occasions', async () => {
    // 600 older gifts still on their way, on a list whose occasion is two months off.
    h.lists.occasions.set(`list-of-${BOB}`, { name: 'Bob wedding', eventDate: day(new Date(h.clock.now().getTime() + 60 * DAY)) });
    const res = await h.postConfirmed(h.offerBody([h.lists.add(BOB)], { offererEmail: 'early@example.com' }));
    expect(res.status).toBe(201);
    const [model] = await h.offeringsInDb();
    const long = new Date(h.clock.now().getTime() - 30 * DAY);
    await mongoose.connection.db!.collection('offerings').insertMany(
      Array.from({ length: 600 }, (_, i) => ({ ...model, _id: `${model._id}-${i}` as never, createdAt: new Date(long.getTime() + i), updatedAt: long })),
    );
    await giftForOccasionIn(6);
    h.clock.advance(4 * DAY);
    expect(await h.offers.gifts.remindGivers()).toBe(1);
    expect(reminders().map((m) => m.to)).toEqual(['giver@example.com']);
  });

  it('is not sent for gifts offered in the last days before the occasion (the giver has just made them)', async () => {
    await giftForOccasionIn(2);
    await h.offerToAlice({ offererEmail: 'second@example.com' });
    const otherMailer = capturingMailer();
    const other = h.make({}, otherMailer);
    try {
      const counts = await Promise.all([h.offers.gifts.remindGivers(), other.gifts.remindGivers(), h.offers.gifts.remindGivers()]);
      // Offered two days before: inside the window already, so no reminder for these two.
      expect(counts.reduce((a, b) => a + b, 0)).toBe(0);
    } finally {
      await other.stop();
    }
  });

  it('goes to each giver once across two racing copies', async () => {
    await giftForOccasionIn(10);
    await h.offerToAlice({ offererEmail: 'second@example.com' });
    h.clock.advance(8 * DAY);
    const otherMailer = capturingMailer();
    const other = h.make({}, otherMailer);
    try {
      await Promise.all([h.offers.gifts.remindGivers(), other.gifts.remindGivers(), h.offers.gifts.remindGivers(), other.gifts.remindGivers()]);
      const sent = [...reminders(), ...reminders(otherMailer.sent)];
      expect(sent.map((m) => m.to).sort()).toEqual(['giver@example.com', 'second@example.com']);
      await Promise.all([h.offers.gifts.remindGivers(), other.gifts.remindGivers()]);
      expect(reminders().length + reminders(otherMailer.sent).length).toBe(2);
    } finally {
      await other.stop();
    }
  });

  it('is not sent for a gift marked given, withdrawn, refused, or without a date', async () => {
    const given = await giftForOccasionIn(10);
    await patchByLink(given.id, giftsToken(), { stage: 'given' });
    const refused = await h.offerToAlice();
    await request(h.offers.app).delete(`/api/offerings/${refused.id}`).set(await h.as(ALICE));
    const bobProduct = h.lists.add(BOB);
    await h.postConfirmed(h.offerBody([bobProduct], { offererEmail: 'nodate@example.com' }));
    h.clock.advance(8 * DAY);
    expect(await h.offers.gifts.remindGivers()).toBe(0);
    expect(reminders()).toEqual([]);
  });

  it('is tried again later when the mail cannot be sent', async () => {
    await giftForOccasionIn(10);
    h.clock.advance(8 * DAY);
    h.mailer.failing = true;
    expect(await h.offers.gifts.remindGivers()).toBe(0);
    h.mailer.failing = false;
    expect(await h.offers.gifts.remindGivers()).toBe(0);
    h.clock.advance(2 * 60_000);
    expect(await h.offers.gifts.remindGivers()).toBe(1);
  });
});

describe('group gifts on the page', () => {
  it("lists the giver's confirmed pledges (by the address), never an unconfirmed one or someone else's", async () => {
    const bike = h.lists.add(ALICE, { price: 30_000, groupGift: true, name: 'Bike', listName: 'Tom birthday' });
    const pledge = (email: string, amount: number) =>
      request(h.offers.app).post('/api/pledges').send({ productId: bike, name: 'Jo', email, amount, message: '' });
    expect((await pledge('giver@example.com', 5000)).status).toBe(201);
    expect((await pledge('someone.else@example.com', 6000)).status).toBe(201);
    const { id, token } = pledgeLink(h.mailer.to('giver@example.com').find((m) => PLEDGE_LINK.test(m.text))!);
    await h.offerToAlice();
    const token0 = giftsToken();
    expect((await byLink(token0)).body.data.pledges).toEqual([]);
    expect((await request(h.offers.app).post(`/api/pledges/${id}/confirmation`).set('X-Pledge-Token', token)).status).toBe(200);
    const res = await byLink(token0);
    expect(res.body.data.pledges).toEqual([
      {
        id,
        state: 'confirmed',
        amount: 5000,
        price: 30_000,
        product: expect.objectContaining({ name: 'Bike', listName: 'Tom birthday' }),
        createdAt: expect.any(String),
      },
    ]);
    expect((await request(h.offers.app).get('/api/gifts').set(await h.as(GIVER))).body.data.pledges).toHaveLength(1);
  });
});

describe('erasure of a giver', () => {
  it('closes their gifts link and drops what they kept', async () => {
    const { id } = await h.offerToAlice({}, await h.as(GIVER));
    const token = giftsToken();
    await patchByLink(id, token, { note: 'secret' });
    const res = await request(h.offers.app)
      .post(`/internal/users/${GIVER}/erase`)
      .set({ [SERVICE_HEADER]: await signServiceAssertion('auth') })
      .send({ email: 'giver@example.com' });
    expect(res.status).toBe(200);
    expect((await byLink(token)).status).toBe(404);
    expect(await mongoose.connection.db!.collection('giver_gifts').countDocuments()).toBe(0);
  });
});
