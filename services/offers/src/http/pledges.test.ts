import mongoose from 'mongoose';
import request from 'supertest';
import { hashCode } from '../domain/codes';
import { ALICE, BOB, offersHarness, pledgeLink, PLEDGE_LINK } from '../test-support/harness';

// A loaded machine starts the embedded engine slowly; nothing here compares durations.
jest.setTimeout(60_000);
const h = offersHarness();

const PRICE = 30_000;
const giftOfAlice = (fields: Record<string, unknown> = {}) => h.lists.add(ALICE, { price: PRICE, groupGift: true, name: 'Bike', ...fields });

const pledge = (body: Record<string, unknown>) => request(h.offers.app).post('/api/pledges').send(body);
const pledgeBody = (productId: string, n: number, amount: number, extra: Record<string, unknown> = {}) => ({
  productId,
  name: `Friend ${n}`,
  email: `friend${n}@example.com`,
  amount,
  message: `From friend ${n}`,
  ...extra,
});
const linkFor = (email: string) => {
  const mail = h.mailer.to(email).find((m) => PLEDGE_LINK.test(m.text));
  if (!mail) throw new Error(`no pledge mail to ${email}`);
  return pledgeLink(mail);
};
const confirm = (email: string) => {
  const { id, token } = linkFor(email);
  return request(h.offers.app).post(`/api/pledges/${id}/confirmation`).set('X-Pledge-Token', token);
};
const totals = (ids: string[], headers: Record<string, string> = {}) =>
  request(h.offers.app).get(`/api/group-gifts?products=${ids.join(',')}`).set(headers);
const pledgerMails = () => h.mailer.sent.filter((m) => m.to.includes('friend') && !PLEDGE_LINK.test(m.text));

