import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import getRawBody from 'raw-body';
import {
  CLIENT_HEADER,
  errorBody,
  HttpError,
  IDENTITY_HEADER,
  IDENTITY_LIFETIME_SECONDS,
  requestTraceContext,
  setRouteLabel,
  signClientAddress,
  startClientSpan,
  signIdentity,
  type Identity,
  type Logger,
} from '@wishlist/service-kit';
import type { GatewayConfig } from './config';
import { bearerOf, type Introspector } from './introspection';
import { closeAfterUnreadBody } from './linger';
import { plainAddress } from './network';
import { apiRouteLabel, failureReason, upstreamDuration, upstreamFailures, upstreamRequests } from './observability';
import { isUnsafe, markedShareable, type SharedCache } from './sharedCache';
import { UpstreamPool } from './upstreams';

export interface UpstreamRoute {
  service: string;
  /** The service's instances (requests are spread over them). */
  pool: UpstreamPool;
  /** Path prefixes (a prefix matches itself and anything below it). */
  prefixes: string[];
  /** Whether the raw `Authorization` header reaches the service (auth only). */
  forwardAuthorization: boolean;
}

type UrlList = string | readonly string[];
const asList = (urls: UrlList) => (typeof urls === 'string' ? [urls] : urls);

/** The /api route table (SPEC §7 paths → the service that answers them). */
export function apiRoutes(config: { authUrls: UrlList; listsUrls: UrlList; offersUrls: UrlList }, options: { downMs?: number } = {}): UpstreamRoute[] {
  const pool = (service: string, urls: UrlList) => new UpstreamPool(service, asList(urls), options.downMs);
  return [
    { service: 'auth', pool: pool('auth', config.authUrls), prefixes: ['/api/tokens', '/api/accounts'], forwardAuthorization: true },
    {
      service: 'lists',
      pool: pool('lists', config.listsUrls),
      prefixes: ['/api/product-lists', '/api/products-in-lists', '/api/pages', '/api/favorites', '/api/images'],
      forwardAuthorization: false,
    },
    { service: 'offers', pool: pool('offers', config.offersUrls), prefixes: ['/api/offerings', '/api/pledges', '/api/group-gifts', '/api/gifts'], forwardAuthorization: false },
  ];
}

export function matchRoute(routes: UpstreamRoute[], path: string): UpstreamRoute | undefined {
  return routes.find((r) => r.prefixes.some((p) => path === p || path.startsWith(`${p}/`)));
}

/**
 * The only writes (POST, PUT, PATCH, DELETE) someone not signed in may make (SPEC §6-7, and the
 * services' routes): the sign-in flow (ask for a link, read or refuse the request, submit the code, revoke a bearer) and a
 * visitor's offer. Every other write needs a valid bearer, checked before its body is read.
 */
const ANONYMOUS_WRITES: { method: string; path: string | RegExp }[] = [
  { method: 'POST', path: '/api/tokens' },
  { method: 'PUT', path: '/api/tokens' },
  { method: 'DELETE', path: '/api/tokens' },
  // The page opened from the e-mail reads the request it approves, or refuses it.
  { method: 'POST', path: '/api/tokens/request' },
  { method: 'POST', path: '/api/tokens/refusal' },
  { method: 'POST', path: '/api/offerings' },
  // The giver of an anonymous offer confirms their address (the mailed code is the proof) or asks for the mail again.
  { method: 'POST', path: /^\/api\/offerings\/[A-Za-z0-9_-]{1,64}\/(?:confirmation|verification-mail)$/ },
  // The unsubscribe link of an occasion reminder (the mailed token is the proof; RFC 8058 one-click).
  { method: 'POST', path: /^\/api\/favorites\/reminders\/[A-Za-z0-9_-]{22}$/ },
  // The giver withdraws an unanswered offer from the receipt's link (the mailed token is the proof).
  { method: 'POST', path: /^\/api\/offerings\/[A-Za-z0-9_-]{1,64}\/withdrawal$/ },
  // Group gifts: a visitor pledges (no account), then confirms or withdraws from the mailed link (the token is the proof).
  { method: 'POST', path: '/api/pledges' },
  { method: 'POST', path: /^\/api\/pledges\/[A-Za-z0-9_-]{1,64}\/(?:confirmation|withdrawal)$/ },
  // "My gifts": the giver marks, notes or withdraws a gift from the mailed link (the token is the proof).
  { method: 'PATCH', path: /^\/api\/gifts\/[A-Za-z0-9_-]{1,64}$/ },
  { method: 'POST', path: /^\/api\/gifts\/[A-Za-z0-9_-]{1,64}\/withdrawal$/ },
];

