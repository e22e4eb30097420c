import type { Request, RequestHandler, Response } from 'express';
import { rateLimit, ipKeyGenerator, MemoryStore, type Options, type Store, type ClientRateLimitInfo } from 'express-rate-limit';
import mongoose, { type Connection } from 'mongoose';
import { RateLimiterMongo, type RateLimiterRes } from 'rate-limiter-flexible';
import { databaseState } from './database';
import { errorBody, HttpError } from './errors';
import { CLIENT_HEADER, signClientAddress, signIdentity, signServiceAssertion } from './identity';

/** The collection, in the service's own database, that holds every rate-limit counter. */
export const RATE_LIMIT_COLLECTION = 'rate_limits';

export interface RateLimitOptions {
  /**
   * Names this limit's counters in the shared collection (`<name>:<key>`): every instance of the
   * service that uses the same name counts together, two limits with different names never do.
   */
  name: string;
  /** Window length in ms. */
  windowMs: number;
  /** Requests allowed per key and window. */
  limit: number;
  /** Shown to the client in the 429 body. */
  message?: string;
  /** Defaults to req.clientAddress (the gateway's signed client address, or the socket peer), IPv6 per /56. */
  key?: (req: Request) => string;
  /**
   * Where counters live. `database` (default): the `rate_limits` collection of the service's
   * mongoose connection, so limits hold across instances and restarts. `memory`: this process
   * only (services without a database).
   */
  store?: 'database' | 'memory';
  /** The database connection of `store: 'database'` (default: mongoose's, the service's own database). */
  connection?: Connection;
  /**
   * When set, only the answers it says count are counted (the others only read the count), e.g.
   * 404s of reads by id: a client is limited on what it failed to find.
   */
  counts?: (req: Request, res: Response) => boolean;
}

function resetTime(res: RateLimiterRes): Date | undefined {
  return res.msBeforeNext >= 0 ? new Date(Date.now() + res.msBeforeNext) : undefined;
}

/**
 * express-rate-limit's Store interface over rate-limiter-flexible's RateLimiterMongo (a maintained,
 * atomic MongoDB counter: one findOneAndUpdate upsert per hit, window expiry decided in the query,
 * so it is exact without the TTL monitor, which only tidies up). No storage logic lives here.
 */
class DatabaseStore implements Store {
  readonly localKeys = false;
  private limiter?: RateLimiterMongo;

  constructor(
    readonly prefix: string,
    private readonly connection: Connection,
  ) {}

  init(options: Options): void {
    this.limiter = new RateLimiterMongo({
      storeClient: this.connection,
      tableName: RATE_LIMIT_COLLECTION,
      keyPrefix: this.prefix,
      points: typeof options.limit === 'number' ? options.limit : 1,
      duration: options.windowMs / 1000,
    });
  }

  private ready(): RateLimiterMongo {
    // Without this, mongoose would buffer the command for 10 s before failing: answer at once.
    const down =
      this.connection === mongoose.connection
        ? databaseState() !== 'connected'
        : this.connection.readyState !== mongoose.ConnectionStates.connected;
    if (down || !this.limiter) {
      throw HttpError.databaseUnavailable();
    }
    return this.limiter;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    const res = await this.ready().penalty(key, 1);
    return { totalHits: res.consumedPoints, resetTime: resetTime(res) };
  }

  async decrement(key: string): Promise<void> {
    await this.ready().reward(key, 1);
  }

  async resetKey(key: string): Promise<void> {
    await this.ready().delete(key);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    const res = await this.ready().get(key);
    return res ? { totalHits: res.consumedPoints, resetTime: resetTime(res) } : undefined;
  }
}

/**
 * A limit that counts only some answers (RateLimitOptions.counts), such as reads by id that find
 * nothing. A request only reads its client's count as it comes in (refused once the count reached
 * the limit); the answer is counted when it is one that counts, before it is sent, so the next
 * request of that client already sees it. Counting every request and giving back the ones that do
 * not count (express-rate-limit's skipSuccessfulRequests) would cost every found list two database
 * writes, each waiting for the journal, on the product's most read route.
 * The pattern of rate-limiter-flexible's brute-force protection: read first, consume on failure.
 */
class CountedWhenAnswered implements Store {
  readonly localKeys: boolean;
  readonly prefix?: string;

  constructor(
    private readonly inner: Store & { get: NonNullable<Store['get']> },
    private readonly windowMs: number,
  ) {
    this.localKeys = inner.localKeys ?? true;
    this.prefix = inner.prefix;
  }

  init(options: Options): void | Promise<void> {
    return this.inner.init?.(options);
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.inner.get(key);
  }

  /** Reads the count: this request is refused when it would go past the limit. */
  async increment(key: string): Promise<ClientRateLimitInfo> {
    const info = await this.inner.get(key);
    // No count yet: the window a first counted answer would open.
    return { totalHits: (info?.totalHits ?? 0) + 1, resetTime: info?.resetTime ?? new Date(Date.now() + this.windowMs) };
  }

