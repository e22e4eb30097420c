// The local outbox holds every sign-in code: only this machine's loopback may read it, whatever
// the headers say, and a gateway reachable from elsewhere while mail goes there says so loudly.
import { request as httpRequest } from 'node:http';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { createMailer, type Listening } from '@wishlist/service-kit';
import { createGateway } from './app';
import { isLoopbackAddress, isLoopbackHost } from './network';
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

  it('answers a client on the loopback, with any header', async () => {
    const { port, shouted } = await start({}, '127.0.0.1');
    const res = await get('127.0.0.1', port, '/dev/mails', { 'x-forwarded-for': '203.0.113.9' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ to: 'victim@x.org', subject: 'Sign in' })]);
    expect(shouted).toEqual([]); // loopback only: nothing to warn about
  });

  (lanAddress ? it : it.skip)(
    `is a plain 404 for a client on another address (${lanAddress}), even with X-Forwarded-For: 127.0.0.1 from a trusted proxy`,
    async () => {
      const { port, shouted } = await start({ TRUST_PROXY: `${lanAddress}, loopback` }, '0.0.0.0');
      const forged = { 'x-forwarded-for': '127.0.0.1', forwarded: 'for=127.0.0.1', 'x-real-ip': '127.0.0.1' };
      const res = await get(lanAddress!, port, '/dev/mails', forged, lanAddress);
      expect(res.status).toBe(404);
      // Exactly what any unknown path gets: the route does not reveal itself.
      const unknown = await get(lanAddress!, port, '/dev/nothing', forged, lanAddress);
      expect(res.body).toEqual({ error: { code: 'not_found', message: 'No route for GET /dev/mails.' } });
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
