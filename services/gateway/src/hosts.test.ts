// The gateway answers only the names it is published under: a page of another site whose name
// resolves to this machine (DNS rebinding) gets 421, never the API or the outbox.
import { request as httpRequest } from 'node:http';
import type { Listening } from '@wishlist/service-kit';
import { createGateway } from './app';
import { gatewayConfig } from './config';
import { hostGuard, parseAllowedHosts, parseHost } from './hosts';
import { configFor, makeFrontends } from './test-support/fixtures';

const fe = makeFrontends();
const opened: Listening[] = [];
afterAll(async () => {
  for (const l of opened) await l.close(0);
  fe.cleanup();
});

async function start(env: Record<string, string>) {
  const listening = await createGateway(configFor(fe.root, env), { shout: () => undefined }).listen(0, '127.0.0.1');
  opened.push(listening);
  return listening.port;
}

function get(port: number, path: string, host: string | null) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, agent: false, setHost: host !== null, headers: host === null ? {} : { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('parseHost and ALLOWED_HOSTS', () => {
  it('reads names, ports and IPv6 literals, and refuses what is not a host', () => {
    expect(parseHost('Wishlist.Example:8080')).toEqual({ hostname: 'wishlist.example', port: 8080 });
    expect(parseHost('wishlist.example.')).toEqual({ hostname: 'wishlist.example', port: null });
    expect(parseHost('[::1]:80')).toEqual({ hostname: '[::1]', port: 80 });
    for (const bad of [undefined, '', 'a b', 'x:99999', 'user@host', 'host/path', 'x:1:2']) expect(parseHost(bad)).toBeNull();
    expect(parseAllowedHosts('a.example, b.example:8443  10.0.2.2:8080')).toEqual([
      { hostname: 'a.example', port: null },
      { hostname: 'b.example', port: 8443 },
      { hostname: '10.0.2.2', port: 8080 },
    ]);
    expect(parseAllowedHosts('*')).toBe('*');
    expect(parseAllowedHosts('')).toEqual([]);
    expect(() => gatewayConfig.load({ ALLOWED_HOSTS: 'ok.example, not a host/' })).toThrow(/ALLOWED_HOSTS/);
  });

  it('admits PUBLIC_URL with or without its default port, the entries, and this machine on the port', () => {
    const guard = hostGuard({ publicUrl: 'https://wishlist.example.org', allowedHosts: parseAllowedHosts('lan.example, emu.example:8080') as [] });
    guard.listeningOn(8080);
    for (const ok of ['wishlist.example.org', 'WISHLIST.example.org:443', 'lan.example:1234', 'emu.example:8080', 'localhost:8080', '127.0.0.1:8080', '[::1]:8080']) {
      expect([ok, guard.allowed(ok)]).toEqual([ok, true]);
    }
    for (const no of ['wishlist.example.org:80', 'evil.example', 'evil.example:8080', 'emu.example:9090', 'localhost:9999', 'localhost', '127.0.0.2:8080', 'wishlist.example.org.evil.example', undefined]) {
      expect([no, guard.allowed(no)]).toEqual([no, false]);
    }
  });
});

describe('the gateway on a request naming another host', () => {
  it('answers 421 JSON to a rebinding name on every kind of path, the outbox included', async () => {
    const port = await start({ PUBLIC_URL: 'http://wishlist.example' });
    for (const path of ['/', '/en', '/see/abc', '/api/product-lists', '/api/health', '/dev/mails', '/remotes.json', '/static/js/index.abcd1234.js']) {
      const res = await get(port, path, `evil.example:${port}`);
      expect([path, res.status]).toEqual([path, 421]);
      expect(JSON.parse(res.body)).toEqual({ error: { code: 'misdirected_request', message: expect.any(String) } });
    }
    // No Host at all is no name of ours either (Node itself refuses an HTTP/1.1 request without one).
    expect([400, 421]).toContain((await get(port, '/api/health', null)).status);
  });

  it('answers its own names: PUBLIC_URL, this machine on its port, ALLOWED_HOSTS', async () => {
    const port = await start({ PUBLIC_URL: 'http://wishlist.example', ALLOWED_HOSTS: 'phone-test.lan' });
    for (const host of ['wishlist.example', `localhost:${port}`, `127.0.0.1:${port}`, `phone-test.lan:${port}`]) {
      expect([host, (await get(port, '/api/health', host)).status]).toEqual([host, 200]);
    }
    expect((await get(port, '/api/health', `localhost:${port + 1}`)).status).toBe(421);
    expect((await get(port, '/dev/mails', `localhost:${port}`)).status).toBe(200);
  });

  it('answers /health whatever the name (container health checks)', async () => {
    const port = await start({ PUBLIC_URL: 'https://wishlist.example' });
    expect((await get(port, '/health', 'healthcheck.internal')).status).toBe(200);
  });

  it('answers every name with ALLOWED_HOSTS=*', async () => {
    const port = await start({ PUBLIC_URL: 'http://wishlist.example', ALLOWED_HOSTS: '*' });
    expect((await get(port, '/api/health', 'anything.example')).status).toBe(200);
  });
});
