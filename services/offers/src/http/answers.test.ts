import request from 'supertest';
import { IDENTITY_HEADER, SERVICE_HEADER, signServiceAssertion } from '@wishlist/service-kit';
import { ALICE, BOB, CAROL, offersHarness } from '../test-support/harness';

// The owner's answers, account erasure and health: the real app on the embedded engine
// (test-support/harness.ts). Anonymous offers are confirmed from the verification mail by `post`;
// confirmation.test.ts is about the confirmation itself.
const h = offersHarness();
const { as, offeringsInDb, offerBody, offerToAlice } = h;
const post = h.postConfirmed;
const fromService = async (name: string) => ({ [SERVICE_HEADER]: await signServiceAssertion(name) });

describe('GET /api/offerings/:id', () => {
  it('shows the offering to the owner of its products, without the giver\'s e-mail', async () => {
    const { id, productId } = await offerToAlice();
    const res = await request(h.offers.app).get(`/api/offerings/${id}`).set(await as(ALICE));
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const p = h.lists.products.get(productId)!;
    expect(res.body.data).toEqual({
      id,
      offererIdentity: 'Grandma',
      offererMessage: 'Happy birthday!',
      address: '',
      products: [
        {
          id: productId,
          name: p.name,
          image: p.image,
          price: p.price,
          url: p.url,
          websiteName: p.websiteName,
          productListId: p.productListId,
          hasBeenOffered: true,
          quantity: 1,
          isWishlisted: true,
          hasFocus: false,
          isMovable: false,
        },
      ],
      isExpectingAddress: true,
      state: 'pending',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(JSON.stringify(res.body)).not.toContain('giver@example.com');
  });

  it('needs a sign-in (401); anyone else, or an unknown id, gets 404; a malformed id 400', async () => {
    const { id } = await offerToAlice();
    expect((await request(h.offers.app).get(`/api/offerings/${id}`)).status).toBe(401);
    const other = await request(h.offers.app).get(`/api/offerings/${id}`).set(await as(BOB));
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('offering_not_found');
    expect((await request(h.offers.app).get('/api/offerings/AAAAAAAAAAAAAAAAAAAAAA').set(await as(ALICE))).status).toBe(404);
    expect((await request(h.offers.app).get(`/api/offerings/${'x'.repeat(65)}`).set(await as(ALICE))).status).toBe(400);
    expect((await request(h.offers.app).get('/api/offerings/a%24b').set(await as(ALICE))).status).toBe(400);
  });
});

describe('PATCH /api/offerings/:id (the owner gives an address)', () => {
  it('records the address and mails it to the giver, in the giver\'s language', async () => {
    const { id } = await offerToAlice({ language: 'fr' });
    h.mailer.sent.length = 0;
    const res = await request(h.offers.app)
      .patch(`/api/offerings/${id}`)
      .set(await as(ALICE))
      .send({ address: '  12 rue des <Lilas>\r\n75001 Paris  ' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id, state: 'address-given', address: '12 rue des <Lilas>\n75001 Paris' });
    const [mail] = h.mailer.sent;
    expect(mail.to).toBe('giver@example.com');
    expect(mail.subject).toBe("L’adresse pour vos cadeaux");
    expect(mail.text).toContain('12 rue des <Lilas>');
    expect(mail.text).toContain('75001 Paris');
    expect(mail.html).toContain('12 rue des &lt;Lilas&gt;<br>75001 Paris');
    expect(mail.text).toContain("Liste d’envies : «\u00a0List of");
    const read = await request(h.offers.app).get(`/api/offerings/${id}`).set(await as(ALICE));
    expect(read.body.data.address).toBe('12 rue des <Lilas>\n75001 Paris');
  });

  it('answers 409 once answered, or after a refusal', async () => {
    const { id } = await offerToAlice();
    const patch = (address: string) => request(h.offers.app).patch(`/api/offerings/${id}`).send({ address });
    expect((await patch('Here').set(await as(ALICE))).status).toBe(200);
    const again = await patch('Elsewhere').set(await as(ALICE));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('offering_answered');
    expect((await request(h.offers.app).delete(`/api/offerings/${id}`).set(await as(ALICE))).status).toBe(409);

    const second = await offerToAlice();
    expect((await request(h.offers.app).delete(`/api/offerings/${second.id}`).set(await as(ALICE))).status).toBe(204);
    const late = await request(h.offers.app).patch(`/api/offerings/${second.id}`).set(await as(ALICE)).send({ address: 'Here' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('offering_refused');
  });

  it('checks the address (422), the caller (401/404) and the body shape (400)', async () => {
    const { id } = await offerToAlice();
    const patch = async (body: unknown, userId: string | null = ALICE) => {
      const req = request(h.offers.app).patch(`/api/offerings/${id}`);
      if (userId) req.set(await as(userId));
      return req.send(body as object);
    };
    for (const address of ['', '   \n  ']) {
      const res = await patch({ address });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({ errors: { address: 'required' } });
    }
    expect((await patch({ address: 'x'.repeat(501) })).body).toEqual({ errors: { address: 'too-long' } });
    expect((await patch({})).status).toBe(400);
    expect((await patch({ address: 12 })).status).toBe(400);
    expect((await patch({ address: 'Here' }, null)).status).toBe(401);
    expect((await patch({ address: 'Here' }, BOB)).status).toBe(404);
    expect((await request(h.offers.app).get(`/api/offerings/${id}`).set(await as(ALICE))).body.data.state).toBe('pending');
  });

  it('lets exactly one of a concurrent address and refusal win', async () => {
    const { id, productId } = await offerToAlice();
    const [patched, deleted] = await Promise.all([
      request(h.offers.app).patch(`/api/offerings/${id}`).set(await as(ALICE)).send({ address: 'Here' }),
      request(h.offers.app).delete(`/api/offerings/${id}`).set(await as(ALICE)),
    ]);
    expect([patched.status, deleted.status].sort()).toEqual(patched.status === 200 ? [200, 409] : [204, 409]);
    const state = (await offeringsInDb())[0].state;
    expect(state).toBe(patched.status === 200 ? 'address-given' : 'refused');
    expect(h.lists.heldBy(productId)).toBe(patched.status === 200 ? id : null);
  });
});

describe('DELETE /api/offerings/:id (the owner refuses)', () => {
  it('clears the offered flags, tells the giver, and cannot be done twice', async () => {
    const { id, productId } = await offerToAlice();
    h.mailer.sent.length = 0;
    const res = await request(h.offers.app).delete(`/api/offerings/${id}`).set(await as(ALICE));
    expect(res.status).toBe(204);
    expect(h.lists.heldBy(productId)).toBeNull();
    const [mail] = h.mailer.sent;
    expect(mail.to).toBe('giver@example.com');
    expect(mail.subject).toBe('Your gift offer was declined');
    expect(mail.text).toContain(h.lists.products.get(productId)!.name);
    const read = await request(h.offers.app).get(`/api/offerings/${id}`).set(await as(ALICE));
    expect(read.body.data).toMatchObject({ state: 'refused' });
    expect(read.body.data.products[0].hasBeenOffered).toBe(false);
    const again = await request(h.offers.app).delete(`/api/offerings/${id}`).set(await as(ALICE));
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('offering_refused');
    // The product can be offered again.
    expect((await post(offerBody([productId]))).status).toBe(201);
  });

  it('is refused to anyone else (404) and needs a sign-in (401)', async () => {
    const { id, productId } = await offerToAlice();
    expect((await request(h.offers.app).delete(`/api/offerings/${id}`)).status).toBe(401);
    expect((await request(h.offers.app).delete(`/api/offerings/${id}`).set(await as(BOB))).status).toBe(404);
    expect((await request(h.offers.app).delete('/api/offerings/unknown-id').set(await as(ALICE))).status).toBe(404);
    expect((await request(h.offers.app).delete('/api/offerings/bad%20id').set(await as(ALICE))).status).toBe(400);
    expect(h.lists.heldBy(productId)).toBe(id);
  });

  it('records the refusal when lists is down and clears the flags later', async () => {
    const { id, productId } = await offerToAlice();
    h.lists.control.fail = [{ route: 'release', status: 'drop' }];
    expect((await request(h.offers.app).delete(`/api/offerings/${id}`).set(await as(ALICE))).status).toBe(204);
    expect(h.lists.heldBy(productId)).toBe(id);
    expect((await offeringsInDb())[0]).toMatchObject({ state: 'refused', releasePending: true });
    await h.offers.offerings.sweep();
    expect(h.lists.heldBy(productId)).toBe(id);
    h.lists.control.fail = [];
    expect(await h.offers.offerings.sweep()).toMatchObject({ released: 1 });
    expect(h.lists.heldBy(productId)).toBeNull();
    expect((await offeringsInDb())[0]).toMatchObject({ releasePending: false });
  });
});

describe('POST /internal/users/:userId/erase', () => {
  it('erases the owner\'s address and link, and the giver\'s personal data; idempotent', async () => {
    const toAlice = await offerToAlice();
    await request(h.offers.app).patch(`/api/offerings/${toAlice.id}`).set(await as(ALICE)).send({ address: 'Secret street' }).expect(200);
    const fromAlice = await post(offerBody([h.lists.add(BOB)], { offererEmail: 'alice@example.com', offererIdentity: 'Alice' }), await as(ALICE));
    expect(fromAlice.status).toBe(201);
    const kept = await post(offerBody([h.lists.add(BOB)], { offererEmail: 'carol@example.com', offererIdentity: 'Carol' }), await as(CAROL));

    for (let i = 0; i < 2; i += 1) {
      const res = await request(h.offers.app).post(`/internal/users/${ALICE}/erase`).set(await fromService('auth'));
      expect(res.status).toBe(200);
      expect(res.body.data.erased).toBe(true);
    }
    const byId = new Map((await offeringsInDb()).map((o) => [String(o._id), o]));
    expect(byId.get(toAlice.id)).toMatchObject({ ownerId: null, address: null });
    expect(byId.get(fromAlice.body.data.id)).toMatchObject({ offererUserId: null, offererEmail: null, offererIdentity: '', offererMessage: '' });
    expect(byId.get(kept.body.data.id)).toMatchObject({ offererUserId: CAROL, offererEmail: 'carol@example.com', offererIdentity: 'Carol' });
    expect(JSON.stringify([...byId.values()])).not.toMatch(/alice@example\.com|Secret street/);
    expect((await request(h.offers.app).get(`/api/offerings/${toAlice.id}`).set(await as(ALICE))).status).toBe(404);
    // Bob still reads the offer, without the giver's name.
    const bob = await request(h.offers.app).get(`/api/offerings/${fromAlice.body.data.id}`).set(await as(BOB));
    expect(bob.body.data).toMatchObject({ offererIdentity: '', offererMessage: '', state: 'pending' });
  });

  it('is for the auth service only, with a well-formed id', async () => {
    expect((await request(h.offers.app).post(`/internal/users/${ALICE}/erase`)).status).toBe(401);
    expect((await request(h.offers.app).post(`/internal/users/${ALICE}/erase`).set(await fromService('gateway'))).status).toBe(403);
    expect((await request(h.offers.app).post(`/internal/users/${ALICE}/erase`).set(SERVICE_HEADER, (await as(ALICE))[IDENTITY_HEADER])).status).toBe(401);
    expect((await request(h.offers.app).post('/internal/users/a%20b/erase').set(await fromService('auth'))).status).toBe(400);
  });
});

describe('GET /health', () => {
  it('reports the service', async () => {
    const res = await request(h.offers.app).get('/health');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ service: 'offers', status: 'ok' });
  });
});
