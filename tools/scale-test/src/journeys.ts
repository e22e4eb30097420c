// Check 1: the API journeys of SPEC §7 through the balancer, each call spread over both gateways
// and both copies of its service: sign-in by code (the local outbox), lists, products, sharing,
// favorites, the basket's offer, the owner's answers (an address, a refusal), sign-out and
// account deletion.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Client } from './client';
import { Tally } from './client';

export interface Mail {
  to: string;
  text: string;
}

let tokenCounter = 0;
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;

/**
 * Where the boxes write their mails (DATA_DIR/outbox/mails.jsonl, one JSON mail a line). Read as a
 * file: a gateway behind a proxy (TRUST_PROXY) does not serve GET /dev/mails.
 */
let outboxFile = '';
export function useOutbox(file: string): void {
  outboxFile = file;
}

export function outbox(): Mail[] {
  if (!outboxFile || !existsSync(outboxFile)) return [];
  return readFileSync(outboxFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Mail];
      } catch {
        return []; // a line being written
      }
    });
}

/** Waits for the first mail that `match` finds, polling the outbox (mails may be sent after the answer). */
export async function waitForMail(match: (m: Mail) => boolean, timeoutMs = 20_000): Promise<Mail | undefined> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = outbox().find(match);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  return undefined;
}

/** Signs in by code: asks for a link, reads the code in the mail, submits it; the bearer. */
export async function signIn(client: Client, email: string, tally: Tally): Promise<string> {
  const tokenName = `t${Date.now()}${(tokenCounter += 1)}`;
  const created = await client.call('POST', '/api/tokens', { body: { email, tokenName } });
  if (!tally.expect(created, [200, 201], 'POST /api/tokens')) throw new Error(`sign-in of ${email} failed at POST /api/tokens`);
  const token = created.body?.token as string;
  const before = await client.call('GET', `/api/tokens/${tokenName}`, { bearer: token });
  tally.record(before.status !== 200 || before.body?.isValidated === false, 'GET /api/tokens/{name} validated before the code');
  const mail = await waitForMail((m) => m.to === email && m.text.includes(`/validate-email/${tokenName}/`));
  if (!tally.record(mail !== undefined, `the sign-in mail to ${email}`)) throw new Error(`no sign-in mail for ${email}`);
  const code = new RegExp(`/validate-email/${tokenName}/([A-Za-z0-9_-]+)`).exec(mail!.text)![1];
  tally.expect(await client.call('PUT', '/api/tokens', { body: { tokenName, validationCode: code } }), 200, 'PUT /api/tokens');
  const after = await client.call('GET', `/api/tokens/${tokenName}`, { bearer: token });
  tally.record(after.status === 200 && after.body?.isValidated === true, `GET /api/tokens/{name} after the code: ${after.status}`);
  return token;
}

export const productBody = (listId: string, name: string) => ({
  name,
  image: 'https://shop.example/a.jpg',
  price: 1999,
  url: `https://www.shop.example/p/${encodeURIComponent(name)}`,
  productListId: listId,
});

/** Confirms an anonymous giver's offer with the code of the verification mail. */
export async function confirmOffer(client: Client, offeringId: string, email: string, tally: Tally): Promise<void> {
  const mail = await waitForMail((m) => m.to === email && m.text.includes(`/offer-confirmation/${offeringId}#code=`));
  if (!tally.record(mail !== undefined, `the verification mail of offer ${offeringId}`)) return;
  const code = new RegExp(`/offer-confirmation/${offeringId}#code=([A-Za-z0-9_-]+)`).exec(mail!.text)![1];
  tally.expect(await client.call('POST', `/api/offerings/${offeringId}/confirmation`, { body: { code } }), 200, 'POST /api/offerings/{id}/confirmation');
}

/**
 * Whether a bearer is refused (401) within 3 s: each gateway reuses a bearer check for at most 2 s
 * (INTROSPECTION_CACHE_MS), so the gateway that did not see the revocation may accept it that long.
 */
async function refusedWithin(client: Client, bearer: string, ms = 3000): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if ((await client.call('GET', '/api/favorites', { bearer })).status === 401) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

