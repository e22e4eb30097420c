import { createServer, type IncomingMessage, type RequestListener, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import express, { type Express, type Router } from 'express';
import type { Logger } from 'pino';
import { ConfigError, loadForStart, type ConfigDefinition, type ConfigValues, type SettingsSpec } from './config';
import { connectDatabase, databaseState, type Database, type StartEmbedded } from './database';
import { DATABASE_RETRY_AFTER_S, errorHandler, notFoundHandler } from './errors';
import { CLIENT_HEADER, IDENTITY_CHECK_PATH, identitySecret, setIdentityWarning, verifyClientAddress } from './identity';
import { identityCheckHandlers } from './identityCheck';
import { closingWhileDraining, createLifecycle, READINESS_PATH, readinessHandler, type Lifecycle } from './lifecycle';
import { createLogger, requestLogger } from './logger';
import { answerMetrics, enableProcessMetrics, listenMetrics, measureRequests } from './metrics';
import { initTracing, shutdownTracing, traceRequests } from './tracing';

export interface Listening {
  port: number;
  server: Server;
  /**
   * Stops accepting, lets in-flight requests finish (their connections cut after `graceMs`),
   * resolves when closed with how many requests were still unanswered when the grace ran out.
   */
  close(graceMs?: number): Promise<{ cut: number }>;
}

export interface Service {
  name: string;
  app: Express;
  /** What the HTTP server calls for each request: `app`, or a handler in front of it. */
  handler: RequestListener;
  logger: Logger;
  /** Draining state: GET /health/ready answers 503 and responses close their connection once drain() is called. */
  lifecycle: Lifecycle;
  /** Listens on `host` (default 127.0.0.1: pass `config.host`, as runService does). */
  listen(port?: number, host?: string): Promise<Listening>;
  /** Who may read the metrics on the METRICS_PORT listener (default: anyone who reaches it). */
  metricsAccess?: (req: IncomingMessage) => boolean;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /**
       * The caller's network address, set for every request by createService: the address the
       * gateway signed in X-Wishlist-Client, or else this socket's peer (a caller that reaches the
       * service around the gateway is keyed on its own connection). Never X-Forwarded-For.
       */
      clientAddress: string;
    }
  }
}

export interface CreateServiceOptions {
  name: string;
  /**
   * Any loaded config; `logLevel` is used when present. With `metricsPort` (METRICS_PORT) the
   * metrics are served there by runService, not on the service's own port.
   */
  config?: { logLevel?: string; metricsPort?: number };
  /** Mount the service's routes (src/http). Runs after body parsing, before the 404/error mapping. */
  routes: (router: Router, context: { logger: Logger }) => void;
  /** JSON body size limit (default 100kb). */
  bodyLimit?: string;
  /**
   * Paths whose route reads its own body (its own types, limit and error answers, e.g. a file
   * upload): the kit's JSON parser leaves their requests alone.
   */
  ownBodyPaths?: readonly string[];
  /** Whether GET /health reports (and depends on) the mongoose connection. Default true. */
  usesDatabase?: boolean;
  logger?: Logger;
}

/**
 * Wraps an Express app with the kit's listen/close (used by createService and the gateway); `handler`
 * (default: the app) is what the server calls, for a gateway that answers some requests before Express.
 */
export function serviceFromApp(name: string, app: Express, logger: Logger, handler: RequestListener = app, lifecycle: Lifecycle = createLifecycle()): Service {
  enableProcessMetrics(name);
  initTracing(name);
  // Every request through the server: traced (its traceparent continued) and measured.
  const observed = traceRequests(measureRequests(handler));
  return {
    name,
    app,
    handler,
    logger,
    lifecycle,
    listen(port = 0, host) {
      return new Promise((resolve, reject) => {
        const server = createServer(closingWhileDraining(lifecycle, observed)).listen(port, host ?? '127.0.0.1');
        const sockets = new Set<Socket>();
        let inFlight = 0;
        server.on('request', (_req, res) => {
          inFlight++;
          res.once('close', () => inFlight--);
        });
        server.on('connection', (s) => {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
        });
        server.once('error', reject);
        server.once('listening', () => {
          server.off('error', reject);
          const actual = (server.address() as AddressInfo).port;
          resolve({
            port: actual,
            server,
            close(graceMs = 10_000) {
              return new Promise<{ cut: number }>((done) => {
                if (!server.listening) return done({ cut: 0 });
                let cut = 0;
                const force = setTimeout(() => {
                  cut = inFlight;
                  for (const s of sockets) s.destroy();
                }, graceMs);
                force.unref();
                // Keep-alive connections become idle once their request is answered: close them.
                const reap = setInterval(() => server.closeIdleConnections(), 50);
                server.close(() => {
                  clearTimeout(force);
                  clearInterval(reap);
                  done({ cut });
                });
                server.closeIdleConnections();
              });
            },
          });
        });
      });
    },
  };
}

