import request from 'supertest';
import mongoose from 'mongoose';
import { SERVICE_HEADER, signServiceAssertion } from '@wishlist/service-kit';
import { ALICE, BOB, CAROL, GIVER, offersHarness } from '../test-support/harness';

// Account erasure by address: what a person gave while signed out goes with their account. The
// real app on the embedded engine (test-support/harness.ts).
const h = offersHarness();
const { as, offeringsInDb, offerBody } = h;
const fromService = async (name: string) => ({ [SERVICE_HEADER]: await signServiceAssertion(name) });
const erase = async (userId: string, body?: object) => {
  const call = request(h.offers.app).post(`/internal/users/${userId}/erase`).set(await fromService('auth'));
  return body ? call.send(body) : call;
};

describe('POST /internal/users/:userId/erase with the account\'s address', () => {
  it('erases the giver\'s identity from every offer made with the address, signed out and in any case', async () => {
    const signedOut = await h.postConfirmed(offerBody([h.lists.add(ALICE)], { offererEmail: 'Carol@Example.COM', offererIdentity: 'Carol', offererMessage: 'Hi' }));
    const later = await h.postConfirmed(offerBody([h.lists.add(BOB)], { offererEmail: 'carol@example.com', offererIdentity: 'C.' }));
    const other = await h.postConfirmed(offerBody([h.lists.add(BOB)], { offererEmail: 'dave@example.com', offererIdentity: 'Dave' }));
    for (const res of [signedOut, later, other]) expect(res.status).toBe(201);

    const res = await erase(CAROL, { email: 'carol@example.com' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ erased: true, asGiver: 2 });
    const byId = new Map((await offeringsInDb()).map((o) => [String(o._id), o]));
    for (const id of [signedOut.body.data.id, later.body.data.id]) {
      expect(byId.get(id)).toMatchObject({ offererEmail: null, offererEmailKey: null, offererIdentity: '', offererMessage: '' });
    }
    expect(byId.get(other.body.data.id)).toMatchObject({ offererEmail: 'dave@example.com', offererIdentity: 'Dave' });
    expect(JSON.stringify([...byId.values()])).not.toMatch(/carol@example\.com|Carol/i);

    // Again, and by two copies at once: nothing more is changed.
    const copy = h.make();
    const again = await Promise.all([
      erase(CAROL, { email: 'carol@example.com' }),
      request(copy.app).post(`/internal/users/${CAROL}/erase`).set(await fromService('auth')).send({ email: 'carol@example.com' }),
    ]);
    expect(again.map((r) => [r.status, r.body.data.asGiver])).toEqual([
      [200, 0],
      [200, 0],
    ]);
  });

  it('mails nothing to the address afterwards, and the owner\'s answers still work', async () => {
    const toAlice = await h.postConfirmed(offerBody([h.lists.add(ALICE)], { offererEmail: 'carol@example.com' }));
    const toBob = await h.postConfirmed(offerBody([h.lists.add(BOB)], { offererEmail: 'carol@example.com' }));
    await erase(CAROL, { email: 'carol@example.com' }).then((r) => expect(r.status).toBe(200));
    h.mailer.sent.length = 0;

    const given = await request(h.offers.app).patch(`/api/offerings/${toAlice.body.data.id}`).set(await as(ALICE)).send({ address: '1 Main St' });
    expect(given.status).toBe(200);
    expect(given.body.data).toMatchObject({ state: 'address-given', offererIdentity: '' });
    expect((await request(h.offers.app).delete(`/api/offerings/${toBob.body.data.id}`).set(await as(BOB))).status).toBe(204);
    h.clock.advance(3_600_000);
    await h.offers.offerings.sweep();
    expect(h.mailer.to('carol@example.com')).toEqual([]);
    expect(h.mailer.sent).toEqual([]);
  });

  it('cancels the mails still due to the address; the owner\'s mail still goes out', async () => {
    h.mailer.failing = true;
    const res = await h.post(offerBody([h.lists.add(ALICE)]), await as(GIVER));
    expect(res.status).toBe(201);
    expect((await offeringsInDb())[0].mailsDue).toEqual(['owner-offer', 'keepers-offer', 'giver-confirmation']);
    // Matched by the address alone (the user id is another one here).
    await erase(BOB, { email: 'Giver@Example.com' }).then((r) => expect(r.status).toBe(200));
    expect((await offeringsInDb())[0].mailsDue).toEqual(['owner-offer', 'keepers-offer']);
    h.mailer.failing = false;
    h.clock.advance(60_000);
    await h.offers.offerings.sweep();
    expect(h.mailer.sent.map((m) => m.to)).toEqual(['alice@example.com']);
  });

  it('erases offerings stored without the address key, matching the address case-insensitively', async () => {
    const legacy = { basketId: 'b', state: 'pending', ownerId: ALICE, products: [], isExpectingAddress: true, offererIdentity: 'Carol', offererMessage: 'Hi', offererUserId: null, offererLang: 'en', mailsDue: ['giver-confirmation'], createdAt: new Date() };
    await mongoose.connection.db!.collection('offerings').insertMany([
      { ...legacy, _id: 'legacy-carol-000000001', offererEmail: 'Carol@Example.com' },
      { ...legacy, _id: 'legacy-other-000000001', offererEmail: 'xcarol@example.com' },
    ] as never[]);
    expect((await erase(CAROL, { email: 'carol@example.com' })).body.data.asGiver).toBe(1);
    const byId = new Map((await offeringsInDb()).map((o) => [String(o._id), o]));
    expect(byId.get('legacy-carol-000000001')).toMatchObject({ offererEmail: null, offererIdentity: '', offererMessage: '', mailsDue: [] });
    expect(byId.get('legacy-other-000000001')).toMatchObject({ offererEmail: 'xcarol@example.com', offererIdentity: 'Carol' });
  });

  it('still erases by user id only without a body; a malformed address is 400 and erases nothing', async () => {
    const res = await h.postConfirmed(offerBody([h.lists.add(ALICE)], { offererEmail: 'carol@example.com' }));
    expect((await erase(CAROL)).body.data).toMatchObject({ asGiver: 0 });
    for (const email of ['not an address', 42, 'x'.repeat(300) + '@example.com']) {
      const bad = await erase(CAROL, { email });
      expect(bad.status).toBe(400);
      expect(bad.body.error.code).toBeDefined();
    }
    expect((await offeringsInDb()).find((o) => o._id === res.body.data.id)).toMatchObject({ offererEmail: 'carol@example.com' });
  });
});