export function anonymousWriteAllowed(method: string, path: string): boolean {
  const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return ANONYMOUS_WRITES.some((w) => w.method === method && (typeof w.path === 'string' ? w.path === p : w.path.test(p)));
}

/** Headers a client may send to describe where it connects from: never passed on as they came. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip', CLIENT_HEADER];

function unavailable(service: string, res: ServerResponse | Socket, logger: Logger, err: Error) {
  logger.warn({ service, err: err.message }, 'upstream unavailable');
  if (!('writeHead' in res)) {
    res.destroy();
    return;
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(HttpError.serviceUnavailable(`The ${service} service is unavailable. Try again later.`)));
  res.writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(body);
}

/**
 * Answers an error before the request was forwarded. When its body was not (fully) read, the
 * connection is closed after the answer instead of waiting for the rest of it, lingering so that
 * a client still sending reads the answer (linger.ts).
 */
function refuse(req: Request, res: Response, err: HttpError) {
  closeAfterUnreadBody(req, res);
  res.setHeader('Cache-Control', 'no-store');
  res.status(err.status).json(errorBody(err));
}

function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * The whole request body, at most `limit` bytes, within `timeoutMs`: 413 when larger (at once when
 * Content-Length says so), 408 when it does not arrive in time, 400 when it is cut short.
 */
export function readBody(req: IncomingMessage, options: { limit: number; timeoutMs: number }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new HttpError(408, 'request_timeout', `The request body did not arrive within ${Math.ceil(options.timeoutMs / 1000)} s.`));
    }, options.timeoutMs);
    getRawBody(req, { length: req.headers['content-length'], limit: options.limit }).then(
      (body) => {
        clearTimeout(timer);
        resolve(body);
      },
      (err: { status?: number; type?: string }) => {
        clearTimeout(timer);
        if (err.status === 413) reject(new HttpError(413, 'payload_too_large', `The request body is larger than ${Math.floor(options.limit / 1024)} kB.`));
        else reject(HttpError.badRequest('The request body is incomplete.'));
      },
    );
  });
}

/**
 * How long an idle upstream connection is kept for reuse. It must stay below the services'
 * keep-alive timeout (Node's default `server.keepAliveTimeout`, 5 s): otherwise a request can be
 * written on a socket the service is closing at that very moment, and fails with ECONNRESET (a 503
 * for the browser, seen in the e2e journeys after a few idle seconds).
 */
export const UPSTREAM_IDLE_MS = 4000;

/** One request on its way upstream: the buffered body, and the instances tried so far. */
interface Attempt {
  route: UpstreamRoute;
  body: Buffer | undefined;
  next: (err?: unknown) => void;
  tried: Set<string>;
  url?: string;
  /** The upstream connection was established (a fresh one connected, or a kept-alive one reused). */
  connected: boolean;
  reused: boolean;
  /** This attempt's client span (its traceparent goes upstream) and when it started. */
  span?: ReturnType<typeof startClientSpan>;
  startedAt: bigint;
}

