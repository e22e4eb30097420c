// Readiness apart from liveness, and draining at shutdown.
// GET /health answers whether the process is alive; GET /health/ready whether it should be sent
// requests: not while its database is unreachable, not while it drains. On SIGTERM (runService) a
// box drains: readiness turns 503 at once, responses carry `Connection: close` so keep-alive
// clients move on, after SHUTDOWN_DELAY_MS it stops accepting connections, and the requests in
// flight finish (at most SHUTDOWN_GRACE_MS) before the database is closed and the process exits.
import type { RequestHandler } from 'express';
import type { RequestListener } from 'node:http';
import { DATABASE_RETRY_AFTER_S } from './errors';

export interface Lifecycle {
  /** True once the process has begun to stop. */
  readonly draining: boolean;
  drain(): void;
}

export function createLifecycle(): Lifecycle {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    drain() {
      draining = true;
    },
  };
}

/** The path of the readiness probe on every box (the gateway and each service). */
export const READINESS_PATH = '/health/ready';

/** Why the box is not ready (a short phrase, or several), or null (or none) when it is. */
export type ReadinessCheck = () => NotReady | Promise<NotReady>;
export type NotReady = string | readonly string[] | null;

/**
 * GET /health/ready: 200 `{ data: { service, ready: true } }`, or 503 `{ data: { service, ready:
 * false, reason, reasons } }` with Retry-After while draining or while `check` names reasons
 * (`reasons` every one, `reason` the same joined by "; ").
 */
export function readinessHandler(service: string, lifecycle: Lifecycle, check: ReadinessCheck = () => null): RequestHandler {
  return async (_req, res, next) => {
    try {
      const found = lifecycle.draining ? 'draining' : await check();
      const reasons = found === null ? [] : typeof found === 'string' ? [found] : [...found];
      res.setHeader('Cache-Control', 'no-store');
      if (reasons.length > 0) res.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_S));
      res
        .status(reasons.length > 0 ? 503 : 200)
        .json({ data: reasons.length > 0 ? { service, ready: false, reason: reasons.join('; '), reasons } : { service, ready: true } });
    } catch (err) {
      next(err);
    }
  };
}

/** While draining, every response asks the client to close its connection (keep-alive ends). */
export function closingWhileDraining(lifecycle: Lifecycle, handler: RequestListener): RequestListener {
  return (req, res) => {
    if (lifecycle.draining) res.setHeader('Connection', 'close');
    handler(req, res);
  };
}
