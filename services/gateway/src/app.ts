import compression from 'compression';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { constants as zlibConstants } from 'node:zlib';
import express, { type Request, type RequestHandler, type Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import {
  answerMetrics,
  createLogger,
  errorHandler,
  IDENTITY_HEADER,
  createLifecycle,
  identitySecret,
  notFoundHandler,
  outboxFile,
  READINESS_PATH,
  readinessHandler,
  readOutbox,
  requestLogger,
  SERVICE_HEADER,
  serviceFromApp,
  setIdentityWarning,
  setRouteLabel,
  type Logger,
  type Service,
} from '@wishlist/service-kit';
import { apiProxy, apiRoutes, proxyLimits } from './apiProxy';
import { assetLinksHandler } from './assetLinks';
import type { GatewayConfig } from './config';
import { connectionGuard } from './connections';
import { builtRemotes, remotePreviews, remotesJson, staticFrontends } from './frontends';
import { createIntrospector, type Introspector } from './introspection';
import { isLoopbackHost, outboxExposureWarning } from './network';
import { outboxBehindProxyWarning, outboxRefusal, servesOutbox } from './outbox';
import { apiRouteLabel, metricsRefusal, staticRouteLabel } from './observability';
import { upstreamReadiness } from './readiness';
import { securityHeaders } from './security';
import { hostGuard } from './hosts';
import { FirstViewSnapshots } from './snapshot';
import { replay, SharedCache } from './sharedCache';

/**
 * Brotli's quality for what the gateway compresses as it answers (the first views, the API's
 * JSON). The compression middleware's default, 4, made a shared list of 50 products 14.7 kB, over
 * the 14.6 kB a new connection's first round trip carries (TCP's initial window of ten segments),
 * so a phone on a slow network waited one more round trip for the page's first paint; 6 makes it
 * 13.3 kB. Higher qualities shrink it little more for ten times the work (9: 13.2 kB, 11 ms).
 */
const BROTLI_QUALITY = 6;

/**
 * gzip/brotli for clients that accept it. A request without Accept-Encoding (scripts, probes,
 * some caches' revalidations) can only get identity bytes: compression's per-response wrapping
 * (write/end/on-headers hooks, negotiation) is skipped for it, and only its Vary is kept so that a
 * shared cache does not hand this answer's variant key to a client that accepts gzip.
 */
function compressionFor(): RequestHandler {
  const compress = compression({ brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } } });
  return (req, res, next) => {
    if (req.headers['accept-encoding'] !== undefined) return compress(req, res, next);
    res.vary('Accept-Encoding');
    next();
  };
}

