// The local outbox holds every sign-in code: only this machine's loopback may read it, whatever
// the headers say, and a gateway reachable from elsewhere while mail goes there says so loudly.
import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { createMailer, type Listening } from '@wishlist/service-kit';
import { createGateway } from './app';
import { isLoopbackAddress, isLoopbackHost } from './network';
import { isLoopbackHostHeader } from './outbox';
import { configFor, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
afterAll(() => fe.cleanup());

/** A non-loopback address of this machine (the test binds to it and connects from it), if any. */
const lanAddress = Object.values(networkInterfaces())
  .flat()
  .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;

function get(host: string, port: number, path: string, headers: Record<string, string> = {}, localAddress?: string) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = httpRequest({ host, port, path, headers: { accept: 'application/json', ...headers }, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('isLoopbackAddress (socket peers only)', () => {
  it('knows 127.0.0.0/8, ::1 and their IPv4-mapped forms, and nothing else', () => {
    for (const a of ['127.0.0.1', '127.9.8.7', '::1', '::ffff:127.0.0.1', '::FFFF:127.0.0.2']) expect(isLoopbackAddress(a)).toBe(true);
    for (const a of [undefined, '', '192.0.2.2', '10.0.0.1', '::ffff:10.0.0.1', 'fd00::2', '::', '0.0.0.0', '128.0.0.1', '::ffff:7f00:1x', 'localhost']) {
      expect(isLoopbackAddress(a)).toBe(false);
    }
    expect(isLoopbackHost('localhost')).toBe(true);
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('::')).toBe(false);
  });

  it('reads Host headers: loopback names with any port, nothing else', () => {
    for (const h of ['localhost', 'LOCALHOST:8080', 'localhost.', '127.0.0.1', '127.0.0.1:8080', '127.1.2.3:1', '[::1]', '[::1]:8080']) {
      expect(isLoopbackHostHeader(h)).toBe(true);
    }
    for (const h of [undefined, '', 'example.org', 'localhost.example.org', 'a.localhost', '127.0.0.1.nip.io', '0.0.0.0:8080', '[::]:80', '[::2]', '10.0.0.1', 'localhost:8080:1', 'local host', '127.0.0.1@evil']) {
      expect(isLoopbackHostHeader(h)).toBe(false);
    }
  });
});

describe('GET /dev/mails', () => {
  let dataDir: string;
  const opened: Listening[] = [];
  beforeAll(async () => {
    dataDir = join(fe.root, '.data');
    await createMailer({ dataDir, from: 'x@x.org' }).send({ to: 'victim@x.org', subject: 'Sign in', text: 'code', html: '<p>code</p>' });
  });
  afterAll(async () => {
    for (const l of opened) await l.close(0);
  });
  async function start(env: Record<string, string>, host: string) {
    const shouted: string[] = [];
    const listening = await createGateway(configFor(fe.root, env), { shout: (t) => shouted.push(t) }).listen(0, host);
    opened.push(listening);
    return { port: listening.port, shouted };
  }

  const NOT_FOUND = { error: { code: 'not_found', message: 'No route for GET /dev/mails.' } };

  it('answers a person on this machine: loopback socket, no proxy header, a loopback Host', async () => {
    const { port, shouted } = await start({}, '127.0.0.1');
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, `LOCALHOST:${port}`, `[::1]:${port}`]) {
      const res = await get('127.0.0.1', port, '/dev/mails', { host });
      expect(res.status).toBe(200);
      expect(res.body).toEqual([expect.objectContaining({ to: 'victim@x.org', subject: 'Sign in' })]);
    }
    expect(shouted).toEqual([]); // loopback only: nothing to warn about
  });

  // A reverse proxy on the same host connects from 127.0.0.1: whatever header says it speaks for
  // someone (even for 127.0.0.1 itself), the outbox does not answer.
  it.each([
    ['x-forwarded-for', '203.0.113.9'],
    ['x-forwarded-for', '127.0.0.1'],
    ['forwarded', 'for=203.0.113.9;proto=https'],
    ['forwarded', 'for=127.0.0.1'],
    ['x-real-ip', '203.0.113.9'],
    ['x-forwarded-host', 'wishlist.example'],
    ['x-forwarded-proto', 'https'],
    ['via', '1.1 caddy'],
    ['cf-connecting-ip', '203.0.113.9'],
    ['true-client-ip', '203.0.113.9'],
  ])('is a plain 404 on the loopback when a proxy header is present (%s: %s), TRUST_PROXY unset', async (name, value) => {
    const { port } = await start({}, '127.0.0.1');
    const res = await get('127.0.0.1', port, '/dev/mails', { [name]: value });
    expect(res.status).toBe(404);
    expect(res.body).toEqual(NOT_FOUND);
  });

  it.each(['wishlist.example', 'wishlist.example:8080', 'attacker.example:8080', '127.0.0.1.nip.io', '[::2]:8080'])(
    'is refused on the loopback for a Host that is not this machine (%j): a public name through a proxy, or DNS rebinding',
    async (host) => {
      const { port } = await start({}, '127.0.0.1');
      const res = await get('127.0.0.1', port, '/dev/mails', { host });
      // The gateway answers no other name at all (hosts.ts)...
      expect(res.status).toBe(421);
      // ...and the outbox refuses one that ALLOWED_HOSTS admits for the rest of the site.
      const { port: admitting } = await start({ ALLOWED_HOSTS: host }, '127.0.0.1');
      const admitted = await get('127.0.0.1', admitting, '/dev/mails', { host });
      expect(admitted.status).toBe(404);
      expect(admitted.body).toEqual(NOT_FOUND);
    },
  );

  it.each(['loopback', '1', '127.0.0.1', 'uniquelocal, loopback'])(
    'does not exist at all when TRUST_PROXY=%s (a proxy is in front), even for a bare loopback request, and says so loudly at start',
    async (trustProxy) => {
      const { port, shouted } = await start({ TRUST_PROXY: trustProxy }, '127.0.0.1');
      const bare = await get('127.0.0.1', port, '/dev/mails', { host: `127.0.0.1:${port}` });
      expect(bare.status).toBe(404);
      expect(bare.body).toEqual(NOT_FOUND);
      const proxied = await get('127.0.0.1', port, '/dev/mails', { 'x-forwarded-for': '203.0.113.9' });
      expect(proxied.status).toBe(404);
      expect(shouted).toHaveLength(1);
      expect(shouted[0]).toMatch(/TRUST_PROXY/);
      expect(shouted[0]).toMatch(/SMTP_URL/);
      expect(shouted[0]).toContain(join(dataDir, 'outbox', 'mails.jsonl'));
    },
  );

  (lanAddress ? it : it.skip)(
    `is a plain 404 for a client on another address (${lanAddress}), even with X-Forwarded-For: 127.0.0.1`,
    async () => {
      const { port, shouted } = await start({ ALLOWED_HOSTS: lanAddress! }, '0.0.0.0');
      const forged = { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1', 'x-real-ip': '127.0.0.1', host: `127.0.0.1:${port}` };
      const res = await get(lanAddress!, port, '/dev/mails', forged, lanAddress);
      expect(res.status).toBe(404);
      // Exactly what any unknown path gets: the route does not reveal itself.
      const unknown = await get(lanAddress!, port, '/dev/nothing', forged, lanAddress);
      expect(res.body).toEqual(NOT_FOUND);
      expect(unknown.body).toEqual({ error: { code: 'not_found', message: 'No route for GET /dev/nothing.' } });
      // The same gateway still answers its own machine.
      expect((await get('127.0.0.1', port, '/dev/mails')).status).toBe(200);
      // Listening on every interface with mails in the local outbox: a loud, several-line warning.
      expect(shouted).toHaveLength(1);
      expect(shouted[0].split('\n').length).toBeGreaterThanOrEqual(5);
      expect(shouted[0]).toMatch(/0\.0\.0\.0/);
      expect(shouted[0]).toMatch(/SMTP_URL/);
      expect(shouted[0]).toMatch(/HOST=127\.0\.0\.1/);
    },
  );

  (lanAddress ? it : it.skip)(`is a plain 404 for another address with TRUST_PROXY naming it (${lanAddress})`, async () => {
    const { port } = await start({ TRUST_PROXY: `${lanAddress}, loopback`, ALLOWED_HOSTS: lanAddress! }, '0.0.0.0');
    expect((await get(lanAddress!, port, '/dev/mails', { 'x-forwarded-for': '127.0.0.1' }, lanAddress)).status).toBe(404);
    expect((await get('127.0.0.1', port, '/dev/mails')).status).toBe(404);
  });

  it('is a plain 404 for everyone once mail goes to SMTP (and then nothing to warn about)', async () => {
    const { port, shouted } = await start({ SMTP_URL: 'smtp://mail.example:1025' }, '0.0.0.0');
    const res = await get('127.0.0.1', port, '/dev/mails');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: { code: 'not_found', message: 'No route for GET /dev/mails.' } });
    expect(shouted).toEqual([]);
  });

  it('warns for a LAN address or :: as well', async () => {
    const { shouted } = await start({}, '::');
    expect(shouted).toHaveLength(1);
    expect(shouted[0]).toMatch(/listens on :::/);
  });
});
