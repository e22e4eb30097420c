// Check 2: the offer race. Many givers offer the same product at the same moment through the
// balancer (spread over both gateways and both copies of offers and lists): exactly one offer is
// accepted (201), every other one is refused with 409, and the product reads as offered.
import type { Client } from './client';
import { Tally } from './client';
import { productBody, signIn, unique } from './journeys';

export interface RaceOptions {
  races: number;
  giversPerRace: number;
}

/** The verdict of one race from its statuses: one 201, the rest 409. */
export function judgeRace(statuses: readonly number[]): { winners: number; refused: number; other: number[] } {
  const winners = statuses.filter((s) => s === 201).length;
  const refused = statuses.filter((s) => s === 409).length;
  return { winners, refused, other: statuses.filter((s) => s !== 201 && s !== 409) };
}

export async function runRace(client: Client, givers: Client[], options: RaceOptions): Promise<Tally> {
  const t = new Tally();
  try {
    const owner = await signIn(client, `${unique('racer-owner')}@example.com`, new Tally());
    const list = await client.call('POST', '/api/product-lists', { bearer: owner, body: { name: 'Race' } });
    const listId = list.body.data.id as string;
    for (let r = 0; r < options.races; r++) {
      const product = await client.call('POST', '/api/products-in-lists', { bearer: owner, body: productBody(listId, `Prize ${r}`) });
      const productId = product.body.data.id as string;
      const answers = await Promise.all(
        Array.from({ length: options.giversPerRace }, (_, g) =>
          givers[g % givers.length].call('POST', '/api/offerings', {
            body: { isExpectingAddress: false, products: [productId], offererEmail: `giver${g}-${r}@example.com`, offererIdentity: `Giver ${g}`, offererMessage: 'Mine' },
          }),
        ),
      );
      const verdict = judgeRace(answers.map((a) => a.status));
      const why = answers.filter((a) => a.status !== 201 && a.status !== 409).map((a) => a.body?.error?.code ?? a.error ?? '');
      t.record(verdict.winners === 1 && verdict.other.length === 0, `race ${r}: ${verdict.winners} accepted, ${verdict.refused} refused, other ${verdict.other.join(',') || 'none'} ${why.join(',')}`);
    }
  } catch (err) {
    t.record(false, `race stopped: ${(err as Error).message}`);
  }
  return t;
}
