import request from 'supertest';
import { ALICE, BOB, CAROL, offersHarness } from '../test-support/harness';

// Offers on lists kept by several people: the lists service (faked here) says who keeps a list;
// on a list for someone else (or a couple's), its managers see each offer, are mailed about it
// and may answer it, once for all of them; on the owner's own list they do not.
const h = offersHarness();
const LIST = 'f'.repeat(24);

async function offerOnKeptList(recipient: 'me' | 'someone-else' | 'us') {
  h.lists.keepers.set(LIST, { ownerId: ALICE, managerIds: [BOB], recipient });
  const productId = h.lists.add(ALICE, { productListId: LIST, listName: 'For Léa' });
  const res = await h.postConfirmed(h.offerBody([productId]));
  expect(res.status).toBe(201);
  return { id: res.body.data.id as string, productId };
}

describe('offers on a list kept for someone else', () => {
  it('mails every keeper once, each in their language; a manager reads it and answers it, once for all', async () => {
    const { id } = await offerOnKeptList('someone-else');
    await h.offers.offerings.sendDueMails(id);
    const toAlice = h.mailer.to('alice@example.com').filter((m) => m.text.includes(`/offerings/${id}`));
    const toBob = h.mailer.to('bob@example.com').filter((m) => m.text.includes(`/offerings/${id}`));
    expect(toAlice).toHaveLength(1);
    expect(toBob).toHaveLength(1);
    expect(toBob[0].html).toContain('lang="fr"');
    expect(h.mailer.to('carol@example.com')).toHaveLength(0);

    const read = await request(h.offers.app).get(`/api/offerings/${id}`).set(await h.as(BOB));
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(id);
    expect((await request(h.offers.app).get(`/api/offerings/${id}`).set(await h.as(CAROL))).status).toBe(404);

    const answered = await request(h.offers.app).patch(`/api/offerings/${id}`).set(await h.as(BOB)).send({ address: '1 rue des Lilas, Paris' });
    expect(answered.status).toBe(200);
    // The owner sees the manager's answer, and cannot answer a second time.
    const seen = await request(h.offers.app).get(`/api/offerings/${id}`).set(await h.as(ALICE));
    expect(seen.body.data).toEqual(expect.objectContaining({ state: 'address-given', address: '1 rue des Lilas, Paris' }));
    expect((await request(h.offers.app).patch(`/api/offerings/${id}`).set(await h.as(ALICE)).send({ address: 'elsewhere' })).status).toBe(409);
    expect((await request(h.offers.app).delete(`/api/offerings/${id}`).set(await h.as(BOB))).status).toBe(409);
  });

  it('a removed manager loses the offer at once', async () => {
    const { id } = await offerOnKeptList('someone-else');
    expect((await request(h.offers.app).get(`/api/offerings/${id}`).set(await h.as(BOB))).status).toBe(200);
    h.lists.keepers.set(LIST, { ownerId: ALICE, managerIds: [], recipient: 'someone-else' });
    expect((await request(h.offers.app).get(`/api/offerings/${id}`).set(await h.as(BOB))).status).toBe(404);
    expect((await request(h.offers.app).delete(`/api/offerings/${id}`).set(await h.as(BOB))).status).toBe(404);
  });

  it('a keeper may give on the list too', async () => {
    h.lists.keepers.set(LIST, { ownerId: ALICE, managerIds: [BOB], recipient: 'someone-else' });
    const productId = h.lists.add(ALICE, { productListId: LIST });
    const res = await h.postConfirmed(h.offerBody([productId], { offererEmail: 'bob@example.com' }));
    expect(res.status).toBe(201);
  });
});

describe("offers on the owner's own list", () => {
  it('its managers are neither mailed nor shown the offer', async () => {
    const { id } = await offerOnKeptList('me');
    await h.offers.offerings.sendDueMails(id);
    expect(h.mailer.to('alice@example.com').filter((m) => m.text.includes(`/offerings/${id}`))).toHaveLength(1);
    expect(h.mailer.to('bob@example.com')).toHaveLength(0);
    expect((await request(h.offers.app).get(`/api/offerings/${id}`).set(await h.as(BOB))).status).toBe(404);
  });
});

describe("offers on a couple's list", () => {
  it('both keepers receive: both are told and either answers', async () => {
    const { id } = await offerOnKeptList('us');
    await h.offers.offerings.sendDueMails(id);
    expect(h.mailer.to('bob@example.com').filter((m) => m.text.includes(`/offerings/${id}`))).toHaveLength(1);
    expect((await request(h.offers.app).delete(`/api/offerings/${id}`).set(await h.as(BOB))).status).toBe(204);
  });
});
