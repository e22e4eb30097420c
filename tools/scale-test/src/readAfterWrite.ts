// Check 3: a read after each write. The owner writes through one gateway and reads at once through
// the other (alternating), each call landing on either copy of lists: the read always shows the
// write (added, renamed, moved, deleted products, the list's new name, and a visitor's offer).
import type { Client } from './client';
import { Tally } from './client';
import { productBody, signIn, unique } from './journeys';

type Product = { id: string; name: string; hasBeenOffered?: boolean };

export async function runReadAfterWrite(gateways: readonly Client[], rounds: number): Promise<Tally> {
  const t = new Tally();
  const via = (i: number) => gateways[i % gateways.length];
  let n = 0;
  /** A write through one gateway, then the owner's read through the next: `seen` judges the read. */
  const step = async (what: string, write: (c: Client) => Promise<number>, listId: string, seen: (products: Product[], name: string) => boolean, bearer?: string) => {
    const status = await write(via(n));
    const read = await via(n + 1).call('GET', `/api/product-lists/${listId}`, { bearer });
    n++;
    t.record(status >= 200 && status < 300 && read.status === 200 && seen(read.body.data.products as Product[], read.body.data.name as string), `${what}: write ${status}, read ${read.status}`);
  };
  try {
    const bearer = await signIn(via(0), `${unique('writer')}@example.com`, new Tally());
    const as = { bearer };
    const a = (await via(0).call('POST', '/api/product-lists', { ...as, body: { name: 'Mine' } })).body.data.id as string;
    const b = (await via(1).call('POST', '/api/product-lists', { ...as, body: { name: 'Other' } })).body.data.id as string;
    for (let r = 0; r < rounds; r++) {
      let id = '';
      await step('add a product', async (c) => {
        const res = await c.call('POST', '/api/products-in-lists', { ...as, body: productBody(a, `Thing ${r}`) });
        id = res.body?.data?.id ?? '';
        return res.status;
      }, a, (ps) => ps.some((p) => p.id === id), bearer);
      await step('rename it', async (c) => (await c.call('PATCH', `/api/product-lists/${a}/products/${id}`, { ...as, body: { name: `Renamed ${r}`, image: 'https://shop.example/a.jpg', price: 100 + r } })).status, a, (ps) => ps.find((p) => p.id === id)?.name === `Renamed ${r}`, bearer);
      await step('rename the list', async (c) => (await c.call('PATCH', `/api/product-lists/${a}`, { ...as, body: { name: `Mine ${r}` } })).status, a, (_ps, name) => name === `Mine ${r}`, bearer);
      await step('move it to another list', async (c) => (await c.call('PATCH', `/api/products-in-lists/${id}`, { ...as, body: { ...productBody(b, `Renamed ${r}`) } })).status, a, (ps) => !ps.some((p) => p.id === id), bearer);
      await step('delete it', async (c) => (await c.call('DELETE', `/api/product-lists/${b}/products/${id}`, as)).status, b, (ps) => !ps.some((p) => p.id === id), bearer);
      let gift = '';
      await step('add a gift', async (c) => {
        const res = await c.call('POST', '/api/products-in-lists', { ...as, body: productBody(b, `Gift ${r}`) });
        gift = res.body?.data?.id ?? '';
        return res.status;
      }, b, (ps) => ps.some((p) => p.id === gift), bearer);
      await step('offer it (a visitor), read by a visitor', async (c) => (await c.call('POST', '/api/offerings', { body: { isExpectingAddress: false, products: [gift], offererEmail: `v${r}@example.com`, offererIdentity: 'Visitor', offererMessage: '' } })).status, b, (ps) => ps.find((p) => p.id === gift)?.hasBeenOffered === true);
    }
  } catch (err) {
    t.record(false, `reads after writes stopped: ${(err as Error).message}`);
  }
  return t;
}
