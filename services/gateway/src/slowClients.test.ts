// Slow or numerous connections must not starve other people. Identity is checked
// before a body is read, bodies and headers have deadlines, each client address has a cap on open
// connections, and a stalled write never holds an upstream connection.
import { Agent, createServer, request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createLogger, type Listening } from '@wishlist/service-kit';
import { createGateway } from './app';
import { connectionGuard } from './connections';
import { LINGER_MS } from './linger';
import { clientKey } from './network';
import { fakeService, type FakeService } from './test-support/fakes';
import { configFor, makeFrontends } from './test-support/fixtures';
import { announcedBody, bodyOf, rawClient, sleep, type RawClient } from './test-support/sockets';

const fe = makeFrontends();
const users = new Map([['attacker-token', { userId: 'attacker' }]]);
let auth: FakeService;
let lists: FakeService;
let offers: FakeService;
const gateways: Listening[] = [];

beforeAll(async () => {
  [auth, lists, offers] = await Promise.all([fakeService('auth', users), fakeService('lists'), fakeService('offers')]);
});
afterAll(async () => {
  for (const g of gateways) await g.close(0);
  await Promise.all([auth.close(), lists.close(), offers.close()]);
  fe.cleanup();
});
beforeEach(() => {
  for (const s of [auth, lists, offers]) s.seen.length = 0;
});

async function gateway(env: Record<string, string> = {}) {
  const listening = await createGateway(
    configFor(fe.root, { AUTH_URL: auth.url, LISTS_URL: lists.url, OFFERS_URL: offers.url, API_CACHE_MAX_MB: '0', ...env }),
    { shout: () => undefined },
  ).listen(0, '127.0.0.1');
  gateways.push(listening);
  return listening.port;
}

/** GET as an ordinary visitor from `localAddress`: the status, or 0 when it failed or took over 5 s. */
function read(port: number, path: string, agent: Agent): Promise<number> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent, headers: { accept: 'application/json' }, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

const writeToLists = (length: number, bearer?: string) =>
  announcedBody('POST', '/api/products-in-lists', length, bearer ? { Authorization: `Bearer ${bearer}` } : {});

describe('a write is refused before its body is read', () => {
  it('answers 401 at once to a write that needs a signed-in caller and has none, and closes the connection', async () => {
    const port = await gateway();
    for (const bearer of [undefined, 'not-a-valid-bearer']) {
      const started = Date.now();
      // Headers only: not one byte of the announced body is ever sent.
      const client = await rawClient(port, writeToLists(5000, bearer));
      expect(await client.whenAnswered).toBe(401);
      await client.whenClosed;
      expect(Date.now() - started).toBeLessThan(5000); // the body deadline (10 s) was never waited for
      expect(bodyOf(client.received())).toEqual({ error: { code: 'unauthorized', message: 'You need to be authenticated to do this.' } });
      expect(client.received()).toMatch(/\r\nConnection: close\r\n/i);
    }
    for (const [method, path] of [
      ['PATCH', '/api/product-lists/1'],
      ['DELETE', '/api/accounts'],
      ['POST', '/api/pages'],
      ['PUT', '/api/favorites/1'],
      ['PATCH', '/api/offerings/1'],
    ]) {
      const client = await rawClient(port, announcedBody(method, path, 100));
      expect(await client.whenAnswered).toBe(401);
    }
    // Nothing reached a service (the invalid bearer was only checked with auth's introspection).
    expect([...lists.seen, ...offers.seen, ...auth.seen.filter((s) => s.path !== '/internal/introspect')]).toEqual([]);
  });

  it('lets the anonymous writes of SPEC §7 through (sign-in flow, a visitor’s offer)', async () => {
    const port = await gateway();
    for (const [method, path] of [
      ['POST', '/api/tokens'],
      ['PUT', '/api/tokens'],
      ['DELETE', '/api/tokens'],
      ['POST', '/api/offerings'],
    ]) {
      const client = await rawClient(port, `${announcedBody(method, path, 2)}{}`);
      expect(await client.whenAnswered).toBe(200);
      client.socket.destroy();
    }
    expect(auth.seen.map((s) => `${s.method} ${s.path}`)).toEqual(['POST /api/tokens', 'PUT /api/tokens', 'DELETE /api/tokens']);
    expect(offers.seen).toEqual([{ method: 'POST', path: '/api/offerings' }]);
  });

  it('answers 413 at once when the announced body is over MAX_BODY_KB', async () => {
    const port = await gateway({ MAX_BODY_KB: '4' });
    const client = await rawClient(port, writeToLists(4097, 'attacker-token'));
    expect(await client.whenAnswered).toBe(413);
    await client.whenClosed;
    expect(lists.seen).toEqual([]);
  });
});