const ids = (list: { id: string }[] | undefined) => (list ?? []).map((x) => x.id);

export async function runJourneys(client: Client): Promise<Tally> {
  const t = new Tally();
  try {
    t.expect(await client.call('OPTIONS', '/api/health'), [200, 204], 'OPTIONS /api/health');
    const ownerEmail = `${unique('owner')}@example.com`;
    const owner = await signIn(client, ownerEmail, t);
    const as = { bearer: owner };

    // Lists.
    t.expect(await client.call('GET', '/api/product-lists', as), 200, 'GET /api/product-lists');
    const list = await client.call('POST', '/api/product-lists', { ...as, body: { name: 'Birthday' } });
    t.expect(list, 201, 'POST /api/product-lists');
    const listId = list.body.data.id as string;
    const other = await client.call('POST', '/api/product-lists', { ...as, body: { name: 'Christmas' } });
    t.expect(other, 201, 'POST /api/product-lists (second)');
    const otherId = other.body.data.id as string;
    t.expect(await client.call('PATCH', `/api/product-lists/${listId}`, { ...as, body: { name: 'Birthday 30' } }), 200, 'PATCH /api/product-lists/{id}');
    const lists = await client.call('GET', '/api/product-lists', as);
    t.record(ids(lists.body?.data).includes(listId) && lists.body.data.find((l: { id: string }) => l.id === listId)?.name === 'Birthday 30', 'the renamed list in GET /api/product-lists');

    // Products.
    const a = await client.call('POST', '/api/products-in-lists', { ...as, body: productBody(listId, 'Scarf') });
    t.expect(a, 201, 'POST /api/products-in-lists');
    const b = await client.call('POST', '/api/products-in-lists', { ...as, body: productBody(listId, 'Book') });
    t.expect(b, 201, 'POST /api/products-in-lists (second)');
    const c = await client.call('POST', '/api/products-in-lists', { ...as, body: productBody(listId, 'Lamp') });
    t.expect(c, 201, 'POST /api/products-in-lists (third)');
    const [pa, pb, pc] = [a.body.data.id, b.body.data.id, c.body.data.id] as string[];
    t.expect(await client.call('GET', '/api/products-in-lists', as), 200, 'GET /api/products-in-lists');
    const one = await client.call('GET', `/api/product-lists/${listId}/products/${pa}`, as);
    t.record(one.status === 200 && one.body.data.name === 'Scarf', `GET /api/product-lists/{l}/products/{p}: ${one.status}`);
    t.expect(await client.call('PATCH', `/api/product-lists/${listId}/products/${pa}`, { ...as, body: { name: 'Red scarf', image: 'https://shop.example/b.jpg', price: 2499 } }), 200, 'PATCH /api/product-lists/{l}/products/{p}');
    t.expect(await client.call('PUT', `/api/product-lists/${listId}/products-ordering`, { ...as, body: { products: [pc, pb, pa] } }), [200, 204], 'PUT products-ordering');
    t.expect(await client.call('PATCH', `/api/products-in-lists/${pc}`, { ...as, body: { ...productBody(otherId, 'Lamp'), productListId: otherId } }), 200, 'PATCH /api/products-in-lists/{id} (move)');
    t.expect(await client.call('DELETE', `/api/product-lists/${listId}/products/${pb}`, as), [200, 204], 'DELETE /api/product-lists/{l}/products/{p}');
    const read = await client.call('GET', `/api/product-lists/${listId}`, as);
    t.record(read.status === 200 && JSON.stringify(ids(read.body.data.products)) === JSON.stringify([pa]) && read.body.data.products[0].name === 'Red scarf', `the owner's list after the edits: ${read.status}`);
    const moved = await client.call('GET', `/api/product-lists/${otherId}`, as);
    t.record(ids(moved.body?.data?.products).includes(pc), 'the moved product in its new list');

    // Sharing: anyone with the link reads the list.
    const shared = await client.call('GET', `/api/product-lists/${listId}`);
    t.record(shared.status === 200 && ids(shared.body.data.products).includes(pa), `anonymous GET /api/product-lists/{id}: ${shared.status}`);

    // Favorites: a giver signs in and keeps the list.
    const giverEmail = `${unique('giver')}@example.com`;
    const giver = await signIn(client, giverEmail, t);
    t.expect(await client.call('PUT', `/api/favorites/${listId}`, { bearer: giver }), [200, 201, 204], 'PUT /api/favorites/{id}');
    const favorites = await client.call('GET', '/api/favorites', { bearer: giver });
    t.record(ids(favorites.body?.data).includes(listId), 'the list in GET /api/favorites');
    t.expect(await client.call('DELETE', `/api/favorites/${listId}`, { bearer: giver }), [200, 204], 'DELETE /api/favorites/{id}');

    // The basket's offer, expecting an address: confirmed from the mail, answered with an address.
    const offer = await client.call('POST', '/api/offerings', {
      body: { isExpectingAddress: true, products: [pa], offererEmail: giverEmail, offererIdentity: 'Grandma', offererMessage: 'Love' },
    });
    t.expect(offer, 201, 'POST /api/offerings');
    const offeringId = offer.body?.data?.id as string;
    await confirmOffer(client, offeringId, giverEmail, t);
    const seen = await client.call('GET', `/api/offerings/${offeringId}`, as);
    t.expect(seen, 200, 'GET /api/offerings/{id} (owner)');
    const offeredRead = await client.call('GET', `/api/product-lists/${listId}`);
    t.record(offeredRead.body?.data?.products?.[0]?.hasBeenOffered === true, 'the offered product read as offered');
    const answered = await client.call('PATCH', `/api/offerings/${offeringId}`, { ...as, body: { address: '12 rue des Lilas\n75001 Paris' } });
    t.record(answered.status === 200 && answered.body.data.state === 'address-given', `PATCH /api/offerings/{id} (address): ${answered.status}`);
    const addressMail = await waitForMail((m) => m.to === giverEmail && m.text.includes('12 rue des Lilas'));
    t.record(addressMail !== undefined, 'the address mailed to the giver');

    // A second offer (a signed-in giver), refused by the owner: the product is free again.
    const second = await client.call('POST', '/api/offerings', {
      bearer: giver,
      body: { isExpectingAddress: true, products: [pc], offererEmail: giverEmail, offererIdentity: 'Uncle', offererMessage: 'Hi' },
    });
    t.expect(second, 201, 'POST /api/offerings (signed in)');
    const secondId = second.body?.data?.id as string;
    if (second.body?.data?.state === 'unconfirmed' || second.body?.data?.state === 'awaiting-confirmation') await confirmOffer(client, secondId, giverEmail, t);
    t.expect(await client.call('DELETE', `/api/offerings/${secondId}`, as), [200, 204], 'DELETE /api/offerings/{id} (refusal)');
    const freed = await client.call('GET', `/api/product-lists/${otherId}`);
    t.record(freed.body?.data?.products?.find((p: { id: string }) => p.id === pc)?.hasBeenOffered === false, 'the refused product free again');

    // Sign-out, then account deletion.
    t.expect(await client.call('DELETE', '/api/tokens', { body: { token: giver } }), [200, 204], 'DELETE /api/tokens');
    t.record(await refusedWithin(client, giver), 'a revoked bearer refused within the gateways\' 2 s bearer cache');
    t.expect(await client.call('DELETE', `/api/product-lists/${otherId}`, as), [200, 204], 'DELETE /api/product-lists/{id}');
    t.expect(await client.call('DELETE', '/api/accounts', as), [200, 204], 'DELETE /api/accounts');
    t.record(await refusedWithin(client, owner), 'the deleted account\'s bearer refused within the gateways\' 2 s bearer cache');
    // The erasure reaches the lists service (possibly after the answer): the list is gone.
    let gone = false;
    for (let i = 0; i < 40 && !gone; i++) {
      gone = (await client.call('GET', `/api/product-lists/${listId}`)).status === 404;
      if (!gone) await new Promise((r) => setTimeout(r, 250));
    }
    t.record(gone, 'the deleted account\'s list erased');
  } catch (err) {
    t.record(false, `journey stopped: ${(err as Error).message}`);
  }
  return t;
}