/**
 * Sets req.clientAddress: the gateway's signed X-Wishlist-Client when it verifies, otherwise the
 * socket's peer address. Forwarding headers (X-Forwarded-For, X-Real-IP, Forwarded) are never read:
 * any client can write them.
 */
export function clientAddress(): express.RequestHandler {
  return async (req, _res, next) => {
    const signed = req.headers[CLIENT_HEADER];
    const verified = typeof signed === 'string' ? await verifyClientAddress(signed) : null;
    req.clientAddress = verified ?? req.socket.remoteAddress ?? 'unknown';
    next();
  };
}

/**
 * An Express service with the house basics: no x-powered-by, request ids and access logs,
 * JSON body with a size limit, GET /health, the service's routes, 404 JSON, one error mapping.
 */
export function createService(options: CreateServiceOptions): Service {
  const logger = options.logger ?? createLogger({ name: options.name, level: options.config?.logLevel });
  setIdentityWarning((m) => logger.warn(m));
  identitySecret(); // fail fast (production without IDENTITY_SECRET), warn once in development
  const app = express();
  app.disable('x-powered-by');
  // Services sit behind the gateway, which tells them the client's address in a signed header
  // (req.clientAddress); X-Forwarded-For is client-writable, so req.ip stays the socket's peer.
  app.set('trust proxy', false);
  // Prometheus text (metrics.ts), before the access log: scrapes every few seconds are not news.
  if (options.config?.metricsPort === undefined) app.get('/metrics', (req, res) => void answerMetrics(req, res));
  app.use(requestLogger(logger));
  app.use(clientAddress());
  const json = express.json({ limit: options.bodyLimit ?? '100kb' });
  const ownBodyPaths = new Set(options.ownBodyPaths ?? []);
  app.use(ownBodyPaths.size === 0 ? json : (req, res, next) => (ownBodyPaths.has(req.path) ? next() : json(req, res, next)));
  const usesDatabase = options.usesDatabase ?? true;
  const lifecycle = createLifecycle();
  app.get(READINESS_PATH, readinessHandler(options.name, lifecycle, () => {
    const db = usesDatabase ? databaseState() : 'connected';
    return db === 'connected' ? null : `database ${db}`;
  }));
  // Asked by the gateway's readiness: whether it signs with this process's key (identityCheck.ts).
  app.get(IDENTITY_CHECK_PATH, ...identityCheckHandlers(options.name));
  app.get('/health', (_req, res) => {
    const db = usesDatabase ? databaseState() : 'none';
    const ok = db === 'connected' || db === 'none';
    if (!ok) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_S));
    res.status(ok ? 200 : 503).json({ data: { service: options.name, status: ok ? 'ok' : 'degraded', db } });
  });
  const router = express.Router();
  options.routes(router, { logger });
  app.use(router);
  app.use(notFoundHandler);
  app.use(errorHandler(logger));
  return serviceFromApp(options.name, app, logger, app, lifecycle);
}

export interface RunServiceOptions<S extends SettingsSpec> {
  name: string;
  config: ConfigDefinition<S>;
  /**
   * Connect mongoose (MONGODB_URI, or the embedded engine `startEmbedded` starts: files in
   * DATA_DIR/<dbName>) to this database before listening.
   */
  database?: { dbName: string; startEmbedded?: StartEmbedded };
  create: (config: ConfigValues<S>, context: { database?: Database }) => Service | Promise<Service>;
  /** Extra cleanup at shutdown (after the server closed, before the database). */
  onShutdown?: () => Promise<void> | void;
}

