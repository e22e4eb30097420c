import type { Request, RequestHandler } from 'express';
import { rateLimit, ipKeyGenerator } from 'express-rate-limit';
import { errorBody, HttpError } from './errors';

export interface RateLimitOptions {
  /** Window length in ms. */
  windowMs: number;
  /** Requests allowed per key and window. */
  limit: number;
  /** Shown to the client in the 429 body. */
  message?: string;
  /** Defaults to req.clientAddress (the gateway's signed client address, or the socket peer), IPv6 per /56. */
  key?: (req: Request) => string;
}

/**
 * Per-process, in-memory rate limit answering 429 `{ error: { code: 'too_many_requests',
 * message } }` with RateLimit and Retry-After headers.
 */
export function createRateLimit(options: RateLimitOptions): RequestHandler {
  const message = options.message ?? 'Too many requests. Wait a moment and try again.';
  return rateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    keyGenerator: options.key ?? ((req) => ipKeyGenerator(req.clientAddress ?? req.socket.remoteAddress ?? 'unknown')),
    // The key never comes from req.ip or X-Forwarded-For (see clientAddress in service.ts); the
    // library's checks of those would only warn about headers we deliberately ignore.
    validate: { trustProxy: false, xForwardedForHeader: false, ip: false, keyGeneratorIpFallback: false },
    handler: (_req, res) => {
      res.status(429).json(errorBody(new HttpError(429, 'too_many_requests', message)));
    },
  });
}
