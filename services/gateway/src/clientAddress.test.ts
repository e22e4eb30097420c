// Services learn the client's address from the gateway, signed (X-Wishlist-Client),
// derived from the socket and only the proxy hops TRUST_PROXY names: rotating X-Forwarded-For,
// Forwarded or X-Real-IP never makes a new client.
import { Agent, request as httpRequest } from 'node:http';
import { CLIENT_HEADER, signClientAddress, type Listening } from '@wishlist/service-kit';
import { createGateway } from './app';
import { gatewayConfig } from './config';
import { fakeService, type FakeService } from './test-support/fakes';
import { configFor, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
let lists: FakeService;
const gateways: Listening[] = [];

beforeAll(async () => {
  lists = await fakeService('lists');
});
afterAll(async () => {
  for (const g of gateways) await g.close(0);
  await lists.close();
  fe.cleanup();
});

async function gateway(env: Record<string, string> = {}) {
  const listening = await createGateway(configFor(fe.root, { LISTS_URL: lists.url, API_CACHE_MAX_MB: '0', ...env }), { shout: () => undefined }).listen(
    0,
    '127.0.0.1',
  );
  gateways.push(listening);
  return listening.port;
}

interface Seen {
  client: string | null;
  forwardedFor: string | null;
  forwarded: string | null;
  realIp: string | null;
}

function seenUpstream(port: number, headers: Record<string, string>, localAddress = '127.0.0.1'): Promise<Seen> {
  return new Promise((resolve, reject) => {
    const agent = new Agent({ localAddress });
    const req = httpRequest({ host: '127.0.0.1', port, path: '/api/product-lists/1', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        agent.destroy();
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const n = (i: number) => `${(i * 37) % 223}.${i % 251}.${(i * 7) % 255}.${i + 1}`;

describe('the client address services receive', () => {
  it('is the socket’s peer, whatever forwarding headers a client rotates (TRUST_PROXY unset)', async () => {
    const port = await gateway();
    // Even a genuine assertion (signed with the gateway's own key) sent by a client is replaced.
    const forged = await signClientAddress('6.6.6.6');
    const seen = new Set<string>();
    const attempts = 40;
    for (let i = 0; i < attempts; i++) {
      const got = await seenUpstream(port, {
        'x-forwarded-for': n(i),
        forwarded: `for=${n(i + 100)}`,
        'x-real-ip': n(i + 200),
        [CLIENT_HEADER]: forged,
      });
      seen.add(JSON.stringify(got));
      expect(got).toMatchObject({ client: '127.0.0.1', forwardedFor: '127.0.0.1', forwarded: null, realIp: null });
    }
    expect(seen.size).toBe(1); // 40 rotations, one client
    // Another socket address is another client.
    expect((await seenUpstream(port, { 'x-forwarded-for': '1.2.3.4' }, '127.0.0.33')).client).toBe('127.0.0.33');
  });

  it('believes X-Forwarded-For only from the hops TRUST_PROXY names', async () => {
    const behindProxy = await gateway({ TRUST_PROXY: 'loopback' });
    expect((await seenUpstream(behindProxy, { 'x-forwarded-for': '203.0.113.7' })).client).toBe('203.0.113.7');
    // The proxy appends the address it saw: whatever the client wrote before it is not believed.
    const chain = await seenUpstream(behindProxy, { 'x-forwarded-for': '198.51.100.1, 203.0.113.7' });
    expect(chain).toMatchObject({ client: '203.0.113.7', forwardedFor: '203.0.113.7' });
    expect((await seenUpstream(behindProxy, { 'x-forwarded-for': '10.0.0.1, 127.0.0.5' })).client).toBe('10.0.0.1');
    expect((await seenUpstream(behindProxy, {})).client).toBe('127.0.0.1');

    // A proxy at another address is named: a client connecting directly is not believed.
    const otherProxy = await gateway({ TRUST_PROXY: '127.0.0.78' });
    expect((await seenUpstream(otherProxy, { 'x-forwarded-for': '203.0.113.7' })).client).toBe('127.0.0.1');
    expect((await seenUpstream(otherProxy, { 'x-forwarded-for': '203.0.113.7' }, '127.0.0.78')).client).toBe('203.0.113.7');
  });

  it('refuses TRUST_PROXY=true (every client could name itself) and values that are not addresses', () => {
    const load = (v: string) => () => gatewayConfig.load({ TRUST_PROXY: v });
    expect(load('true')).toThrow(/TRUST_PROXY/);
    expect(load('not an address')).toThrow(/TRUST_PROXY/);
    for (const ok of ['false', 'loopback', '1', '10.0.0.0/8, 192.168.1.2', 'loopback, uniquelocal']) expect(load(ok)).not.toThrow();
  });
});