  decrement(): void {}

  resetKey(key: string): Promise<void> | void {
    return this.inner.resetKey(key);
  }

  /** Counts one answer that counts. */
  async count(key: string): Promise<void> {
    await this.inner.increment(key);
  }
}

/**
 * Holds the answer of `res` until `count()` settled when `counts` says it counts (the status is
 * set by then). A count that fails does not hold the answer back: the client gets its answer.
 */
function countBeforeAnswering(req: Request, res: Response, counts: NonNullable<RateLimitOptions['counts']>, count: () => Promise<void>): void {
  const end = res.end;
  res.end = function (this: Response, ...args: unknown[]) {
    res.end = end;
    const send = () => (end as (...a: unknown[]) => Response).apply(this, args);
    if (!counts(req, res)) return send();
    count().then(send, send);
    return this;
  } as Response['end'];
}

/**
 * Rate limit answering 429 `{ error: { code: 'too_many_requests', message } }` with RateLimit and
 * Retry-After headers, counted in the service's database (shared by its instances, kept across
 * restarts). While the database is unreachable the limited routes answer 503: they fail closed.
 */
export function createRateLimit(options: RateLimitOptions): RequestHandler {
  const message = options.message ?? 'Too many requests. Wait a moment and try again.';
  const keyOf = options.key ?? ((req: Request) => ipKeyGenerator(req.clientAddress ?? req.socket.remoteAddress ?? 'unknown'));
  const counter = options.store === 'memory' ? new MemoryStore() : new DatabaseStore(options.name, options.connection ?? mongoose.connection);
  const counts = options.counts;
  const counted = counts ? new CountedWhenAnswered(counter, options.windowMs) : null;
  const limiter = rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    identifier: options.name,
    store: counted ?? counter,
    // A store error (database down) goes to the error handler: 503, never an unlimited pass.
    passOnStoreError: false,
    // The key never comes from req.ip or X-Forwarded-For (see clientAddress in service.ts); the
    // library's checks of those would only warn about headers we deliberately ignore.
    keyGenerator: keyOf,
    validate: { trustProxy: false, xForwardedForHeader: false, ip: false, keyGeneratorIpFallback: false },
    handler: (_req, res) => {
      res.status(429).json(errorBody(new HttpError(429, 'too_many_requests', message)));
    },
  });
  if (!counted || !counts) return limiter;
  return (req, res, next) => {
    countBeforeAnswering(req, res, counts, () => counted.count(keyOf(req)));
    return limiter(req, res, next);
  };
}

/**
 * For tests of rate-limited routes: `count` requests' headers by which a client tries to pass for
 * someone else, each with a fresh address: forwarding headers (X-Forwarded-For, X-Real-IP,
 * Forwarded) and X-Wishlist-Client values that must not verify (garbage, unsigned, signed with
 * another key, expired, an identity or service assertion instead of a client address).
 * None of them may give a fresh limit.
 */
export async function clientSpoofAttempts(count: number): Promise<Array<{ kind: string; headers: Record<string, string> }>> {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const kinds: Array<[string, (ip: string) => Promise<Record<string, string>>]> = [
    ['x-forwarded-for', async (ip) => ({ 'X-Forwarded-For': ip })],
    ['x-forwarded-for chain', async (ip) => ({ 'X-Forwarded-For': `${ip}, 10.0.0.1, 127.0.0.1` })],
    ['x-real-ip', async (ip) => ({ 'X-Real-IP': ip })],
    ['forwarded', async (ip) => ({ Forwarded: `for="${ip}";proto=https` })],
    ['client garbage', async (ip) => ({ [CLIENT_HEADER]: ip })],
    [
      'client unsigned (alg none)',
      async (ip) => ({
        [CLIENT_HEADER]: `${b64({ alg: 'none' })}.${b64({ sub: ip, iss: 'wishlist-gateway', aud: 'wishlist-client-address', exp: 9e9 })}.`,
      }),
    ],
    ['client forged key', async (ip) => ({ [CLIENT_HEADER]: await signClientAddress(ip, { secret: `forged-${'k'.repeat(40)}` }) })],
    ['client expired', async (ip) => ({ [CLIENT_HEADER]: await signClientAddress(ip, { expiresInSeconds: -120 }) })],
    ['client wrong audience (identity)', async (ip) => ({ [CLIENT_HEADER]: await signIdentity({ userId: ip }) })],
    ['client wrong audience (service)', async () => ({ [CLIENT_HEADER]: await signServiceAssertion('gateway') })],
  ];
  const attempts = [];
  for (let i = 0; i < count; i += 1) {
    const [kind, make] = kinds[i % kinds.length];
    const ip = i % 3 === 2 ? `2001:db8:${(i + 1).toString(16)}::1` : `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    attempts.push({ kind, headers: await make(ip) });
  }
  return attempts;
}
