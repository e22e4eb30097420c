// `npm start`'s supervisor (scripts/start.mjs): its restart policy on throwaway children, then the
// real stack under kill -9 of each process: the product answers again, no acknowledged write lost.
import { rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { run, sleep, startScript, startStack, waitFor, type Stack } from './stack';

/**
 * Runs startChild + supervise from start.mjs on one child command, with a fast RESTART policy;
 * prints nothing but what start.mjs logs.
 */
function supervisorOf(childScript: string, restart: object) {
  const driver = `
    import { RESTART, startChild, supervise, handleSignals } from ${JSON.stringify(startScript)};
    Object.assign(RESTART, ${JSON.stringify(restart)});
    handleSignals();
    startChild('crashy', process.execPath, ['-e', ${JSON.stringify(childScript)}]);
    supervise();
  `;
  return run(['--input-type=module', '-e', driver]);
}

describe('restart policy (scripts/start.mjs)', () => {
  it('restarts a child that keeps dying at start with doubling delays, then stops everything with exit 1', async () => {
    const { out, exited } = supervisorOf('process.exit(3)', { firstDelayMs: 20, maxDelayMs: 80, healthyAfterMs: 10_000, maxQuickCrashes: 5 });
    expect(await exited).toBe(1);
    const delays = [...out.text.matchAll(/crashy stopped unexpectedly \(exit code 3\); restarting it in (\d+) ms/g)].map((m) => Number(m[1]));
    expect(delays).toEqual([20, 40, 80, 80, 80]);
    expect(out.text).toMatch(/crashy pid \d+ \(restart 5\)/);
    expect(out.text).toMatch(/its last 5 restarts each died within 10 s: stopping everything/);
  }, 30_000);

  it('a child that stayed up long enough starts a new series (no give-up), and shutdown restarts nothing', async () => {
    // Lives 300 ms each time; 'healthy' after 150 ms: every crash is the first of a series.
    const { child, out, exited } = supervisorOf('setTimeout(() => process.exit(4), 300)', {
      firstDelayMs: 20,
      maxDelayMs: 80,
      healthyAfterMs: 150,
      maxQuickCrashes: 2,
    });
    await waitFor('4 restarts', () => /\(restart 4\)/.test(out.text), 20_000);
    const delays = [...out.text.matchAll(/restarting it in (\d+) ms/g)].map((m) => Number(m[1]));
    expect(new Set(delays)).toEqual(new Set([20]));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const restartsAtStop = out.text.match(/\(restart \d+\)/g)!.length;
    await sleep(500);
    expect(out.text.match(/\(restart \d+\)/g)!.length).toBe(restartsAtStop);
    expect(out.text).toMatch(/SIGTERM: stopping/);
  }, 30_000);
});

// ---------------------------------------------------------------------------------------------
// The real stack.

type Answer = { status: number; body: unknown } | { status: 'refused' };

describe('kill -9 of any one process under npm start', () => {
  let stack: Stack;
  let bearer = '';
  let tokenName = '';

  const call = async (method: string, path: string, body?: unknown, anonymous = false): Promise<Answer> => {
    try {
      const res = await fetch(stack.base + path, {
        method,
        headers: { 'content-type': 'application/json', ...(bearer && !anonymous ? { authorization: `Bearer ${bearer}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(10_000),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON
      }
      return { status: res.status, body: parsed };
    } catch {
      return { status: 'refused' };
    }
  };
  const ok = async (method: string, path: string, body?: unknown, anonymous = false) => {
    const a = await call(method, path, body, anonymous);
    if (a.status !== 200 && a.status !== 201) throw new Error(`${method} ${path}: ${JSON.stringify(a)}`);
    return (a as { body: unknown }).body as Record<string, unknown>;
  };

  beforeAll(async () => {
    stack = await startStack();
    // Sign in through the local outbox.
    const email = `supervisor-${Date.now()}@example.com`;
    tokenName = `supervisor-${Date.now()}`;
    bearer = ((await ok('POST', '/api/tokens', { email, tokenName, language: 'en' })) as { token: string }).token;
    const mail = await waitFor(
      'the sign-in mail',
      async () => {
        const mails = (await ok('GET', '/dev/mails')) as unknown as { to: string; text: string }[];
        return mails.find((m) => m.to.includes(email));
      },
      15_000,
      200,
    );
    const code = /\/validate-email\/[^/\s]+\/([^/\s"<>]+)/.exec(mail.text)![1];
    await ok('PUT', '/api/tokens', { tokenName, validationCode: code });
  }, 200_000);

  afterAll(async () => {
    if (!stack) return;
    if (stack.child.exitCode === null) {
      stack.child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([stack.exited, new Promise((r) => (timer = setTimeout(r, 30_000)))]);
      clearTimeout(timer);
      if (stack.child.exitCode === null) stack.child.kill('SIGKILL');
    }
    rmSync(stack.dataDir, { recursive: true, force: true });
  }, 40_000);

  it('each process killed with SIGKILL is restarted; the product answers again and keeps every acknowledged write', async () => {
    const acked = { lists: new Map<string, string>(), products: new Map<string, string>(), offerings: [] as string[] };
    const figures: string[] = [];

    /** A list, a product in it and an offer of that product: three acknowledged writes. */
    const writeSet = async (tag: string) => {
      const list = ((await ok('POST', '/api/product-lists', { name: `${tag} list` })) as { data: { id: string } }).data;
      acked.lists.set(list.id, `${tag} list`);
      const product = ((await ok('POST', '/api/products-in-lists', { name: `${tag} product`, url: 'https://shop.example.com/teapot', productListId: list.id })) as { data: { id: string } })
        .data;
      acked.products.set(product.id, list.id);
      const offering = (await ok(
        'POST',
        '/api/offerings',
        { isExpectingAddress: false, products: [product.id], offererEmail: 'friend@example.com', offererIdentity: 'A friend', offererMessage: '' },
        true,
      )) as { data: { id: string } };
      // An anonymous giver confirms their address (the link of the verification mail) before the
      // owner can read the offer.
      const mailed = await waitFor(
        'the verification mail',
        async () => {
          const mails = (await ok('GET', '/dev/mails')) as unknown as { text: string }[];
          const link = new RegExp(`/offer-confirmation/${offering.data.id}#code=([A-Za-z0-9_-]+)`);
          for (const m of mails) {
            const found = link.exec(m.text);
            if (found) return found[1];
          }
          return undefined;
        },
        15_000,
      );
      await ok('POST', `/api/offerings/${offering.data.id}/confirmation`, { code: mailed }, true);
      acked.offerings.push(offering.data.id);
      return list.id;
    };

    /** Every service answers through the gateway: auth (token status), lists, offers. */
    const answers = async () => {
      const probes = await Promise.all([
        call('GET', `/api/tokens/${tokenName}`),
        call('GET', '/api/product-lists'),
        call('GET', `/api/offerings/${acked.offerings[acked.offerings.length - 1]}`),
      ]);
      return probes.every((p) => p.status === 200);
    };

    const checkNothingLost = async () => {
      const lists = ((await ok('GET', '/api/product-lists')) as { data: { id: string; name: string }[] }).data;
      const byId = new Map(lists.map((l) => [l.id, l]));
      const lostLists = [...acked.lists.keys()].filter((id) => !byId.has(id));
      // The all-lists answer carries each list's first products only: each list is read whole.
      const productsOf = new Map<string, Set<string>>();
      for (const id of new Set(acked.products.values())) {
        if (!byId.has(id)) continue;
        const whole = (await ok('GET', `/api/product-lists/${id}`)) as { data: { products: { id: string }[] } };
        productsOf.set(id, new Set(whole.data.products.map((p) => p.id)));
      }
      const lostProducts = [...acked.products].filter(([pid, lid]) => !productsOf.get(lid)?.has(pid)).map(([pid]) => pid);
      const lostOfferings: string[] = [];
      for (const id of acked.offerings) if ((await call('GET', `/api/offerings/${id}`)).status !== 200) lostOfferings.push(id);
      return { lostLists, lostProducts, lostOfferings, total: lostLists.length + lostProducts.length + lostOfferings.length };
    };

    await writeSet('initial');
    // Two rounds: every process killed twice (the engine the most often: it holds the data).
    const victims = ['engine', 'auth', 'lists', 'offers', 'gateway', 'engine', 'auth', 'lists', 'offers', 'gateway', 'engine'];
    for (const victim of victims) {
      const listId = await writeSet(`before ${victim}`);
      const pid = stack.pids()[victim];
      expect(pid).toBeGreaterThan(0);

      // A writer keeps adding products through the outage; only acknowledged ones must survive.
      const statuses = new Map<string, number>();
      const serverErrors: unknown[] = [];
      let writing = true;
      let n = 0;
      const writer = (async () => {
        while (writing) {
          const name = `during ${victim} ${n++}`;
          const a = await call('POST', '/api/products-in-lists', { name, url: 'https://shop.example.com/book', productListId: listId });
          statuses.set(String(a.status), (statuses.get(String(a.status)) ?? 0) + 1);
          if (typeof a.status === 'number' && a.status >= 500 && a.status !== 503) serverErrors.push({ status: a.status, body: 'body' in a ? a.body : undefined });
          if (a.status === 201) acked.products.set((a.body as { data: { id: string } }).data.id, listId);
          await sleep(20);
        }
      })();

      const killedAt = Date.now();
      process.kill(pid, 'SIGKILL');
      await waitFor(`${victim} to be restarted`, () => (stack.pids()[victim] !== pid ? true : undefined), 30_000);
      const restartedAfter = Date.now() - killedAt;
      await waitFor(`the product to answer after kill -9 of ${victim}`, answers, 60_000, 50);
      const recoveredAfter = Date.now() - killedAt;
      writing = false;
      await writer;

      await writeSet(`after ${victim}`);
      const lost = await checkNothingLost();
      figures.push(
        `${victim.padEnd(7)} pid ${pid} -> ${stack.pids()[victim]}: restarted in ${restartedAfter} ms, product answers in ${recoveredAfter} ms; ` +
          `writes during: ${JSON.stringify(Object.fromEntries(statuses))}; acknowledged so far ${acked.lists.size + acked.products.size + acked.offerings.length}, lost ${lost.total}`,
      );
      expect(lost).toEqual({ lostLists: [], lostProducts: [], lostOfferings: [], total: 0 });
      // The outage is answered with 503s (or refused connections while the gateway itself is down), never 500.
      if (serverErrors.length) {
        const logged = stack.out.text.split('\n').filter((l) => /"level":(50|60)|rror/.test(l)).slice(-20);
        expect({ victim, serverErrors, logged }).toEqual({ victim, serverErrors: [], logged: [] });
      }
      expect(stack.child.exitCode).toBeNull();
    }
    // The figures the issue asks for (recovery target: 5 s; asserted loosely, machines are noisy).
    console.log(`kill -9 cycles (${figures.length}, load average ${loadavg()[0].toFixed(1)}):\n${figures.join('\n')}`);
    expect(stack.out.text).toMatch(/engine stopped unexpectedly \(signal SIGKILL\); restarting it in 100 ms/);
    // The supervisor logs when each restarted process answers again.
    for (const name of ['engine', 'auth', 'lists', 'offers', 'gateway']) expect(stack.out.text).toMatch(new RegExp(`${name} answers again, \\d+ ms after it stopped`));

    // Ctrl-C still stops everything in reverse order, and nothing is restarted.
    stack.child.kill('SIGTERM');
    expect(await stack.exited).toBe(0);
    const stopped = [...stack.out.text.matchAll(/\[wishlist\] (\w+) stopped$/gm)].map((m) => m[1]);
    expect(stopped).toEqual(['gateway', 'offers', 'lists', 'auth', 'engine']);
  }, 300_000);
});

describe('kill -9 of npm start itself', () => {
  it('leaves no process behind: each child notices its supervisor is gone and stops, freeing its port', async () => {
    const stack = await startStack();
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    try {
      const pids = stack.pids();
      expect(Object.keys(pids).sort()).toEqual(['auth', 'engine', 'gateway', 'lists', 'offers']);
      stack.child.kill('SIGKILL');
      await stack.exited;
      const killedAt = Date.now();
      await waitFor('every child to stop', () => (Object.values(pids).every((pid) => !alive(pid)) ? true : undefined), 30_000, 100);
      console.log(`npm start killed with SIGKILL: its ${Object.keys(pids).length} children stopped within ${Date.now() - killedAt} ms`);
      // The gateway's port is free again for the next npm start.
      expect((await fetch(`${stack.base}/health`).then(() => 'answered', () => 'refused'))).toBe('refused');
    } finally {
      for (const pid of Object.values(stack.pids())) if (alive(pid)) process.kill(pid, 'SIGKILL');
      rmSync(stack.dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