export interface ApiProxyOptions {
  routes: UpstreamRoute[];
  introspector: Introspector;
  timeoutMs: number;
  logger: Logger;
  /** Idle upstream connections are closed after this (default UPSTREAM_IDLE_MS). */
  upstreamIdleMs?: number;
  /** Largest request body (bytes, default 128 kB). */
  maxBodyBytes?: number;
  /** Calls whose body may be larger than maxBodyBytes (a whole file), each with its own limit. */
  largeBodies?: LargeBody[];
  /** Longest wait for a whole request body (default 10 s). */
  bodyTimeoutMs?: number;
  /**
   * Filled with the anonymous reads a service marks shareable, and emptied by every write (see
   * sharedCache.ts). Hits are answered before Express (see app.ts), not here.
   */
  cache?: SharedCache;
}

/**
 * /api/* → the owning service. In order, for each request:
 * 1. A bearer is checked once with the auth service; a valid one becomes a signed
 *    X-Wishlist-Identity assertion. A write that needs a signed-in caller and has none gets 401
 *    at once, its body never read.
 * 2. The client's address (the socket's, or what the TRUST_PROXY hops say) goes upstream signed in
 *    X-Wishlist-Client, and as the only X-Forwarded-For entry; whatever the client wrote in
 *    forwarding headers is dropped.
 * 3. A body is read here, whole, with a size limit and a deadline (413, 408), before any
 *    upstream connection is used: a slow sender holds nothing but its own connection.
 * 4. The request goes to one instance of the service (round-robin). An instance that refuses the
 *    connection is left out for a while and the request, whose body is buffered, goes to the next
 *    one; only requests already sent to an instance that dies fail (503).
 * Unknown /api paths fall through (404 JSON after).
 */
export interface LargeBody {
  method: string;
  path: RegExp;
  maxBytes: number;
}

/** The list import (docs/api.md, "Export and import"): a whole exported list is one body. */
export const IMPORT_CALL = { method: 'POST', path: /^\/api\/product-lists\/import\/?$/ };

