import request from 'supertest';
import { ALICE, BOB, offersHarness, PUBLIC_URL } from '../test-support/harness';

// Offers on surprise lists: the owner learns who and their message, never what, until the reveal.
// A loaded machine starts the embedded engine slowly; nothing here compares durations.
jest.setTimeout(60_000);
const h = offersHarness();
const { as, offerBody } = h;

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-15`;
const LAST_YEAR = `${new Date().getUTCFullYear() - 1}-06-15`;
const surprising = (eventDate: string | null = NEXT_YEAR) => ({ surprise: true, revealAt: null, eventDate, revealed: false });

const read = async (id: string, ownerId = ALICE) => request(h.offers.app).get(`/api/offerings/${id}`).set(await as(ownerId));

async function offer(ownerId: string, listSurprise?: ReturnType<typeof surprising>) {
  const productId = h.lists.add(ownerId, { name: 'Secret teddy bear', price: 2599, listName: 'Birthday', ...(listSurprise ? { listSurprise } : {}) });
  const res = await h.postConfirmed(offerBody([productId]));
  expect(res.status).toBe(201);
  return { id: res.body.data.id as string, productId };
}

describe('offers on a surprise list, before the reveal', () => {
  it("mail the owner who and their message, in the owner's language, without any product", async () => {
    const { id } = await offer(ALICE, surprising());
    const [mail] = h.mailer.to('alice@example.com');
    expect(mail.subject).toBe('Someone wants to send you a surprise');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('“Grandma” wants to send you a gift from your wish list.');
      expect(body).toContain('Happy birthday!');
      expect(body).toContain('Birthday');
      expect(body).toContain(`${PUBLIC_URL}/offerings/${id}`);
      expect(body).toContain(`${PUBLIC_URL}/offerings/${id}/refuse`);
      expect(body).toContain('They need your postal address');
      expect(body).not.toContain('teddy');
      expect(body).not.toContain('25.99');
      expect(body).not.toContain('shop.example');
    }
    expect(mail.text).toContain(`You will see what you were given from 16 June ${NEXT_YEAR.slice(0, 4)}.`);
    // The giver's receipt names what they offer, as always.
    expect(h.mailer.to('giver@example.com')[0].text).toContain('Secret teddy bear');

    await offer(BOB, surprising(null));
    const [french] = h.mailer.to('bob@example.com');
    expect(french.subject).toBe('Quelqu’un veut vous faire une surprise');
    expect(french.html).toContain('<html lang="fr">');
    expect(french.text).toContain('Vous verrez ce que l’on vous a offert quand vous le déciderez');
    expect(french.text).not.toContain('teddy');
  });

  it('escape what the giver typed in the HTML mail', async () => {
    const productId = h.lists.add(ALICE, { listSurprise: surprising() });
    await h.postConfirmed(offerBody([productId], { offererIdentity: '<b>Eve</b>', offererMessage: '<img src=x onerror=alert(1)>' }));
    const [mail] = h.mailer.to('alice@example.com');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('<b>Eve</b>');
  });

  it('answer the owner without products (productsHidden), also after giving an address', async () => {
    const { id } = await offer(ALICE, surprising());
    const res = await read(id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      offererIdentity: 'Grandma',
      offererMessage: 'Happy birthday!',
      isExpectingAddress: true,
      products: [],
      productsHidden: true,
      revealsAt: `${NEXT_YEAR.slice(0, 8)}16T00:00:00.000Z`,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/teddy|2599|shop\.example/i);

    const answered = await request(h.offers.app).patch(`/api/offerings/${id}`).set(await as(ALICE)).send({ address: '1 Main St' });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({ state: 'address-given', products: [], productsHidden: true });
    // The giver gets the address with what they offered.
    expect(h.mailer.to('giver@example.com').at(-1)!.text).toContain('1 Main St');
  });

  it('stay hidden when the lists service cannot be asked (what the offer kept)', async () => {
    const { id } = await offer(ALICE, surprising());
    h.lists.control.fail = [{ route: 'lookup', status: 503 }];
    const res = await read(id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ products: [], productsHidden: true });
  });
});

describe('offers on a surprise list, after the reveal', () => {
  it('show the owner the products once the list says so (occasion over, or "Show me anyway")', async () => {
    const { id, productId } = await offer(ALICE, surprising());
    expect((await read(id)).body.data.productsHidden).toBe(true);
    h.lists.products.get(productId)!.listSurprise = { ...surprising(), revealed: true };
    const shown = (await read(id)).body.data;
    expect(shown.products).toHaveLength(1);
    expect(shown.products[0]).toMatchObject({ id: productId, name: 'Secret teddy bear', price: 2599 });
    expect(shown).not.toHaveProperty('productsHidden');

    const late = await offer(BOB, surprising(LAST_YEAR));
    expect(h.mailer.to('bob@example.com')[0].text).toContain('Secret teddy bear');
    expect((await read(late.id, BOB)).body.data.products).toHaveLength(1);
  });
});

describe('offers on a list that keeps no surprise', () => {
  it('are mailed and answered with their products, as SPEC §7 says', async () => {
    const { id } = await offer(ALICE);
    expect(h.mailer.to('alice@example.com')[0].subject).toBe('Someone wants to offer you gifts from your wish list');
    expect(h.mailer.to('alice@example.com')[0].text).toContain('Secret teddy bear');
    const data = (await read(id)).body.data;
    expect(data.products[0]).toMatchObject({ name: 'Secret teddy bear' });
    expect(data).not.toHaveProperty('productsHidden');
  });
});
