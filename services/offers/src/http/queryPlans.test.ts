// Every query of the paths that run per request or per sweep is served by an index: `explain` on
// each one, against the embedded engine, with other offerings around so that a lookup that reads
// a whole collection shows as one. And the due-mail index stays selective: an offering that sent
// its last mail leaves it.
import mongoose from 'mongoose';
import request from 'supertest';
import { SERVICE_HEADER, signServiceAssertion } from '@wishlist/service-kit';
import { collectionScansOf } from '@wishlist/service-kit/src/testing/queryPlans';
import { Offering } from '../data/models';
import { ALICE, BOB, CAROL, GIVER, offersHarness } from '../test-support/harness';

jest.setTimeout(120_000);

const h = offersHarness();
const scans = (run: () => Promise<unknown>) => collectionScansOf(mongoose.connection, run);
const fromService = async (name: string) => ({ [SERVICE_HEADER]: await signServiceAssertion(name) });

/** Offerings to other owners, confirmed and mailed, other clients' rate counters: what an index must let a query skip. */
async function crowd(): Promise<void> {
  const expire = new Date(Date.now() + 3600_000);
  await mongoose.connection.db!.collection('rate_limits').insertMany(Array.from({ length: 5 }, (_, i) => ({ key: `offering-creation:10.0.0.${i}`, points: 1, expire })));
  // Other people's pledges (group gifts): erasure must find the person's by their index.
  await mongoose.connection.db!.collection('pledges').insertMany(
    Array.from({ length: 5 }, (_, i) => ({ productId: `p${i}`, round: 1, state: 'confirmed', name: `Pledger ${i}`, email: `pledger-${i}@example.com`, emailKey: `key-${i}`, amount: 500 })),
  );
  // Other givers' links and what they keep on their gifts.
  await mongoose.connection.db!.collection('gift_links').insertMany(Array.from({ length: 5 }, (_, i) => ({ _id: `link-${i}` as unknown as mongoose.mongo.ObjectId, emailKey: `key-${i}`, createdAt: new Date() })));
  await mongoose.connection.db!.collection('giver_gifts').insertMany(Array.from({ length: 5 }, (_, i) => ({ _id: `gift-${i}` as unknown as mongoose.mongo.ObjectId, stage: 'bought', note: '', cost: null })));
  for (const owner of [BOB, CAROL, BOB, CAROL]) {
    const res = await h.postConfirmed(h.offerBody([h.lists.add(owner)], { offererEmail: `giver-${owner[0]}@example.com` }));
    expect(res.status).toBe(201);
  }
}

describe('query plans of the per-request paths', () => {
  it('making an offer (signed out and in), reading it and answering it use indexes only', async () => {
    await crowd();
    const found = await scans(async () => {
      const { id } = await h.offerToAlice();
      const signedIn = await h.post(h.offerBody([h.lists.add(ALICE)]), await h.as(GIVER));
      expect(signedIn.status).toBe(201);
      expect((await request(h.offers.app).get(`/api/offerings/${id}`).set(await h.as(ALICE))).status).toBe(200);
      expect((await request(h.offers.app).patch(`/api/offerings/${id}`).set(await h.as(ALICE)).send({ address: '1 rue des Lilas' })).status).toBe(200);
      expect((await request(h.offers.app).patch(`/api/offerings/${signedIn.body.data.id}`).set(await h.as(ALICE)).send({ refused: true })).status).toBeLessThan(500);
    });
    expect(found).toEqual([]);
  });

  it("an account's erasure uses indexes only", async () => {
    await crowd();
    await h.offerToAlice();
    await h.post(h.offerBody([h.lists.add(BOB)]), await h.as(ALICE));
    const found = await scans(async () => {
      const res = await request(h.offers.app).post(`/internal/users/${ALICE}/erase`).set(await fromService('auth')).send({ email: 'alice@example.com' });
      expect(res.status).toBe(200);
    });
    expect(found).toEqual([]);
  });
});

describe("query plans of a giver's gifts", () => {
  it('reading them by link and signed in, marking one and the reminder sweep use indexes only', async () => {
    await crowd();
    const { id } = await h.offerToAlice({}, await h.as(GIVER));
    const receipt = h.mailer.to('giver@example.com').filter((m) => /my-gifts#token=/.test(m.text)).at(-1)!;
    const token = /my-gifts#token=([A-Za-z0-9_-]+)/.exec(receipt.text)![1];
    // An occasion in two days: the sweep looks for the offers on that list.
    h.lists.occasions.set(`list-of-${ALICE}`, { name: 'Birthday', eventDate: new Date(h.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10) });
    const found = await scans(async () => {
      expect((await request(h.offers.app).get('/api/gifts/by-link').set('X-Gifts-Token', token)).status).toBe(200);
      expect((await request(h.offers.app).get('/api/gifts').set(await h.as(GIVER))).status).toBe(200);
      expect((await request(h.offers.app).patch(`/api/gifts/${id}`).set('X-Gifts-Token', token).send({ note: 'x' })).status).toBe(200);
      await h.offers.gifts.remindGivers();
    });
    expect(found).toEqual([]);
  });
});

describe('the due-mail sweep', () => {
  it('clears nextMailAt once the last mail is sent, so the sweep reads only offerings that owe mail', async () => {
    await crowd();
    const { id } = await h.offerToAlice();
    const stored = await Offering.findById(id).lean().exec();
    expect(stored?.mailsDue).toEqual([]);
    expect(stored?.nextMailAt).toBeNull();
    expect(await Offering.countDocuments({ nextMailAt: { $ne: null } })).toBe(0);
  });

  it('cleans offerings stored with a spent nextMailAt, keeps the ones that owe mail, and uses indexes only', async () => {
    await crowd();
    const past = new Date(h.clock.now().getTime() - 3600_000);
    // Offerings stored before nextMailAt was cleared after the last mail.
    await Offering.updateMany({}, { $set: { nextMailAt: past } }).exec();
    const { id: owing } = await h.offerToAlice();
    h.users.control.status = 503; // the owner's address cannot be read: the mail stays due
    await Offering.updateOne({ _id: owing }, { $set: { mailsDue: ['owner-offer'], nextMailAt: past } }).exec();
    const found = await scans(async () => {
      await h.offers.offerings.sweep();
      await h.offers.offerings.sweep();
    });
    expect(found).toEqual([]);
    const dated = await Offering.find({ nextMailAt: { $ne: null } }).lean().exec();
    expect(dated.map((d) => String(d._id))).toEqual([owing]);
  });
});
