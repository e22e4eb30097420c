// The small balancer in front of the gateways: what deploy/compose/haproxy.cfg does, in Node
// (HAProxy is not installed on these machines). Round-robin over the gateways whose readiness
// (GET /health/ready) answered 200 `rise` checks in a row, out after `fall` failed checks; a
// request whose connection to a gateway failed (it was never sent) goes to another gateway, at
// most `retries` times; a read met by a kept-alive connection the gateway had closed is sent
// again; a write that may have reached a gateway is never sent twice. The client's address is
// appended to X-Forwarded-For (one hop: the gateways' TRUST_PROXY=1).
//
// Built on undici (the HTTP client behind Node's own fetch, maintained by the Node.js project,
// already used by service-kit): its pools keep connections alive, honour the gateway's keep-alive
// hint and `Connection: close`, and a connect failure surfaces as its own error, which is what
// telling "never sent" from "maybe received" needs.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

export interface BalancerOptions {
  /** Origins of the gateways (http://127.0.0.1:port). */
  backends: readonly string[];
  healthPath?: string;
  checkIntervalMs?: number;
  /** How long a check may take (HAProxy's `timeout check`). */
  checkTimeoutMs?: number;
  /** Failed checks in a row that take a backend out. */
  fall?: number;
  /** Passed checks in a row that put it back. */
  rise?: number;
  /** Other backends tried after a connection failure. */
  retries?: number;
  /** Largest request body taken (bytes). */
  maxBodyBytes?: number;
}

export interface BalancerStats {
  forwarded: number;
  /** Attempts sent again to another backend (or connection) after a connection failure. */
  retried: number;
  /** Requests answered 502/503 by the balancer itself. */
  failed: number;
}

interface Backend {
  url: string;
  pool: Pool;
  up: boolean;
  passes: number;
  fails: number;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Errors of a connection that never carried the request. */
const CONNECT_FAILURES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'UND_ERR_CONNECT_TIMEOUT']);
/** Errors of a connection closed under a request, before any answer. */
const CLOSED_UNDER = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** Whether a failed attempt may go to another backend (see the header). */
export function mayRetry(method: string, err: unknown): boolean {
  const e = err as { code?: string; syscall?: string; cause?: { code?: string; syscall?: string } };
  const code = e.code ?? e.cause?.code ?? '';
  if (CONNECT_FAILURES.has(code) || e.syscall === 'connect' || e.cause?.syscall === 'connect') return true;
  return SAFE.has(method) && CLOSED_UNDER.has(code);
}

/** The next backend of a round-robin from `cursor`: an up one not yet tried, else undefined. */
export function pickBackend<T extends { up: boolean }>(backends: readonly T[], cursor: number, tried: ReadonlySet<T>): { backend: T; cursor: number } | undefined {
  for (let i = 0; i < backends.length; i++) {
    const index = (cursor + i) % backends.length;
    const b = backends[index];
    if (b.up && !tried.has(b)) return { backend: b, cursor: (index + 1) % backends.length };
  }
  return undefined;
}

export interface Balancer {
  url: string;
  port: number;
  stats: BalancerStats;
  /** Which backends are in rotation now. */
  upBackends(): string[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) reject(Object.assign(new Error('body too large'), { status: 413 }));
      else chunks.push(c);
    });
    req.on('end', () => resolve(size === 0 ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function answer(res: ServerResponse, status: number, code: string, message: string) {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ error: { code, message } }));
}

export async function startBalancer(options: BalancerOptions, port = 0, host = '127.0.0.1'): Promise<Balancer> {
  const healthPath = options.healthPath ?? '/health/ready';
  const interval = options.checkIntervalMs ?? 1000;
  const checkTimeout = options.checkTimeoutMs ?? 2000;
  const fall = options.fall ?? 2;
  const rise = options.rise ?? 2;
  const retries = options.retries ?? 2;
  const maxBody = options.maxBodyBytes ?? 2 * 1024 * 1024;
  const backends: Backend[] = options.backends.map((url) => ({
    url,
    // A kept-alive connection is dropped a second before the gateway's own keep-alive hint runs out.
    pool: new Pool(url, { connections: 64, keepAliveTimeoutThreshold: 1000, headersTimeout: 30_000, bodyTimeout: 30_000, connectTimeout: 3000 }),
    up: false,
    passes: 0,
    fails: 0,
  }));
  const stats: BalancerStats = { forwarded: 0, retried: 0, failed: 0 };

  const check = async (b: Backend) => {
    let ok: boolean;
    try {
      const res = await fetch(`${b.url}${healthPath}`, { signal: AbortSignal.timeout(checkTimeout), headers: { connection: 'close' } });
      await res.arrayBuffer();
      ok = res.status === 200;
    } catch {
      ok = false;
    }
    if (ok) {
      b.fails = 0;
      b.passes++;
      if (!b.up && b.passes >= rise) b.up = true;
    } else {
      b.passes = 0;
      b.fails++;
      if (b.up && b.fails >= fall) b.up = false;
    }
  };
  // At start a backend is in once its first check passes (HAProxy's servers start up, too).
  await Promise.all(backends.map(check));
  for (const b of backends) if (b.passes > 0) b.up = true;
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void Promise.all(backends.map(check)).finally(() => (checking = false));
  }, interval);

  let cursor = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method ?? 'GET';
    let body: Buffer | null;
    try {
      body = await readBody(req, maxBody);
    } catch (err) {
      return answer(res, (err as { status?: number }).status === 413 ? 413 : 400, 'bad_request', 'The request body could not be read.');
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    const peer = req.socket.remoteAddress ?? 'unknown';
    const prior = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = prior ? `${String(prior)}, ${peer}` : peer;
    headers['x-forwarded-proto'] = 'http';
    headers.host = req.headers.host ?? 'localhost';
    const aborted = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    const tried = new Set<Backend>();
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      const picked = pickBackend(backends, cursor, tried);
      if (!picked) break;
      cursor = picked.cursor;
      tried.add(picked.backend);
      if (attempt > 0) stats.retried++;
      try {
        const upstream = await picked.backend.pool.request({ method: method as 'GET', path: req.url ?? '/', headers, body, signal: aborted.signal });
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(upstream.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        res.writeHead(upstream.statusCode, out);
        stats.forwarded++;
        try {
          for await (const chunk of upstream.body) res.write(chunk);
          res.end();
        } catch {
          res.destroy();
        }
        return;
      } catch (err) {
        lastError = err;
        if (aborted.signal.aborted || !mayRetry(method, err)) break;
      }
    }
    stats.failed++;
    const why = lastError ? String((lastError as Error).message) : 'no gateway is ready';
    answer(res, lastError ? 502 : 503, 'bad_gateway', `The balancer could not reach a gateway: ${why}`);
  };

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://${host}:${actual}`,
    port: actual,
    stats,
    upBackends: () => backends.filter((b) => b.up).map((b) => b.url),
    async close() {
      clearInterval(timer);
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all(backends.map((b) => b.pool.close()));
    },
  };
}
