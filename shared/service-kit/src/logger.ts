import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type DestinationStream, type Logger } from 'pino';
// Type only: keeps the `req.log` / `req.id` typings of Node's IncomingMessage that route code uses.
import type {} from 'pino-http';
import { IDENTITY_CHECK_PATH } from './identity';
import { traceFields } from './tracing';

export type { Logger };

/**
 * pino logger; silent under Jest unless LOG_LEVEL says otherwise.
 *
 * Lines go to stdout through an asynchronous destination: the write happens off the request path
 * (a thread of libuv), and lines logged while one write is in flight leave together in the next.
 * Nothing waits for a size threshold (minLength 0), so a quiet service still logs each line at
 * once; pending lines are flushed synchronously when the process exits.
 *
 * A line written while a request is handled carries the request's `trace_id` and `span_id`
 * (tracing.ts), so the lines of one request can be found in every box it went through.
 * `destination` (tests) receives the lines instead of stdout, at `level` even under Jest.
 */
export function createLogger(options: { name: string; level?: string; destination?: DestinationStream }): Logger {
  const quiet = process.env.JEST_WORKER_ID !== undefined && !process.env.LOG_LEVEL && !options.destination;
  return pino(
    {
      name: options.name,
      level: quiet ? 'silent' : (options.level ?? process.env.LOG_LEVEL ?? 'info'),
      redact: { paths: ['req.headers.authorization', 'req.headers["x-wishlist-identity"]', 'req.headers["x-wishlist-service"]', 'req.headers.cookie'], censor: '[redacted]' },
      // A line that names its trace itself (the access log, written after the request) keeps it.
      mixin: (merge) => ('trace_id' in merge ? {} : traceFields()),
    },
    options.destination ?? (quiet ? undefined : pino.destination({ dest: 1, sync: false, minLength: 0 })),
  );
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;
/**
 * Not logged: the gateway's identity check (identityCheck.ts) comes with every readiness probe,
 * every second from each gateway; the gateway logs its verdict when it changes.
 */
const QUIET_PREFIX = IDENTITY_CHECK_PATH;

export type RequestLogger = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * Access log with a request id: an incoming `X-Request-Id` (from the gateway) is kept when it
 * looks sane, otherwise a new one is made; it is echoed in the response header.
 *
 * One line per request once answered (or aborted), except GET /health and the identity check: `{ req: { id, method, url }, res: { statusCode },
 * responseTime }`, at info (error from 500, warn from 400), "request completed" / "request errored"
 * / "request aborted" (the client left first). `req.log` is a child logger bound to `{ req }`,
 * made on first use only: most requests never log anything else.
 * (This is what pino-http was configured to log, without its per-request child logger, request
 * serializer wrapping and listener bookkeeping.)
 */
export function requestLogger(logger: Logger): RequestLogger {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('X-Request-Id', id);
    const reqInfo = { id, method: req.method, url: req.url };
    // Taken now, inside the request's trace: the answer's events may fire outside it.
    const traced = traceFields();
    let child: Logger | undefined;
    req.id = id;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => (child ??= logger.child({ req: reqInfo })),
      set: (value: Logger) => {
        child = value;
      },
    });
    if (req.url !== '/health' && !req.url?.startsWith(QUIET_PREFIX)) {
      const start = Date.now();
      const done = (err?: unknown) => {
        res.off('finish', done);
        res.off('close', done);
        res.off('error', done);
        const status = res.statusCode;
        const failed = err instanceof Error || status >= 500;
        const level = failed ? 'error' : status >= 400 ? 'warn' : 'info';
        if (!logger.isLevelEnabled(level)) return;
        const line: Record<string, unknown> = { ...traced, req: reqInfo, res: { statusCode: status }, responseTime: Date.now() - start };
        if (failed) line.err = err instanceof Error ? err : new Error(`failed with status code ${status}`);
        const aborted = !failed && !res.writableFinished;
        logger[level](line, failed ? 'request errored' : aborted ? 'request aborted' : 'request completed');
      };
      res.on('finish', done);
      res.on('close', done);
      res.on('error', done);
    }
    next();
  };
}