/**
 * main.ts of every service: load the config (fail fast, every bad key listed), connect the
 * database, listen on config.port, and on SIGTERM/SIGINT drain (lifecycle.ts): readiness 503,
 * after SHUTDOWN_DELAY_MS stop accepting, finish in-flight requests (at most SHUTDOWN_GRACE_MS),
 * close mongoose, stop the embedded engine, exit 0.
 */
export async function runService<S extends SettingsSpec>(options: RunServiceOptions<S>): Promise<void> {
  let config: ConfigValues<S>;
  try {
    config = loadForStart(options.config, options.name, { usesDatabase: Boolean(options.database) });
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const cfg = config as {
    port?: number;
    host?: string;
    dataDir?: string;
    mongodbUri?: string;
    mongodbPoolSize?: number;
    logLevel?: string;
    metricsPort?: number;
    shutdownGraceMs?: number;
    shutdownDelayMs?: number;
  };
  const bootLogger = createLogger({ name: options.name, level: cfg.logLevel });
  let database: Database | undefined;
  let listening: Listening | undefined;
  let service: Service | undefined;
  let metrics: { close(): Promise<void> } | undefined;
  try {
    identitySecret();
    if (options.database) {
      database = await connectDatabase({
        dbName: options.database.dbName,
        mongodbUri: cfg.mongodbUri,
        dataDir: cfg.dataDir,
        logger: bootLogger,
        startEmbedded: options.database.startEmbedded,
        poolSize: cfg.mongodbPoolSize,
      });
    }
    service = await options.create(config, { database });
    const host = cfg.host ?? '127.0.0.1';
    listening = await service.listen(cfg.port ?? 0, host);
    service.logger.info({ host, port: listening.port }, `${options.name} listening on ${host}:${listening.port}`);
    if (cfg.metricsPort !== undefined) {
      const m = await listenMetrics(cfg.metricsPort, host, { allow: service.metricsAccess });
      metrics = m;
      service.logger.info({ host, port: m.port }, `${options.name} metrics on ${host}:${m.port}/metrics`);
    }
  } catch (err) {
    bootLogger.fatal({ err }, `${options.name} failed to start: ${(err as Error).message}`);
    await database?.close().catch(() => undefined);
    process.exit(1);
  }
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const delayMs = cfg.shutdownDelayMs ?? 0;
    const graceMs = cfg.shutdownGraceMs ?? 10_000;
    bootLogger.info({ signal, delayMs, graceMs }, `${options.name} draining: not ready, finishing the requests in flight`);
    service?.lifecycle.drain();
    try {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      const { cut } = (await listening?.close(graceMs)) ?? { cut: 0 };
      if (cut) bootLogger.warn({ cut, graceMs }, `${cut} request(s) still in flight after ${graceMs} ms: their connections were closed`);
      else bootLogger.info(`${options.name} drained: every request answered`);
      await metrics?.close();
      await shutdownTracing();
      await options.onShutdown?.();
      await database?.close();
      process.exit(0);
    } catch (err) {
      bootLogger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
  // `on`, not `once`: a second signal (tsx relays, Ctrl-C twice) must not kill us mid-shutdown.
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  whenSupervisorGone(() => void shutdown('supervisor gone'));
}

/**
 * Under `npm start` (scripts/start.mjs sets WISHLIST_SUPERVISOR_PID), a supervisor killed without
 * a chance to stop its children (kill -9, OOM killer) must not leave them running: they would
 * keep the ports and the next `npm start` could not start. Checked every second.
 */
export function whenSupervisorGone(onGone: () => void, env: Record<string, string | undefined> = process.env): void {
  const pid = Number(env.WISHLIST_SUPERVISOR_PID);
  if (!Number.isInteger(pid) || pid <= 1) return;
  const timer = setInterval(() => {
    try {
      process.kill(pid, 0);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ESRCH') return;
      clearInterval(timer);
      onGone();
    }
  }, 1000);
  timer.unref();
}
