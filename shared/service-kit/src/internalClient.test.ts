import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { internalClient, instancesOf } from './internalClient';

// Real HTTP servers on loopback: a copy of a service that died (its port refuses), and one that
// closes a kept-alive connection just as the next request arrives on it.

const SECRET = 'internal-client-test-'.padEnd(40, 's');

interface Copy {
  url: string;
  server: Server;
  seen: string[];
}

async function copy(handle?: (req: IncomingMessage, res: ServerResponse) => boolean): Promise<Copy> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (handle?.(req, res)) return;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, seen };
}

/** A copy that died: nothing listens on its port any more. */
async function deadCopy(): Promise<string> {
  const c = await copy();
  await new Promise<void>((r) => c.server.close(() => r()));
  return c.url;
}

const open: Server[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) {
    s.closeAllConnections();
    await new Promise<void>((r) => s.close(() => r()));
  }
});

describe('internalClient', () => {
  it('reads every instance of a comma-separated base URL', () => {
    expect(instancesOf('http://a:1/, http://b:2')).toEqual(['http://a:1', 'http://b:2']);
    expect(() => instancesOf(' , ')).toThrow();
  });

  it('retries an idempotent call once on the next copy when one copy died', async () => {
    const live = await copy();
    open.push(live.server);
    const dead = await deadCopy();
    const client = internalClient(`${dead},${live.url}`, { serviceName: 'offers', secret: SECRET, upstreamName: 'lists' });
    for (let i = 0; i < 4; i++) {
      // Round-robin: every other call starts on the dead copy.
      expect((await client.post('/internal/products/release', { ids: ['p'], offeringId: 'o' }, { idempotent: true })).status).toBe(200);
      expect((await client.get('/internal/users/u')).status).toBe(200);
    }
    expect(live.seen).toHaveLength(8);
  });

  it('never sends a call that is not idempotent twice', async () => {
    const live = await copy();
    open.push(live.server);
    const dead = await deadCopy();
    const client = internalClient(`${dead},${live.url}`, { serviceName: 'offers', secret: SECRET });
    await expect(client.post('/internal/something', { a: 1 })).rejects.toMatchObject({ status: 503 });
    expect(live.seen).toHaveLength(0);
  });

  it('sends a call again on a fresh connection when a kept-alive one was closed under it', async () => {
    // The server drops the connection when a second request arrives on it (an idle timeout or a
    // restart racing the reuse), without answering.
    const served = new WeakMap<object, number>();
    const flaky = await copy((req) => {
      const n = served.get(req.socket) ?? 0;
      served.set(req.socket, n + 1);
      if (n === 0) return false;
      req.socket.destroy();
      return true;
    });
    open.push(flaky.server);
    const client = internalClient(flaky.url, { serviceName: 'lists', secret: SECRET });
    for (let i = 0; i < 5; i++) expect((await client.get('/internal/users/u')).status).toBe(200);
    // Connections were dropped under some calls (the server saw more requests than were made),
    // and every call was answered.
    expect(flaky.seen.length).toBeGreaterThan(5);
  });
});