/** The one origin of the product (ARCHITECTURE §4). */
export function createGateway(
  config: GatewayConfig,
  deps: {
    logger?: Logger;
    introspector?: Introspector;
    cache?: SharedCache;
    /** Where the loud start-up warnings go (default: stderr, as plain lines). */
    shout?: (text: string) => void;
  } = {},
): Service {
  const logger = deps.logger ?? createLogger({ name: 'gateway', level: config.logLevel });
  setIdentityWarning((m) => logger.warn(m));
  identitySecret(); // fail fast / warn once
  const routes = apiRoutes(config);
  const introspector =
    deps.introspector ??
    createIntrospector({
      auth: routes.find((r) => r.service === 'auth')!.pool,
      cacheMs: config.introspectionCacheMs,
      timeoutMs: config.introspectionTimeoutMs,
      logger,
    });

  const app = express();
  app.disable('x-powered-by');
  // req.ip: the socket's peer, or the address the TRUST_PROXY hops name (never `true`: see config).
  app.set('trust proxy', config.trustProxy);
  const trusted = app.get('trust proxy fn') as (address: string, hop: number) => boolean;
  const guard = connectionGuard({
    maxPerClient: config.maxConnectionsPerClient,
    headersTimeoutMs: config.headersTimeoutMs,
    bodyTimeoutMs: config.bodyTimeoutMs,
    exempt: (address) => trusted(address, 0),
    upgrades: config.frontendDev,
    logger,
  });
  const logRequest = requestLogger(logger);
  const security = securityHeaders(config);
  // The gateway's own metrics (never a service's), for scrapers on this machine or a private
  // network (observability.ts), before the access log: scrapes every few seconds are not news.
  // Anyone else, and everyone when METRICS_PORT moves them, gets the 404 of an unknown path below.
  const behindProxy = config.trustProxy !== false;
  app.get('/metrics', (req, res, next) => {
    if (config.metricsPort !== undefined || metricsRefusal(req, { behindProxy })) return next();
    void answerMetrics(req, res);
  });
  app.use(logRequest);
  // Only the gateway asserts identities: whatever a client sends in these headers is dropped.
  app.use((req, _res, next) => {
    delete req.headers[IDENTITY_HEADER];
    delete req.headers[SERVICE_HEADER];
    next();
  });
  app.use(security);
  app.use(compressionFor());
  app.all('/metrics', (req, _res, next) => {
    const reason = config.metricsPort !== undefined ? 'served on METRICS_PORT' : metricsRefusal(req, { behindProxy });
    logger.info({ reason }, 'metrics refused');
    notFoundHandler(req, _res, next);
  });

  app.get('/health', (_req, res) => {
    res.json({ data: { service: 'gateway', status: 'ok' } });
  });
  const lifecycle = createLifecycle();
  app.get(READINESS_PATH, readinessHandler('gateway', lifecycle, upstreamReadiness(routes, { logger })));
  // SPEC §7: reachability check.
  app.options('/api/health', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(204).end();
  });
  app.get('/api/health', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: { status: 'ok' } });
  });

  app.use('/internal', notFoundHandler);
  const cache = deps.cache ?? new SharedCache({ maxBytes: Math.round(config.apiCacheMaxMb * 1024 * 1024) });
  app.use(apiProxy({ routes, introspector, timeoutMs: config.upstreamTimeoutMs, logger, cache, ...proxyLimits(config) }));
  app.use('/api', notFoundHandler);

  // The local outbox (SMTP_URL unset) for developers and e2e tests. It holds every sign-in link:
  // it is served only when no proxy is declared in front, and then only to a person on this
  // machine (outboxRefusal). Anyone else gets the 404 of any unknown path.
  if (servesOutbox(config)) {
    app.get('/dev/mails', async (req, res, next) => {
      const refusal = outboxRefusal(req);
      if (refusal) {
        logger.warn({ reason: refusal }, 'local outbox refused');
        return next();
      }
      try {
        res.setHeader('Cache-Control', 'no-store');
        res.json(await readOutbox(config.dataDir));
      } catch (err) {
        next(err);
      }
    });
  }

  // Built remotes' releases and previews (deploy-remote.mjs); none in dev mode (dev servers).
  const previews = config.frontendDev || config.remotes ? undefined : remotePreviews(config);
  app.get('/remotes.json', remotesJson(config, previews));
  // The Android wrapper's Digital Asset Links (never the SPA fallback): JSON, or a JSON 404.
  app.get('/.well-known/assetlinks.json', assetLinksHandler(config));

  if (config.frontendDev) {
    // Dev mode: the shell comes from its Rsbuild dev server (HMR websocket included); the remotes
    // /remotes.json lists as built (a team working on the shell alone) are served as in production.
    app.use(builtRemotes(config));
    app.use(
      createProxyMiddleware({
        target: config.devShellUrl,
        ws: true,
        changeOrigin: true,
        pathFilter: (path) => !/^\/(api|internal|dev|remotes\.json|remotes)(\/|$)/.test(path),
        on: {
          error: (_err, _req, res) => {
            if ('writeHead' in res && !res.headersSent) {
              res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
              res.end(`The shell dev server (${config.devShellUrl}) is not answering yet.`);
            }
          },
        },
      }),
    );
  } else {
    const router = express.Router();
    router.use((req, _res, next) => {
      setRouteLabel(req, staticRouteLabel(req.path));
      next();
    });
    const snapshots = config.firstViewSnapshots
      ? new FirstViewSnapshots(config, { logger, listsPool: routes.find((r) => r.service === 'lists')!.pool })
      : undefined;
    staticFrontends(router, config, snapshots, previews);
    // Off the start's path: the first shared list opened then does not wait for the renderer to load.
    if (snapshots) setImmediate(() => snapshots.warm());
    app.use(router);
  }

  app.use(notFoundHandler);
  app.use(errorHandler(logger));

  // Anonymous reads the cache can answer (a shared list opened by everyone with its link) are
  // answered before Express, with the same access log and security headers: Express's per-request
  // set-up costs more than the whole answer from memory (see sharedCache.ts, `npm run bench:api`).
  const none = () => undefined;
  const hosts = hostGuard(config);
  const handler = (req: IncomingMessage, res: ServerResponse) => {
    guard.onRequest(req, res);
    if (hosts.misdirected(req)) {
      logRequest(req as Request, res as Response, none);
      hosts.refuse(req, res);
      return;
    }
    if (cache.enabled && req.url !== undefined && req.url.startsWith('/api/')) {
      const hit = cache.lookup(req, req.url);
      if (hit) {
        setRouteLabel(req, apiRouteLabel(req.url));
        logRequest(req as Request, res as Response, none);
        security(req as Request, res as Response, none);
        replay(req, res, hit);
        return;
      }
    }
    app(req, res);
  };
  const service = serviceFromApp('gateway', app, logger, handler, lifecycle);
  // The METRICS_PORT listener: the same private-network rule (no public proxy stands before it).
  service.metricsAccess = (req) => metricsRefusal(req, { behindProxy: false }) === null;
  const listen = service.listen.bind(service);
  const shout = deps.shout ?? ((text: string) => console.error(text));
  service.listen = async (port, host) => {
    const listening = await listen(port, host);
    guard.attach(listening.server);
    const address = host ?? (listening.server.address() as AddressInfo).address;
    hosts.listeningOn(listening.port);
    if (!config.smtpUrl && config.trustProxy !== false) {
      logger.warn({ outbox: outboxFile(config.dataDir) }, 'TRUST_PROXY is set while mails go to the local outbox: GET /dev/mails is not served; set SMTP_URL');
      shout(outboxBehindProxyWarning(outboxFile(config.dataDir)));
    } else if (!config.smtpUrl && !isLoopbackHost(address)) {
      logger.warn({ host: address, port: listening.port }, 'reachable from other machines while mails go to the local outbox: set SMTP_URL, or HOST=127.0.0.1');
      shout(outboxExposureWarning(address, listening.port));
    }
    return listening;
  };
  return service;
}
