import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import fresh from 'fresh';
import CachePolicy from 'http-cache-semantics';
import { LRUCache } from 'lru-cache';
import Negotiator from 'negotiator';

/**
 * The gateway as an HTTP shared cache (RFC 9111) for anonymous reads of /api.
 *
 * A service opts an answer in with `s-maxage` (the lists service does for a shared list read by
 * someone not signed in: everyone who opens a shared link gets the same bytes). `http-cache-semantics`
 * decides what may be stored and for how long, and whether a stored answer satisfies a request
 * (request `Cache-Control: no-cache`, `Vary`, ...). Only requests without `Authorization` are looked
 * up or stored: a signed-in person's reads always reach the service.
 *
 * Freshness beyond the service's `s-maxage`: every unsafe request (POST, PUT, PATCH, DELETE) that
 * passes through this gateway empties the cache when it starts and again when it ends, and a read
 * that was in flight across a write does not store what it got. So whoever changes a list through
 * this gateway, and everyone after, sees the change at once; `s-maxage` bounds what other gateway
 * instances may serve.
 */
export interface SharedCacheOptions {
  /** Bytes of stored bodies at most (least recently used answers go first). 0 disables the cache. */
  maxBytes: number;
  /** Longest time an answer is kept, whatever `s-maxage` says. */
  maxTtlMs?: number;
}

export interface CachedAnswer {
  headers: Record<string, string | string[]>;
  entry: Entry;
}

interface Entry {
  policy: CachePolicy;
  body: Buffer;
  /** The gzip variant, made on first demand (once per stored answer, not once per request). */
  gzip?: Buffer;
}

/** Bodies smaller than this are sent as they are (as the compression middleware does). */
const COMPRESS_FROM_BYTES = 1024;

/** Headers of the service's answer that belong to that one exchange, never replayed. */
const NOT_REPLAYED = new Set(['x-request-id', 'set-cookie', 'connection', 'keep-alive', 'transfer-encoding']);
const MAX_ENTRY_FRACTION = 8;

/** What http-cache-semantics reads of a request (a stored GET answer also answers HEAD). */
function requestOf(req: Pick<IncomingMessage, 'method' | 'headers'>, url: string): CachePolicy.Request {
  return { url, method: req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET'), headers: req.headers as CachePolicy.Headers };
}

export class SharedCache {
  private readonly lru: LRUCache<string, Entry> | undefined;
  private readonly maxEntryBytes: number;
  private generation = 0;

  constructor(options: SharedCacheOptions) {
    this.maxEntryBytes = Math.floor(options.maxBytes / MAX_ENTRY_FRACTION);
    this.lru =
      options.maxBytes > 0
        ? new LRUCache<string, Entry>({ maxSize: options.maxBytes, sizeCalculation: (e) => Math.max(1, e.body.length), ttl: options.maxTtlMs ?? 60_000, ttlAutopurge: false })
        : undefined;
  }

  get enabled(): boolean {
    return this.lru !== undefined;
  }

  /** Whether this request may be answered from, or fill, the cache. */
  eligible(req: Pick<IncomingMessage, 'method' | 'headers'>): boolean {
    return this.lru !== undefined && (req.method === 'GET' || req.method === 'HEAD') && req.headers.authorization === undefined;
  }

  /** A stored answer that satisfies this request without asking the service, or undefined. */
  lookup(req: Pick<IncomingMessage, 'method' | 'headers'>, url: string): CachedAnswer | undefined {
    if (!this.eligible(req)) return undefined;
    const entry = this.lru!.get(url);
    if (!entry) return undefined;
    const request = requestOf(req, url);
    const evaluated = entry.policy.evaluateRequest(request);
    if (evaluated.revalidation || !evaluated.response) {
      // Stale, or the request asks for a fresh answer (no-cache, max-age=0, Vary mismatch).
      if (entry.policy.stale()) this.lru!.delete(url);
      return undefined;
    }
    return { headers: replayable(evaluated.response.headers), entry };
  }

  /** Taken when a read is forwarded; `store` keeps the answer only if no write happened since. */
  begin(): number {
    return this.generation;
  }

  /**
   * Keeps the service's answer to an eligible GET if HTTP caching rules allow it (status 200,
   * `s-maxage`, not private, no-store or compressed, small enough) and no write went through since
   * `seen` was taken.
   */
  store(req: Pick<IncomingMessage, 'method' | 'headers'>, url: string, status: number, headers: IncomingHttpHeaders, body: Buffer, seen: number): boolean {
    if (!this.lru || seen !== this.generation || req.method !== 'GET' || !this.eligible(req)) return false;
    if (!markedShareable(status, headers) || body.length > this.maxEntryBytes) return false;
    const policy = new CachePolicy(requestOf(req, url), { status, headers: headers as CachePolicy.Headers }, { shared: true });
    const ttl = policy.timeToLive();
    if (!policy.storable() || ttl <= 0) return false;
    this.lru.set(url, { policy, body }, { ttl: Math.min(ttl, this.lru.ttl) });
    return true;
  }

  /** Forgets every stored answer (a write went through), and voids reads in flight. */
  invalidate(): void {
    this.generation++;
    this.lru?.clear();
  }

  get size(): number {
    return this.lru?.size ?? 0;
  }
}

/**
 * Sends a stored answer: gzip when the client accepts it, 304 when the client already holds it
 * (If-None-Match; the services' entity tags are weak, so they name both encodings).
 */
export function replay(req: IncomingMessage, res: ServerResponse, hit: CachedAnswer): void {
  const { entry } = hit;
  res.statusCode = 200;
  for (const name in hit.headers) res.setHeader(name, hit.headers[name]);
  res.setHeader('Vary', 'Accept-Encoding');
  if (req.headers['if-none-match'] !== undefined && fresh(req.headers, { etag: res.getHeader('etag') as string | undefined })) {
    res.statusCode = 304;
    res.removeHeader('content-length');
    res.end();
    return;
  }
  let body = entry.body;
  if (body.length >= COMPRESS_FROM_BYTES && req.headers['accept-encoding'] !== undefined && new Negotiator(req).encoding(['gzip', 'identity']) === 'gzip') {
    body = entry.gzip ??= gzipSync(entry.body);
    res.setHeader('Content-Encoding', 'gzip');
  }
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function replayable(headers: CachePolicy.Headers): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || NOT_REPLAYED.has(name)) continue;
    out[name] = value;
  }
  return out;
}

/**
 * Whether a service's answer is a candidate at all: a 200, not encoded, that the service explicitly
 * made shareable with `s-maxage` (no heuristic freshness for /api). `store` applies the full rules.
 */
export function markedShareable(status: number | undefined, headers: IncomingHttpHeaders): boolean {
  return status === 200 && headers['content-encoding'] === undefined && /(^|[\s,])s-maxage=\d/i.test(String(headers['cache-control'] ?? ''));
}

/** Whether a request changes data (any method but GET, HEAD and OPTIONS). */
export function isUnsafe(method: string | undefined): boolean {
  return method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
}
