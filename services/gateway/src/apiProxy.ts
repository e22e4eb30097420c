import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestHandler } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { errorBody, HttpError, IDENTITY_HEADER, signIdentity, type Logger } from '@wishlist/service-kit';
import type { GatewayConfig } from './config';
import { bearerOf, type Introspector } from './introspection';
import { isUnsafe, markedShareable, type SharedCache } from './sharedCache';

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
  /**
   * Filled with the anonymous reads a service marks shareable, and emptied by every write (see
   * sharedCache.ts). Hits are answered before Express (see app.ts), not here.
   */
  cache?: SharedCache;
}): RequestHandler {
  const cache = options.cache?.enabled ? options.cache : undefined;
  /** Eligible reads on their way to a service: the cache key and the generation they started in. */
  const filling = new WeakMap<IncomingMessage, { url: string; seen: number }>();
  const proxies = new Map(
    options.routes.map((route) => [
      route,
      createProxyMiddleware<IncomingMessage, ServerResponse>({
        target: route.target,
        // Reused upstream connections: without an agent, http-proxy sends `Connection: close`
        // upstream and relays it, so every browser request would also lose its connection.
        // `timeout` closes a free socket once idle that long (the proxy timeout governs busy ones).
        agent: new Agent({ keepAlive: true, maxSockets: 256, timeout: options.upstreamIdleMs ?? UPSTREAM_IDLE_MS }),
        changeOrigin: false,
        xfwd: true,
        proxyTimeout: options.timeoutMs,
        logger: undefined,
        on: {
          error: (err, _req, res) => unavailable(route.service, res, options.logger, err),
          ...(cache && {
            proxyRes: (proxyRes: IncomingMessage, req: IncomingMessage) => {
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
            }
          }),
        },
      }),
    ]),
  );
  return async (req, res, next) => {
    const route = matchRoute(options.routes, req.path);
    if (!route) return next();
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
      } else if (req.method === 'GET' && cache.eligible(req)) {
        filling.set(req, { url: req.originalUrl, seen: cache.begin() });
      }
    }
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
    return proxies.get(route)!(req, res, next);
  };
}