describe('an oversized body gets its 413, not a reset connection', () => {
  const BIG = 20 * 1024 * 1024;

  it('lets a client that writes the whole 20 MB body before reading read the 413 (lingering close)', async () => {
    const port = await gateway();
    // Like curl without Expect or Python's sendall: the client finishes sending before it reads.
    const outcome = await new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
      let data = '';
      let sent = false;
      const settle = () => {
        if (!sent || !data.endsWith('}')) return;
        const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
        resolve({ status: m ? Number(m[1]) : undefined, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
        socket.destroy();
      };
      socket.on('data', (c: Buffer) => {
        data += c.toString('utf8');
        settle();
      });
      socket.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code }));
      socket.once('connect', () => {
        socket.write(writeToLists(BIG, 'attacker-token').replace('{host}', `127.0.0.1:${port}`));
        socket.write(Buffer.alloc(BIG, 'a'), (err) => {
          if (err) return resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message });
          sent = true;
          settle();
        });
      });
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.status).toBe(413);
    expect(outcome.body).toMatch(/"code":"payload_too_large"/);
    expect(lists.seen).toEqual([]);
  });

  it.each([false, true])('answers 413 to Node’s own HTTP client sending 20 MB (chunked: %s)', async (chunked) => {
    const port = await gateway();
    const body = Buffer.alloc(BIG, 'a');
    const outcome = await new Promise<{ status?: number; text?: string; error?: string }>((resolve) => {
      const headers: Record<string, string | number> = { 'content-type': 'application/json', authorization: 'Bearer attacker-token' };
      if (!chunked) headers['content-length'] = body.length;
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/products-in-lists', headers, agent: false }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode, text }));
      });
      req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code }));
      req.end(body);
    });
    expect(outcome).toEqual({ status: 413, text: expect.stringMatching(/payload_too_large/) });
  });

  it('does not read a refused body for ever: a client that keeps sending is cut off after the linger', async () => {
    const port = await gateway();
    const socket = connect({ host: '127.0.0.1', port, allowHalfOpen: true });
    socket.on('error', () => undefined);
    let data = '';
    socket.on('data', (c: Buffer) => (data += c.toString('utf8')));
    const closed = new Promise<void>((r) => socket.once('close', () => r()));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.write(writeToLists(1024 * 1024 * 1024, 'attacker-token').replace('{host}', `127.0.0.1:${port}`));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    const started = Date.now();
    const feed = setInterval(() => {
      if (!socket.destroyed) socket.write(chunk);
    }, 20);
    try {
      await closed;
      const took = Date.now() - started;
      expect(data).toMatch(/^HTTP\/1\.1 413 /);
      expect(took).toBeGreaterThanOrEqual(LINGER_MS - 500);
      expect(took).toBeLessThan(LINGER_MS + 5000);
    } finally {
      clearInterval(feed);
    }
  });
});

