import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import pino, { type Logger } from 'pino';
import { pinoHttp, type HttpLogger } from 'pino-http';

export type { Logger };

/** pino logger; silent under Jest unless LOG_LEVEL says otherwise. */
export function createLogger(options: { name: string; level?: string }): Logger {
  const quiet = process.env.JEST_WORKER_ID !== undefined && !process.env.LOG_LEVEL;
  return pino({
    name: options.name,
    level: quiet ? 'silent' : (options.level ?? process.env.LOG_LEVEL ?? 'info'),
    redact: { paths: ['req.headers.authorization', 'req.headers["x-wishlist-identity"]', 'req.headers["x-wishlist-service"]', 'req.headers.cookie'], censor: '[redacted]' },
  });
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Access log with a request id: an incoming `X-Request-Id` (from the gateway) is kept when it
 * looks sane, otherwise a new one is made; it is echoed in the response header.
 */
export function requestLogger(logger: Logger): HttpLogger<IncomingMessage, ServerResponse> {
  return pinoHttp({
    logger,
    genReqId(req, res) {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      req.headers['x-request-id'] = id;
      res.setHeader('X-Request-Id', id);
      return id;
    },
    autoLogging: { ignore: (req) => req.url === '/health' },
    customLogLevel(_req, res, err) {
      if (err || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    serializers: {
      req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
}
