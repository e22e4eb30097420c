import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mayRetry, pickBackend, startBalancer, type Balancer } from './balancer';
import { Client } from './client';

/** A fake gateway: readiness as `ready` says, and `handle` for everything else. */
interface Fake {
  url: string;
  server: Server;
  ready: boolean;
  hits: number;
  handle: (req: IncomingMessage, res: ServerResponse) => void;
}

async function fake(name: string): Promise<Fake> {
  const f: Fake = {
    url: '',
    server: createServer(),
    ready: true,
    hits: 0,
    handle: (req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ from: name, forwardedFor: req.headers['x-forwarded-for'] ?? null }));
    },
  };
  f.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === '/health/ready') {
      res.statusCode = f.ready ? 200 : 503;
      return void res.end();
    }
    f.hits++;
    f.handle(req, res);
  });
  await new Promise<void>((r) => f.server.listen(0, '127.0.0.1', r));
  f.url = `http://127.0.0.1:${(f.server.address() as AddressInfo).port}`;
  return f;
}

const closeServer = (s: Server) =>
  new Promise<void>((r) => {
    s.close(() => r());
    s.closeAllConnections();
  });

let a: Fake;
let b: Fake;
let balancer: Balancer | undefined;
let client: Client | undefined;

beforeEach(async () => {
  a = await fake('a');
  b = await fake('b');
});
afterEach(async () => {
  await client?.close();
  client = undefined;
  await balancer?.close();
  balancer = undefined;
  for (const f of [a, b]) if (f.server.listening) await closeServer(f.server);
});

async function until(done: () => boolean) {
  for (let i = 0; i < 400 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
}

it('spreads requests round-robin and appends the client address to X-Forwarded-For', async () => {
  balancer = await startBalancer({ backends: [a.url, b.url], checkIntervalMs: 50 });
  client = new Client(balancer.url);
  const c = client;
  const answers = await Promise.all([1, 2, 3, 4].map(() => c.call('GET', '/x', { headers: { 'x-forwarded-for': '203.0.113.9' } })));
  expect(answers.map((x) => x.status)).toEqual([200, 200, 200, 200]);
  expect(new Set(answers.map((x) => x.body.from))).toEqual(new Set(['a', 'b']));
  expect(answers[0].body.forwardedFor).toBe('203.0.113.9, 127.0.0.1');
});

it('takes a backend out after failed readiness checks and puts it back after passed ones', async () => {
  balancer = await startBalancer({ backends: [a.url, b.url], checkIntervalMs: 30, fall: 2, rise: 2 });
  client = new Client(balancer.url);
  const c = client;
  a.ready = false;
  await until(() => balancer!.upBackends().length === 1);
  expect(balancer.upBackends()).toEqual([b.url]);
  const before = a.hits;
  const answers = await Promise.all([1, 2, 3, 4].map(() => c.call('GET', '/x')));
  expect(answers.every((x) => x.body.from === 'b')).toBe(true);
  expect(a.hits).toBe(before);
  a.ready = true;
  await until(() => balancer!.upBackends().length === 2);
  expect(balancer.upBackends()).toEqual([a.url, b.url]);
});

it('sends a write whose connection was refused to the other backend', async () => {
  // Both pass the first check; then a stops listening before the balancer notices.
  balancer = await startBalancer({ backends: [a.url, b.url], checkIntervalMs: 60_000 });
  client = new Client(balancer.url);
  const c = client;
  await closeServer(a.server);
  const answers = [];
  for (let i = 0; i < 4; i++) answers.push(await c.call('POST', '/x', { body: { n: i } }));
  expect(answers.map((x) => `${x.status} ${x.body.from}`)).toEqual(['200 b', '200 b', '200 b', '200 b']);
  expect(balancer.stats.retried).toBeGreaterThan(0);
  expect(balancer.stats.failed).toBe(0);
});

it('never sends a write twice once a backend may have received it', async () => {
  balancer = await startBalancer({ backends: [a.url, b.url], checkIntervalMs: 60_000 });
  client = new Client(balancer.url);
  const c = client;
  // a receives the request and drops the connection without answering.
  a.handle = (req) => req.socket.destroy();
  const answers = [];
  for (let i = 0; i < 2; i++) answers.push(await c.call('POST', '/x', { body: {} }));
  expect(answers.map((x) => x.status).sort()).toEqual([200, 502]);
  expect(a.hits + b.hits).toBe(2);
  expect(balancer.stats.failed).toBe(1);
});

it('tells connection failures (never sent) from a connection closed under a request', () => {
  const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED', syscall: 'connect' });
  const reset = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
  expect(mayRetry('POST', refused)).toBe(true);
  expect(mayRetry('POST', reset)).toBe(false);
  expect(mayRetry('GET', reset)).toBe(true);
  expect(mayRetry('GET', new Error('timeout'))).toBe(false);
});

it('picks the next backend that is up and not yet tried', () => {
  const x = { up: true };
  const y = { up: false };
  const z = { up: true };
  expect(pickBackend([x, y, z], 1, new Set())).toEqual({ backend: z, cursor: 0 });
  expect(pickBackend([x, y, z], 0, new Set([x]))).toEqual({ backend: z, cursor: 0 });
  expect(pickBackend([x, y, z], 0, new Set([x, z]))).toBeUndefined();
});
