import request from 'supertest';
import { ALICE, offersHarness } from '../test-support/harness';

// Partial offers: a basket line gives some units of a product (the real app; lists is the fake,
// whose claim is atomic like the lists service's; the race itself is tested in the lists service).
const h = offersHarness();
const { as, offeringsInDb, offerBody } = h;
const post = h.postConfirmed;

describe('POST /api/offerings with quantities', () => {
  it('offers some units of a product: the offering, its view and the mails carry how many', async () => {
    const p = h.lists.add(ALICE, { name: 'Candle', quantity: 4 });
    const res = await post(offerBody([], { products: [{ id: p, quantity: 2 }] }));
    expect(res.status).toBe(201);
    const { id } = res.body.data;
    expect(h.lists.products.get(p)!.holds).toEqual({ [id]: 2 });
    expect(h.lists.calls.find((c) => c.route === 'claim')!.body).toMatchObject({ ids: [p], quantities: { [p]: 2 } });
    expect((await offeringsInDb())[0].products[0]).toMatchObject({ id: p, quantity: 2 });
    const read = await request(h.offers.app).get(`/api/offerings/${id}`).set(await as(ALICE));
    expect(read.body.data.products[0]).toMatchObject({ id: p, quantity: 2, hasBeenOffered: true });
    const [ownerMail] = h.mailer.to('alice@example.com');
    expect(ownerMail.text).toContain('2 × “Candle”');
    expect(ownerMail.html).toContain('<li>2 × <strong>Candle</strong>');
    expect(h.mailer.to('giver@example.com')[0].text).toContain('2 × “Candle”');
  });

  it('takes a bare id as one unit, as before quantities', async () => {
    const p = h.lists.add(ALICE, { quantity: 3 });
    const res = await post(offerBody([p]));
    expect(res.status).toBe(201);
    expect(h.lists.products.get(p)!.holds).toEqual({ [res.body.data.id]: 1 });
    expect(h.lists.calls.find((c) => c.route === 'claim')!.body).not.toHaveProperty('quantities');
    expect(h.mailer.to('alice@example.com')[0].text).not.toContain('×');
  });

  it('answers 409 with the units left when more are asked than remain; nothing is made', async () => {
    const p = h.lists.add(ALICE, { quantity: 4 });
    expect((await post(offerBody([], { products: [{ id: p, quantity: 3 }] }))).status).toBe(201);
    h.mailer.sent.length = 0;
    const res = await post(offerBody([], { products: [{ id: p, quantity: 2 }], offererEmail: 'other@example.com' }));
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('already_offered');
    expect(res.body.error.message).toMatch(/fewer are left/);
    expect(res.body).toMatchObject({ conflicts: [p], available: { [p]: 1 } });
    expect(await offeringsInDb()).toHaveLength(1);
    expect(h.mailer.sent).toHaveLength(0);
  });

  it('lets exactly one of two givers have the last unit; the other is told clearly (409)', async () => {
    const p = h.lists.add(ALICE, { quantity: 2 });
    expect((await post(offerBody([p]))).status).toBe(201);
    h.lists.control.claimDelayMs = 20;
    const answers = await Promise.all(
      ['one@example.com', 'two@example.com'].map((offererEmail) => post(offerBody([], { products: [{ id: p, quantity: 1 }], offererEmail }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const loser = answers.find((a) => a.status === 409)!;
    expect(loser.body).toMatchObject({ error: { code: 'already_offered' }, conflicts: [p], available: { [p]: 0 } });
    expect(loser.body.error.message).toMatch(/offered by someone else/);
    expect(Object.values(h.lists.products.get(p)!.holds!)).toEqual([1, 1]);
  });

  it("gives the units back when the owner refuses; the others' units stay", async () => {
    const p = h.lists.add(ALICE, { quantity: 5 });
    const first = await post(offerBody([], { products: [{ id: p, quantity: 2 }] }));
    const second = await post(offerBody([], { products: [{ id: p, quantity: 3 }], offererEmail: 'other@example.com' }));
    expect([first.status, second.status]).toEqual([201, 201]);
    const refused = await request(h.offers.app).delete(`/api/offerings/${first.body.data.id}`).set(await as(ALICE));
    expect(refused.status).toBe(204);
    expect(h.lists.products.get(p)!.holds).toEqual({ [second.body.data.id]: 3 });
    expect((await post(offerBody([], { products: [{ id: p, quantity: 2 }], offererEmail: 'third@example.com' }))).status).toBe(201);
  });

  it('gives the units back when an unconfirmed offer expires', async () => {
    const p = h.lists.add(ALICE, { quantity: 3 });
    // Not confirmed: h.post leaves the offering waiting for the giver's mail.
    const res = await h.post(offerBody([], { products: [{ id: p, quantity: 2 }] }));
    expect(res.status).toBe(201);
    expect(h.lists.products.get(p)!.holds).toEqual({ [res.body.data.id]: 2 });
    h.clock.advance(25 * 3_600_000);
    expect((await h.offers.offerings.sweep()).expired).toBe(1);
    expect(h.lists.products.get(p)!.holds).toEqual({});
  });

  it.each([
    ['quantity 0', 0, 422],
    ['quantity 100', 100, 422],
    ['quantity 1.5', 1.5, 422],
    ['quantity "2"', '2', 422],
  ])('refuses %s (422 products invalid-quantity)', async (_label, quantity, status) => {
    const p = h.lists.add(ALICE, { quantity: 4 });
    const res = await post(offerBody([], { products: [{ id: p, quantity }] }));
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ errors: { products: 'invalid-quantity' } });
    expect(await offeringsInDb()).toHaveLength(0);
  });

  it('answers 400 to a line without an id, and 422 to the same product twice', async () => {
    const p = h.lists.add(ALICE, { quantity: 4 });
    expect((await post(offerBody([], { products: [{ quantity: 1 }] }))).status).toBe(400);
    const twice = await post(offerBody([], { products: [p, { id: p, quantity: 2 }] }));
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ products: 'duplicates' });
  });
});
