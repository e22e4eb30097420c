import express from 'express';
import { CLIENT_HEADER, IDENTITY_HEADER, SERVICE_HEADER, verifyClientAddress, verifyIdentity, verifyServiceAssertion } from '@wishlist/service-kit';
import { listen } from './fixtures';

export interface FakeService {
  url: string;
  name: string;
  /** Requests that reached it (method and path), in order. */
  seen: { method: string; path: string }[];
  close(): Promise<void>;
  /** Closes every connection and stops listening at once (a killed instance). */
  kill(): Promise<void>;
  /** Answers only after this many ms (0: at once). */
  delayMs: number;
}

/**
 * A fake service instance that answers any path with what it received: the signed client
 * address it verified (X-Wishlist-Client), the identity, the forwarding headers, the body.
 * With `introspect`, it also plays the auth service's /internal/introspect.
 */
export async function fakeService(name: string, introspect?: Map<string, { userId: string }>): Promise<FakeService> {
  const app = express();
  const seen: FakeService['seen'] = [];
  const state = { delayMs: 0 };
  if (introspect) {
    app.post('/internal/introspect', express.json(), async (req, res) => {
      seen.push({ method: req.method, path: req.path });
      if ((await verifyServiceAssertion(req.headers[SERVICE_HEADER] as string | undefined)) !== 'gateway') return res.status(401).end();
      const user = introspect.get(req.body.token);
      if (!user) return res.status(401).json({ error: { code: 'invalid_token', message: 'invalid' } });
      res.json({ data: user });
    });
  }
  app.all('/{*rest}', async (req, res) => {
    seen.push({ method: req.method, path: req.path });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (state.delayMs > 0) await new Promise((r) => setTimeout(r, state.delayMs));
    res.setHeader('X-Instance', name);
    res.json({
      instance: name,
      method: req.method,
      path: req.path,
      body: Buffer.concat(chunks).toString('utf8'),
      client: await verifyClientAddress(req.headers[CLIENT_HEADER] as string | undefined),
      identity: await verifyIdentity(req.headers[IDENTITY_HEADER] as string | undefined),
      forwardedFor: req.headers['x-forwarded-for'] ?? null,
      forwarded: req.headers.forwarded ?? null,
      realIp: req.headers['x-real-ip'] ?? null,
    });
  });
  const started = await listen(app);
  const service: FakeService = {
    url: started.url,
    name,
    seen,
    close: started.close,
    kill: () =>
      new Promise<void>((r) => {
        started.server.close(() => r());
        started.server.closeAllConnections();
      }),
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(v: number) {
      state.delayMs = v;
    },
  };
  return service;
}