describe('deadlines', () => {
  it('answers a body that does not arrive within BODY_TIMEOUT_MS with 408 (not a 503) and closes the connection', async () => {
    const port = await gateway({ BODY_TIMEOUT_MS: '1000' });
    const started = Date.now();
    const client = await rawClient(port, `${writeToLists(100, 'attacker-token')}{"na`);
    const trickle = setInterval(() => client.socket.write('a'), 200);
    try {
      expect(await client.whenAnswered).toBe(408);
      const took = Date.now() - started;
      expect(took).toBeGreaterThanOrEqual(950);
      expect(took).toBeLessThan(8000); // seconds, not the 29 s of a service timeout
      expect(bodyOf(client.received())).toEqual({ error: { code: 'request_timeout', message: expect.stringMatching(/did not arrive/) } });
      await client.whenClosed;
    } finally {
      clearInterval(trickle);
    }
    expect(lists.seen).toEqual([]);
  });

  it('closes a connection whose headers do not arrive within HEADERS_TIMEOUT_MS (408), and a silent one', async () => {
    const port = await gateway({ HEADERS_TIMEOUT_MS: '500' });
    const started = Date.now();
    const slow = await rawClient(port, 'GET /api/product-lists/1 HTTP/1.1\r\nHost: x\r\n');
    const trickle = setInterval(() => slow.socket.write('X-A: b\r\n'), 100);
    const silent = await rawClient(port, '');
    try {
      expect(await slow.whenAnswered).toBe(408);
      await Promise.all([slow.whenClosed, silent.whenClosed]);
      expect(Date.now() - started).toBeLessThan(8000);
    } finally {
      clearInterval(trickle);
    }
    // A kept-alive connection gets the same deadline for its next request.
    const kept = await rawClient(port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(await kept.whenAnswered).toBe(200);
    await kept.whenClosed;
  });
});

describe('connections per client address', () => {
  it('counts IPv4 clients by address and IPv6 clients by /64', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8:1:2:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('closes connections over MAX_CONNECTIONS_PER_CLIENT at once; other addresses and trusted proxies are not affected', async () => {
    const port = await gateway({ MAX_CONNECTIONS_PER_CLIENT: '5', HEADERS_TIMEOUT_MS: '30000', TRUST_PROXY: '127.0.0.78' });
    const held: RawClient[] = [];
    for (let i = 0; i < 5; i++) held.push(await rawClient(port, '', '127.0.0.77'));
    const extra = await rawClient(port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n', '127.0.0.77');
    await extra.whenClosed;
    expect(extra.status()).toBeUndefined();
    // Another address is served.
    const other = await rawClient(port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n', '127.0.0.79');
    expect(await other.whenAnswered).toBe(200);
    // A proxy named in TRUST_PROXY carries many clients: not capped.
    const viaProxy: RawClient[] = [];
    for (let i = 0; i < 12; i++) viaProxy.push(await rawClient(port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n', '127.0.0.78'));
    expect(await Promise.all(viaProxy.map((c) => c.whenAnswered))).toEqual(Array(12).fill(200));
    // Once one of the five goes, the address may open one more.
    held[0].socket.destroy();
    await held[0].whenClosed;
    await sleep(50);
    const again = await rawClient(port, 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n', '127.0.0.77');
    expect(await again.whenAnswered).toBe(200);
    expect(held.slice(1).every((c) => !c.closed)).toBe(true);
    for (const c of [...held, other, again, ...viaProxy]) c.socket.destroy();
  });
});

describe('1,000 slow-body connections held open', () => {
  jest.setTimeout(90_000);

  it("do not stop other people's reads", async () => {
    const port = await gateway({ BODY_TIMEOUT_MS: '60000', HEADERS_TIMEOUT_MS: '60000', MAX_CONNECTIONS_PER_CLIENT: '64' });
    const SLOW = 1000;
    const PER_ADDRESS = 63;
    const slow: RawClient[] = [];
    // Half are signed in and write to lists (the service being read), half are anonymous offers;
    // spread over 127.0.0.10-25 (Linux routes all of 127/8 to the loopback), 63 per address.
    for (let i = 0; i < SLOW; i += 50) {
      const batch = [];
      for (let j = i; j < Math.min(SLOW, i + 50); j++) {
        const from = `127.0.0.${10 + Math.floor(j / PER_ADDRESS)}`;
        const head = j % 2 === 0 ? writeToLists(4096, 'attacker-token') : announcedBody('POST', '/api/offerings', 4096);
        batch.push(rawClient(port, `${head}{`, from));
      }
      slow.push(...(await Promise.all(batch)));
    }
    // One address trying to hold 80 at once: the cap closes 16 of them.
    const greedy: RawClient[] = [];
    for (let i = 0; i < 80; i++) greedy.push(await rawClient(port, `${writeToLists(4096, 'attacker-token')}{`, '127.0.0.200'));
    await sleep(300);
    const trickle = setInterval(() => {
      for (const c of [...slow, ...greedy]) if (!c.closed) c.socket.write(' ');
    }, 2000);
    try {
      // Meanwhile, other people (another address) read shared lists: 200 reads, 20 at a time.
      const agent = new Agent({ keepAlive: true, maxSockets: 20, localAddress: '127.0.0.250' });
      const statuses: number[] = [];
      const started = Date.now();
      for (let i = 0; i < 200; i += 20) {
        statuses.push(...(await Promise.all(Array.from({ length: 20 }, (_, k) => read(port, `/api/product-lists/list-${i + k}`, agent)))));
        await sleep(400); // spread over a few seconds, while the slow ones keep trickling
      }
      const took = Date.now() - started;
      agent.destroy();
      const served = statuses.filter((s) => s === 200).length;
      const stillHeld = slow.filter((c) => !c.closed && c.status() === undefined).length;
      const greedyHeld = greedy.filter((c) => !c.closed).length;
      console.log(`${stillHeld} slow-body connections held (+${greedyHeld} of 80 from one address, cap 64); reads served ${served}/200 in ${took} ms`);
      expect(stillHeld).toBe(SLOW);
      expect(greedyHeld).toBe(64);
      expect(served).toBe(200);
      // Not one stalled write reached a service (no upstream connection is held by them).
      expect(lists.seen.filter((s) => s.method !== 'GET')).toEqual([]);
      expect(offers.seen).toEqual([]);
      expect(lists.seen).toHaveLength(200);
    } finally {
      clearInterval(trickle);
      for (const c of [...slow, ...greedy]) c.socket.destroy();
    }
  });
});

describe('upgraded connections (dev mode: the shell dev server’s HMR websocket)', () => {
  it('have no header deadline once upgraded', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    const guard = connectionGuard({
      maxPerClient: 10,
      // Long enough that a loaded machine (parallel test workers) reads the upgrade's headers in time.
      headersTimeoutMs: 3000,
      bodyTimeoutMs: 3000,
      exempt: () => false,
      upgrades: true,
      logger: createLogger({ name: 'test', level: 'silent' }),
    });
    server.on('upgrade', (_req, socket) => socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    guard.attach(server);
    try {
      const { port } = server.address() as AddressInfo;
      const ws = await rawClient(port, 'GET /hmr HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
      expect(await ws.whenAnswered).toBe(101);
      await sleep(3500);
      expect(ws.closed).toBe(false);
      const silent = await rawClient(port, '');
      await silent.whenClosed; // a connection that never sends headers is still closed
      ws.socket.destroy();
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