describe('group gifts: pledges', () => {
  it('holds a pledge, mails only a link (token hashed), and confirms it by POST after a page that changes nothing', async () => {
    const productId = giftOfAlice();
    const res = await pledge(pledgeBody(productId, 1, 12_000, { language: 'fr' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ productId, amount: 12_000, requested: 12_000, cut: false, price: PRICE, pledged: 12_000, remaining: 18_000 });

    const [mail] = h.mailer.to('friend1@example.com');
    expect(mail.subject).toBe('Confirmez votre participation à un cadeau commun');
    expect(mail.text).not.toContain('Bike');
    expect(mail.text).not.toContain('From friend 1');
    const { id, token } = pledgeLink(mail);
    expect(token.length).toBeGreaterThanOrEqual(22);
    const stored = await mongoose.connection.db!.collection('pledges').findOne({ _id: id as never });
    expect(stored?.tokenHash).toBe(hashCode(token));
    expect(JSON.stringify(stored)).not.toContain(token);

    const page = await request(h.offers.app).get(`/api/pledges/${id}/confirmation`).set('X-Pledge-Token', token);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ state: 'unconfirmed', amount: 12_000, name: 'Friend 1', withdrawable: true, others: [] });
    const confirmed = await request(h.offers.app).post(`/api/pledges/${id}/confirmation`).send({ token });
    expect(confirmed.body.data).toEqual({ id, state: 'confirmed', amount: 12_000 });
    const again = await request(h.offers.app).post(`/api/pledges/${id}/confirmation`).set('X-Pledge-Token', token);
    expect(again.body.data.state).toBe('confirmed');

    expect((await request(h.offers.app).get(`/api/pledges/${id}/confirmation`).set('X-Pledge-Token', 'x'.repeat(22))).status).toBe(404);
    expect((await request(h.offers.app).get(`/api/pledges/${id}/confirmation`)).status).toBe(400);
    expect((await request(h.offers.app).get(`/api/pledges/${id}/confirmation?token=${token}`)).status).toBe(400);
  });

  it('shows the total to everyone, no amounts to the owner, and each pledger only the names of the others', async () => {
    const productId = giftOfAlice();
    await pledge(pledgeBody(productId, 1, 12_000));
    await pledge(pledgeBody(productId, 2, 3_000));
    await confirm('friend2@example.com');
    const anyone = await totals([productId]);
    expect(anyone.body.data).toEqual([{ productId, price: PRICE, pledged: 15_000, remaining: 15_000, minimum: 500, complete: false }]);
    const owner = await totals([productId], await h.as(ALICE));
    expect(owner.body.data).toEqual([{ productId, complete: false }]);
    const { id, token } = linkFor('friend1@example.com');
    const page = await request(h.offers.app).get(`/api/pledges/${id}/confirmation`).set('X-Pledge-Token', token);
    expect(page.body.data.others).toEqual(['Friend 2']);
    expect(JSON.stringify(page.body.data)).not.toMatch(/\b3000\b/);
    expect((await totals(['bad id'])).status).toBe(400);
  });

  it('cuts the pledge that crosses the price to what remains and says so; refuses once nothing remains', async () => {
    const productId = giftOfAlice();
    await pledge(pledgeBody(productId, 1, 28_000));
    const crossing = await pledge(pledgeBody(productId, 2, 5_000));
    expect(crossing.status).toBe(201);
    expect(crossing.body.data).toMatchObject({ amount: 2_000, requested: 5_000, cut: true, remaining: 0 });
    expect(h.mailer.to('friend2@example.com')[0].text).toContain('€50.00');
    const late = await pledge(pledgeBody(productId, 3, 1_000));
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('fully_pledged');
  });

  it('20 parallel pledges over one product: exactly the price pledged, exactly one offer, one mail to the owner and one to the pledgers', async () => {
    const productId = giftOfAlice();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, n) => pledge(pledgeBody(productId, n, 1_700 + n * 10))));
    const made = answers.filter((r) => r.status === 201);
    expect(answers.every((r) => r.status === 201 || (r.status === 409 && r.body.error.code === 'fully_pledged'))).toBe(true);
    const sum = made.reduce((s, r) => s + (r.body.data.amount as number), 0);
    expect(sum).toBe(PRICE);
    expect(made.filter((r) => r.body.data.cut).length).toBeLessThanOrEqual(1);
    const pot = await mongoose.connection.db!.collection('pledge_pots').findOne({ _id: productId as never });
    expect(pot?.pledged).toBe(PRICE);

    const emails = made.map((r) => `friend${answers.indexOf(r)}@example.com`);
    const confirmations = await Promise.all(emails.map((e) => confirm(e)));
    expect(confirmations.every((r) => r.status === 200)).toBe(true);
    await h.offers.pledges.sweep();

    const offerings = await h.offeringsInDb();
    expect(offerings).toHaveLength(1);
    expect(offerings[0]).toMatchObject({ state: 'pending', ownerId: ALICE, pledgeProductId: productId });
    expect(h.lists.heldBy(productId)).toBe(offerings[0]._id);
    const ownerMails = h.mailer.to('alice@example.com');
    expect(ownerMails).toHaveLength(1);
    expect(ownerMails[0].text).toContain('Friend');
    expect(ownerMails[0].text).not.toContain('€17');
    const together = pledgerMails();
    expect(together).toHaveLength(1);
    for (const e of emails) expect(together[0].to).toContain(e);
    expect((await totals([productId])).body.data[0]).toMatchObject({ pledged: PRICE, complete: true });
    const { id, token } = linkFor(emails[0]);
    const late = await request(h.offers.app).post(`/api/pledges/${id}/withdrawal`).set('X-Pledge-Token', token);
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('pledge_complete');
  });

  it('the owner answers as any offer: address and refusal go to every pledger in one mail; a refusal opens a new round', async () => {
    const productId = giftOfAlice();
    await pledge(pledgeBody(productId, 1, 20_000));
    await pledge(pledgeBody(productId, 2, 10_000, { language: 'fr' }));
    await confirm('friend1@example.com');
    await confirm('friend2@example.com');
    const [offering] = await h.offeringsInDb();
    const view = await request(h.offers.app).get(`/api/offerings/${offering._id}`).set(await h.as(ALICE));
    expect(view.body.data.state).toBe('pending');
    expect((view.body.data.offererIdentity as string).split(', ').sort()).toEqual(['Friend 1', 'Friend 2']);
    expect(JSON.stringify(view.body.data)).not.toContain('friend1@example.com');

    const refused = await request(h.offers.app).delete(`/api/offerings/${offering._id}`).set(await h.as(ALICE));
    expect(refused.status).toBe(204);
    const refusal = pledgerMails().filter((m) => m.subject.includes('declined'));
    expect(refusal).toHaveLength(1);
    expect(refusal[0].to.split(', ').sort()).toEqual(['friend1@example.com', 'friend2@example.com']);
    // One English, one French pledger: the one mail carries both languages.
    expect(refusal[0].text).toContain('----------');
    expect(h.lists.heldBy(productId)).toBeNull();
    expect((await totals([productId])).body.data[0]).toMatchObject({ pledged: 0, complete: false });

    await pledge(pledgeBody(productId, 3, PRICE));
    await confirm('friend3@example.com');
    const second = (await h.offeringsInDb()).find((o) => o.state === 'pending')!;
    const answered = await request(h.offers.app).patch(`/api/offerings/${second._id}`).set(await h.as(ALICE)).send({ address: '1 Main Street' });
    expect(answered.status).toBe(200);
    const address = h.mailer.to('friend3@example.com').find((m) => m.text.includes('1 Main Street'));
    expect(address).toBeDefined();
  });

  it('a pledger withdraws until the gift is complete; the amount is free again', async () => {
    const productId = giftOfAlice();
    await pledge(pledgeBody(productId, 1, 25_000));
    await confirm('friend1@example.com');
    const { id, token } = linkFor('friend1@example.com');
    const racing = await Promise.all([1, 2, 3].map(() => request(h.offers.app).post(`/api/pledges/${id}/withdrawal`).send({ token })));
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await totals([productId])).body.data[0]).toMatchObject({ pledged: 0, remaining: PRICE });
    const page = await request(h.offers.app).get(`/api/pledges/${id}/confirmation`).set('X-Pledge-Token', token);
    expect(page.body.data).toMatchObject({ state: 'withdrawn', withdrawable: false });
    expect((await request(h.offers.app).post(`/api/pledges/${id}/confirmation`).send({ token })).status).toBe(409);
  });

  it('unconfirmed pledges expire and free their amount (once, whatever the number of sweeps)', async () => {
    const productId = giftOfAlice();
    await pledge(pledgeBody(productId, 1, PRICE));
    h.clock.advance(49 * 3_600_000);
    const other = h.make();
    await Promise.all([h.offers.pledges.sweep(), other.pledges.sweep(), h.offers.pledges.sweep()]);
    expect((await totals([productId])).body.data[0]).toMatchObject({ pledged: 0 });
    const late = await confirm('friend1@example.com');
    expect(late.status).toBe(410);
    expect(late.body.error.code).toBe('pledge_expired');
    await other.stop();
  });

  it('validates every field (422), refuses products that are not group gifts (409), and basket offers of group gifts (409)', async () => {
    const productId = giftOfAlice();
    const bad = await pledge({ productId, name: '  ', email: 'not-an-address', amount: 12.5, message: 'x'.repeat(2001) });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ name: 'required', email: 'invalid-email', amount: 'invalid-amount', message: 'too-long' });
    const tooSmall = await pledge(pledgeBody(productId, 1, 499));
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.errors).toEqual({ amount: 'below-minimum' });
    expect((await pledge({ ...pledgeBody(productId, 1, 1_000), amount: '1000' })).status).toBe(422);
    expect((await request(h.offers.app).post('/api/pledges').send([1])).status).toBe(400);

    const plain = h.lists.add(BOB, { price: PRICE });
    const notGift = await pledge(pledgeBody(plain, 1, 1_000));
    expect(notGift.status).toBe(409);
    expect(notGift.body.error.code).toBe('not_group_gift');
    expect((await pledge(pledgeBody('0'.repeat(24), 1, 1_000))).status).toBe(404);

    const basket = await h.post(h.offerBody([productId]));
    expect(basket.status).toBe(409);
    expect(basket.body.error.code).toBe('group_gift');
    expect(await mongoose.connection.db!.collection('pledges').countDocuments()).toBe(0);
  });

  it('the last part may be under 5 € when it is exactly what remains', async () => {
    const productId = giftOfAlice();
    await pledge(pledgeBody(productId, 1, PRICE - 300));
    const rest = await pledge(pledgeBody(productId, 2, 300));
    expect(rest.status).toBe(201);
    expect(rest.body.data).toMatchObject({ amount: 300, remaining: 0 });
  });
});
