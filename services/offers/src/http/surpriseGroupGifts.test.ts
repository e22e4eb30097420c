import request from 'supertest';
import { ALICE, offersHarness, pledgeLink, PLEDGE_LINK } from '../test-support/harness';

// A group gift on a surprise list: once fully pledged, its owner is told who and their messages,
// never what, and is not told the gift is complete before the reveal.
jest.setTimeout(60_000);
const h = offersHarness();

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-15`;
const PRICE = 10_000;

async function fullyPledged(productId: string) {
  for (const n of [1, 2]) {
    const email = `friend${n}@example.com`;
    const res = await request(h.offers.app).post('/api/pledges').send({ productId, name: `Friend ${n}`, email, amount: PRICE / 2, message: `From friend ${n}` });
    expect(res.status).toBe(201);
    const { id, token } = pledgeLink(h.mailer.to(email).find((m) => PLEDGE_LINK.test(m.text))!);
    expect((await request(h.offers.app).post(`/api/pledges/${id}/confirmation`).send({ token })).status).toBe(200);
  }
}

describe('group gifts on a surprise list', () => {
  it('mail the owner without the product and do not tell them the gift is complete, until the reveal', async () => {
    const facts = { surprise: true, revealAt: null, eventDate: NEXT_YEAR, revealed: false };
    const productId = h.lists.add(ALICE, { price: PRICE, groupGift: true, name: 'Secret bike', listSurprise: facts });
    await fullyPledged(productId);
    const owner = h.mailer.to('alice@example.com');
    expect(owner).toHaveLength(1);
    expect(owner[0].subject).toBe('Someone wants to send you a surprise');
    expect(owner[0].text).toContain('From friend 1');
    expect(owner[0].text).not.toContain('Secret bike');

    const asOwner = async () => (await request(h.offers.app).get(`/api/group-gifts?products=${productId}`).set(await h.as(ALICE))).body.data;
    expect(await asOwner()).toEqual([{ productId, complete: false }]);
    // Visitors still see it complete, so nobody pledges again.
    expect((await request(h.offers.app).get(`/api/group-gifts?products=${productId}`)).body.data[0]).toMatchObject({ complete: true });

    h.lists.products.get(productId)!.listSurprise = { ...facts, revealed: true };
    expect(await asOwner()).toEqual([{ productId, complete: true }]);
  });
});