export function apiProxy(options: ApiProxyOptions): RequestHandler {
  const cache = options.cache?.enabled ? options.cache : undefined;
  const maxBodyBytes = options.maxBodyBytes ?? 128 * 1024;
  const largeBodies = options.largeBodies ?? [];
  const bodyLimitOf = (req: Request) => largeBodies.find((b) => b.method === req.method && b.path.test(req.path))?.maxBytes ?? maxBodyBytes;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 10_000;
  /** Eligible reads on their way to a service: the cache key and the generation they started in. */
  const filling = new WeakMap<IncomingMessage, { url: string; seen: number }>();
  const attempts = new WeakMap<IncomingMessage, Attempt>();
  /**
   * Signed client addresses, reused for half their lifetime (60 s): one signature per client
   * address and 30 s, not one per request.
   */
  const clientTokens = new Map<string, { token: string; until: number }>();
  const clientAssertion = async (address: string): Promise<string> => {
    const now = Date.now();
    const hit = clientTokens.get(address);
    if (hit && hit.until > now) return hit.token;
    const token = await signClientAddress(address);
    if (clientTokens.size >= 10_000) clientTokens.clear();
    clientTokens.set(address, { token, until: now + (IDENTITY_LIFETIME_SECONDS * 1000) / 2 });
    return token;
  };

  const requests = upstreamRequests();
  const failures = upstreamFailures();
  const duration = upstreamDuration();

  const forward = (req: IncomingMessage, res: ServerResponse, attempt: Attempt, lastError?: Error) => {
    const url = attempt.route.pool.pick(attempt.tried);
    if (url === undefined) {
      requests.inc({ service: attempt.route.service, outcome: 'failed' });
      return unavailable(attempt.route.service, res, options.logger, lastError ?? new Error('no instance'));
    }
    attempt.tried.add(url);
    attempt.url = url;
    attempt.connected = false;
    attempt.reused = false;
    // The service continues this attempt's span: whatever trace headers the client sent were
    // taken up by the gateway's own server span.
    attempt.span = startClientSpan(
      `${req.method ?? 'GET'} ${attempt.route.service}`,
      { 'http.request.method': req.method ?? 'GET', 'server.address': attempt.route.service },
      requestTraceContext(req),
    );
    delete req.headers.traceparent;
    delete req.headers.tracestate;
    Object.assign(req.headers, attempt.span.headers);
    attempt.startedAt = process.hrtime.bigint();
    void proxies.get(attempt.route)!.get(url)!(req, res, attempt.next);
  };

  /**
   * Whether a failed attempt can go to another instance: nothing reached the service (the
   * connection was refused or never established), or a read met a kept-alive connection the
   * service had just closed. A write already sent is never sent twice.
   */
  const retriable = (err: NodeJS.ErrnoException, req: IncomingMessage, res: ServerResponse | Socket, attempt: Attempt) => {
    if (!('writeHead' in res) || res.headersSent || res.destroyed) return false;
    if (!attempt.connected) return true;
    return attempt.reused && err.code === 'ECONNRESET' && (req.method === 'GET' || req.method === 'HEAD') && !req.socket.destroyed;
  };

  const proxyFor = (route: UpstreamRoute, url: string) =>
    createProxyMiddleware<IncomingMessage, ServerResponse>({
      target: url,
      // Reused upstream connections: without an agent, http-proxy sends `Connection: close`
      // upstream and relays it, so every browser request would also lose its connection.
      // `timeout` closes a free socket once idle that long (the proxy timeout governs busy ones).
      // Bodies are buffered first, so a socket is only ever held by a request the service is
      // answering, never by a slow client.
      agent: new Agent({ keepAlive: true, maxSockets: 256, timeout: options.upstreamIdleMs ?? UPSTREAM_IDLE_MS }),
      changeOrigin: false,
      // The forwarding headers are written by apiProxy (the derived client address only).
      xfwd: false,
      proxyTimeout: options.timeoutMs,
      logger: undefined,
      on: {
        proxyReq: (proxyReq: ClientRequest, req: IncomingMessage) => {
          const attempt = attempts.get(req);
          if (!attempt) return;
          const track = (socket: Socket) => {
            attempt.reused = proxyReq.reusedSocket;
            if (socket.connecting) socket.once('connect', () => (attempt.connected = true));
            else attempt.connected = true;
          };
          // Hop by hop: the browser's `Connection` is about its connection to the gateway, not the
          // gateway's kept-alive one to the service (whose own `Connection: close` then means it drains).
          proxyReq.removeHeader('connection');
          // http-proxy emits proxyReq once the request has its socket (or on the way to it).
          if (proxyReq.socket) track(proxyReq.socket);
          else proxyReq.once('socket', track);
          if (attempt.body) {
            // The body was read here (the request stream is over): send the buffered bytes.
            proxyReq.removeHeader('transfer-encoding');
            proxyReq.setHeader('content-length', attempt.body.length);
            proxyReq.write(attempt.body);
          }
        },
        proxyRes: (proxyRes: IncomingMessage, req: IncomingMessage) => {
          // A copy that drains answers with `Connection: close` until it stops accepting: the next
          // requests go to the other copies, so none meets the moment it closes its connections.
          if (proxyRes.headers.connection === 'close') route.pool.markDown(url);
          else route.pool.markUp(url);
          const attempt = attempts.get(req);
          const status = proxyRes.statusCode ?? 0;
          requests.inc({ service: route.service, outcome: `${Math.floor(status / 100)}xx` });
          if (attempt) {
            duration.observe({ service: route.service }, Number(process.hrtime.bigint() - attempt.startedAt) / 1e9);
            attempt.span?.end(status);
          }
          if (!cache) return;
          const fill = filling.get(req);
          if (!fill) return;
          filling.delete(req);
          if (!markedShareable(proxyRes.statusCode, proxyRes.headers)) return;
          // Read alongside the pipe to the client (which keeps its own back-pressure).
          const chunks: Buffer[] = [];
          proxyRes.on('data', (c: Buffer) => chunks.push(c));
          proxyRes.on('end', () => {
            if (proxyRes.complete) cache.store(req, fill.url, 200, proxyRes.headers, Buffer.concat(chunks), fill.seen);
          });
        },
        error: (err: NodeJS.ErrnoException, req: IncomingMessage, res: ServerResponse | Socket) => {
          const attempt = attempts.get(req);
          failures.inc({ service: route.service, reason: failureReason(err) });
          attempt?.span?.end(err);
          if (attempt && retriable(err, req, res, attempt)) {
            if (!attempt.connected) route.pool.markDown(url);
            options.logger.warn({ service: route.service, instance: url, err: err.code ?? err.message }, 'upstream instance failed before the request reached it: trying another');
            return forward(req, res as ServerResponse, attempt, err);
          }
          requests.inc({ service: route.service, outcome: 'failed' });
          unavailable(route.service, res, options.logger, err);
        },
      },
    });
  const proxies = new Map(options.routes.map((route) => [route, new Map(route.pool.urls.map((url) => [url, proxyFor(route, url)]))]));

  return async (req, res, next) => {
    const route = matchRoute(options.routes, req.path);
    if (!route) return next();
    setRouteLabel(req, apiRouteLabel(req.path));
    // Decided on the request as the client sent it (Authorization is dropped below for lists/offers).
    const fillsCache = cache !== undefined && req.method === 'GET' && cache.eligible(req);
    let identity: Identity | null = null;
    try {
      const bearer = bearerOf(req.headers.authorization);
      if (bearer !== undefined) identity = await options.introspector.check(bearer);
    } catch (err) {
      return refuse(req, res, err instanceof HttpError ? err : HttpError.serviceUnavailable());
    }
    if (!identity && isUnsafe(req.method) && !anonymousWriteAllowed(req.method, req.path)) {
      return refuse(req, res, HttpError.unauthorized('You need to be authenticated to do this.'));
    }
    let body: Buffer | undefined;
    try {
      if (identity) req.headers[IDENTITY_HEADER] = await signIdentity(identity);
      if (!route.forwardAuthorization) delete req.headers.authorization;
      const client = plainAddress(req.ip ?? req.socket.remoteAddress ?? 'unknown');
      for (const name of FORWARDING_HEADERS) delete req.headers[name];
      req.headers[CLIENT_HEADER] = await clientAssertion(client);
      req.headers['x-forwarded-for'] = client;
      req.headers['x-forwarded-proto'] = req.protocol;
      if (hasBody(req)) body = await readBody(req, { limit: bodyLimitOf(req), timeoutMs: bodyTimeoutMs });
    } catch (err) {
      return refuse(req, res, err instanceof HttpError ? err : HttpError.badRequest('The request could not be read.'));
    }
    if (cache) {
      if (isUnsafe(req.method)) {
        cache.invalidate();
        const done = () => {
          res.off('finish', done);
          res.off('close', done);
          cache.invalidate();
        };
        res.on('finish', done);
        res.on('close', done);
      } else if (fillsCache) {
        filling.set(req, { url: req.originalUrl, seen: cache.begin() });
      }
    }
    const attempt: Attempt = { route, body, next, tried: new Set(), connected: false, reused: false, startedAt: process.hrtime.bigint() };
    attempts.set(req, attempt);
    forward(req, res, attempt);
  };
}

/** The apiProxy options a gateway config gives. */
export function proxyLimits(config: Pick<GatewayConfig, 'maxBodyKb' | 'maxImportBodyKb' | 'bodyTimeoutMs'>) {
  return {
    maxBodyBytes: config.maxBodyKb * 1024,
    largeBodies: [{ ...IMPORT_CALL, maxBytes: Math.max(config.maxImportBodyKb, config.maxBodyKb) * 1024 }],
    bodyTimeoutMs: config.bodyTimeoutMs,
  };
}
