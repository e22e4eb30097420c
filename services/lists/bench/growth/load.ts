// Clients of `npm run bench:growth`: timed HTTP requests, run by N clients at once.
import { IDENTITY_HEADER, signIdentity } from '@wishlist/service-kit';

export interface Timed {
  startMs: number;
  endMs: number;
  ms: number;
  ok: boolean;
  status: number;
}

const now = () => performance.now();

/** One request, timed; a refused connection or a timeout counts as a failure (status 0). */
export async function timed(url: string, init: RequestInit = {}, expect = 200): Promise<Timed> {
  const startMs = now();
  let status = 0;
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(120_000) });
    status = res.status;
    await res.arrayBuffer();
  } catch {
    // status 0
  }
  const endMs = now();
  return { startMs, endMs, ms: endMs - startMs, ok: status === expect, status };
}

/** `clients` loops at once, each running `perClient` requests one after the other. */
export async function runClients(clients: number, perClient: number, request: (client: number, i: number) => Promise<Timed>): Promise<Timed[]> {
  const all: Timed[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let i = 0; i < perClient; i++) all.push(await request(c, i));
    }),
  );
  return all;
}

/** A loop that runs `request` back to back until `stop()`; resolves with what it timed. */
export function loop(request: (i: number) => Promise<Timed>): { stop(): Promise<Timed[]> } {
  let running = true;
  const seen: Timed[] = [];
  const done = (async () => {
    for (let i = 0; running; i++) seen.push(await request(i));
  })();
  return {
    async stop() {
      running = false;
      await done;
      return seen;
    },
  };
}

/** Headers of a signed-in person, as the gateway sends them (cached per user for the run). */
export function identities(secret: string) {
  const cache = new Map<string, Promise<string>>();
  return async (userId: string): Promise<Record<string, string>> => {
    if (!cache.has(userId)) cache.set(userId, signIdentity({ userId, lang: 'en' }, { secret, expiresInSeconds: 24 * 3600 }));
    return { 'content-type': 'application/json', [IDENTITY_HEADER]: await cache.get(userId)! };
  };
}

/** A product like the ones people add (the data set's shape). */
export const newProduct = (listId: string, n: number) => ({
  name: `Bench gift ${n}, a product with a realistic name of some length`,
  image: `https://images.shop.example/products/bench-${n}/large-picture.jpg?w=600&h=600`,
  price: 1000 + ((n * 137) % 9000),
  url: `https://www.shop.example/catalogue/bench-gift-${n}?ref=wishlist&utm_source=bench`,
  productListId: listId,
});
