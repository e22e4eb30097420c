// Check 4: a rolling restart of every box under steady load. Several clients read and write
// through the balancer without pause while each service copy, then each gateway, is stopped with
// SIGTERM (it drains), waited for, started again and waited for until ready: no request may fail.
import { Client, Tally } from './client';
import { productBody, signIn, unique } from './journeys';
import type { Box } from './stack';

export interface RollingResult {
  tally: Tally;
  /** Boxes restarted, in order. */
  restarted: string[];
  /** Requests answered while each box was down or draining, in total. */
  duringRestarts: number;
}

/** Pause of each client between two calls. */
const PACE_MS = 50;

/** One client's loop: reads and writes of its own list, each answer judged. */
async function worker(client: Client, k: number, tally: Tally, running: () => boolean, onAnswer: () => void): Promise<void> {
  const bearer = await signIn(client, `${unique(`load${k}`)}@example.com`, new Tally());
  const as = { bearer };
  const list = await client.call('POST', '/api/product-lists', { ...as, body: { name: `Load ${k}` } });
  const listId = list.body.data.id as string;
  let failedBefore = tally.failed;
  for (let n = 0; running(); n++) {
    const step = (k + n) % 6;
    if (step === 0) tally.expect(await client.call('GET', `/api/product-lists/${listId}`, as), 200, 'GET list (owner)');
    else if (step === 1) tally.expect(await client.call('GET', `/api/product-lists/${listId}`), 200, 'GET list (visitor)');
    else if (step === 2) tally.expect(await client.call('PATCH', `/api/product-lists/${listId}`, { ...as, body: { name: `Load ${k}.${n}` } }), 200, 'PATCH list');
    else if (step === 3) {
      const added = await client.call('POST', '/api/products-in-lists', { ...as, body: productBody(listId, `Item ${n}`) });
      if (tally.expect(added, 201, 'POST product')) tally.expect(await client.call('DELETE', `/api/product-lists/${listId}/products/${added.body.data.id}`, as), [200, 204], 'DELETE product');
    } else if (step === 4) {
      const added = await client.call('POST', '/api/products-in-lists', { ...as, body: productBody(listId, `Gift ${n}`) });
      if (tally.expect(added, 201, 'POST product (to offer)')) {
        const offer = await client.call('POST', '/api/offerings', {
          body: { isExpectingAddress: false, products: [added.body.data.id], offererEmail: `g${k}.${n}@example.com`, offererIdentity: 'Giver', offererMessage: '' },
        });
        tally.expect(offer, 201, 'POST /api/offerings');
      }
    } else tally.expect(await client.call('GET', '/api/favorites', as), 200, 'GET /api/favorites');
    onAnswer();
    // A steady load, not a flood: a person's pace between calls (and longer after a failure).
    await new Promise((r) => setTimeout(r, tally.failed > failedBefore ? 250 : PACE_MS));
    failedBefore = tally.failed;
  }
}

/**
 * `inRotation(box)` resolves once whatever sends traffic to the box takes it again (for a gateway,
 * the balancer's `rise` checks): the next box is stopped only then, as a rolling update waits for
 * the new pod to be ready behind its Service.
 */
export async function runRolling(
  baseUrl: string,
  boxes: readonly Box[],
  clients: number,
  log: (line: string) => void,
  inRotation: (box: Box) => Promise<void> = async () => undefined,
): Promise<RollingResult> {
  const tally = new Tally();
  let running = true;
  let answers = 0;
  const pool = Array.from({ length: clients }, () => new Client(baseUrl));
  const workers = pool.map((c, k) =>
    worker(c, k, tally, () => running, () => answers++).catch((err: Error) => {
      tally.record(false, `client ${k} stopped: ${err.message}`);
    }),
  );
  // Counted in answers, not in time: a loaded machine answers fewer per second.
  const until = async (target: number) => {
    for (let i = 0; i < 1200 && answers < target; i++) await new Promise((r) => setTimeout(r, 50));
  };
  await until(20);
  const restarted: string[] = [];
  const start = answers;
  for (const box of boxes) {
    const before = Date.now();
    await box.restart();
    await inRotation(box);
    restarted.push(box.name);
    log(`    ${box.name} restarted in ${((Date.now() - before) / 1000).toFixed(1)} s (${tally.failed}/${tally.total} failed so far)`);
    await until(answers + 10);
  }
  const duringRestarts = answers - start;
  running = false;
  await Promise.all(workers);
  await Promise.all(pool.map((c) => c.close()));
  return { tally, restarted, duringRestarts };
}
