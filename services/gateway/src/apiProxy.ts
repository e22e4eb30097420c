import { Agent, request, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { errorBody, HttpError, IDENTITY_HEADER, signIdentity, type Logger } from '@wishlist/service-kit';
import type { GatewayConfig } from './config';
import { bearerOf, type Introspector } from './introspection';

export interface UpstreamRoute {
  service: string;
  target: string;
  /** Path prefixes (a prefix matches itself and anything below it). */
  prefixes: string[];
  /** Whether the raw `Authorization` header reaches the service (auth only). */
  forwardAuthorization: boolean;
}

/** The /api route table (SPEC §7 paths → the service that answers them). */
export function apiRoutes(config: Pick<GatewayConfig, 'authUrl' | 'listsUrl' | 'offersUrl'>): UpstreamRoute[] {
  return [
    { service: 'auth', target: config.authUrl, prefixes: ['/api/tokens', '/api/accounts'], forwardAuthorization: true },
    {
      service: 'lists',
      target: config.listsUrl,
      prefixes: ['/api/product-lists', '/api/products-in-lists', '/api/pages', '/api/favorites'],
      forwardAuthorization: false,
    },
    { service: 'offers', target: config.offersUrl, prefixes: ['/api/offerings'], forwardAuthorization: false },
  ];
}

export function matchRoute(routes: UpstreamRoute[], path: string): UpstreamRoute | undefined {
  return routes.find((r) => r.prefixes.some((p) => path === p || path.startsWith(`${p}/`)));
}

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
 * How long an idle upstream connection is kept for reuse. It must stay below the services'
 * keep-alive timeout (Node's default `server.keepAliveTimeout`, 5 s): otherwise a request can be
 * written on a socket the service is closing at that very moment, and fails with ECONNRESET (a 503
 * for the browser, seen in the e2e journeys after a few idle seconds).
 */
export const UPSTREAM_IDLE_MS = 4000;

/**
 * /api/* → the owning service, body streamed untouched (no body parsing on this path).
 * A bearer is checked once with the auth service; a valid one is replaced by a signed
 * X-Wishlist-Identity assertion. Unknown /api paths fall through (404 JSON after).
 */
export function apiProxy(options: {
  routes: UpstreamRoute[];
  introspector: Introspector;
  timeoutMs: number;
  logger: Logger;
  /** Idle upstream connections are closed after this (default UPSTREAM_IDLE_MS). */
  upstreamIdleMs?: number;
}): RequestHandler {
  const proxies = new Map(
    options.routes.map((route) => [
      route,
      forwarder({
        target: route.target,
        // Reused upstream connections (a connection per request would cost a handshake each time).
        // `timeout` closes a free socket once idle that long (the proxy timeout governs busy ones).
        agent: new Agent({ keepAlive: true, maxSockets: 256, timeout: options.upstreamIdleMs ?? UPSTREAM_IDLE_MS }),
        timeoutMs: options.timeoutMs,
        onError: (err, res) => unavailable(route.service, res, options.logger, err),
      }),
    ]),
  );
  return async (req, res, next) => {
    const route = matchRoute(options.routes, req.path);
    if (!route) return next();
    try {
      const bearer = bearerOf(req.headers.authorization);
      if (bearer !== undefined) {
        const identity = await options.introspector.check(bearer);
        if (identity) req.headers[IDENTITY_HEADER] = await signIdentity(identity);
      }
      if (!route.forwardAuthorization) delete req.headers.authorization;
    } catch (err) {
      return next(err);
    }
    proxies.get(route)!(req, res);
  };
}

/** Hop-by-hop headers (RFC 9110 §7.6.1): each side's connection is its own, never relayed. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer', 'proxy-authenticate', 'proxy-authorization']);

function appendForwarded(headers: OutgoingHttpHeaders, name: string, value: string) {
  const prior = headers[name];
  headers[name] = typeof prior === 'string' && prior !== '' ? `${prior},${value}` : value;
}

/**
 * A plain HTTP forwarder to one upstream (what http-proxy did here, without its pass pipeline):
 * the request line and headers as received (Host kept) plus X-Forwarded-For/-Port/-Proto/-Host,
 * hop-by-hop headers dropped both ways (the upstream connection is the agent's, the client's is
 * Node's), bodies streamed both ways untouched, a bodiless request ended at once. An upstream
 * that fails or exceeds `timeoutMs` before answering goes to `onError`; one that breaks mid-answer
 * breaks the client's connection; a client that leaves aborts the upstream request.
 */
export function forwarder(options: {
  target: string;
  agent: Agent;
  timeoutMs: number;
  onError: (err: Error, res: ServerResponse) => void;
}): (req: IncomingMessage, res: ServerResponse) => void {
  const target = new URL(options.target);
  const basePath = target.pathname === '/' ? '' : target.pathname.replace(/\/$/, '');
  const hostname = target.hostname.replace(/^\[|\]$/g, '');
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  if (target.protocol !== 'http:') throw new Error(`upstream ${options.target}: only http:// is supported`);
  return (req, res) => {
    const headers: OutgoingHttpHeaders = {};
    const raw = req.headers;
    for (const name in raw) if (!HOP_BY_HOP.has(name)) headers[name] = raw[name];
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const host = raw.host ?? '';
    const hostPort = /:(\d+)$/.exec(host)?.[1] ?? (encrypted ? '443' : '80');
    appendForwarded(headers, 'x-forwarded-for', req.socket.remoteAddress ?? '');
    appendForwarded(headers, 'x-forwarded-port', hostPort);
    appendForwarded(headers, 'x-forwarded-proto', encrypted ? 'https' : 'http');
    appendForwarded(headers, 'x-forwarded-host', host);
    if (raw['transfer-encoding'] !== undefined) headers['transfer-encoding'] = raw['transfer-encoding'];

    const upstream = request({ hostname, port, method: req.method, path: basePath + (req.url ?? '/'), headers, agent: options.agent });
    let answered = false;
    upstream.setTimeout(options.timeoutMs, () => upstream.destroy(new Error(`no answer within ${options.timeoutMs} ms`)));
    upstream.on('error', (err) => {
      if (answered) res.destroy();
      else options.onError(err, res);
    });
    upstream.on('response', (answer) => {
      answered = true;
      upstream.setTimeout(0);
      res.statusCode = answer.statusCode ?? 502;
      if (answer.statusMessage) res.statusMessage = answer.statusMessage;
      const got = answer.headers;
      for (const name in got) {
        const value = got[name];
        if (value !== undefined && !HOP_BY_HOP.has(name)) res.setHeader(name, value);
      }
      answer.on('error', () => res.destroy());
      answer.on('aborted', () => res.destroy());
      answer.pipe(res);
    });
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    const length = raw['content-length'];
    if (raw['transfer-encoding'] === undefined && (length === undefined || length === '0')) {
      upstream.end();
      req.resume();
    } else {
      req.pipe(upstream);
    }
  };
}
