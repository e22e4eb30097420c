import { HttpError, internalClient, type InternalClient, type Logger } from '@wishlist/service-kit';
import { claimErasure, markErasureDone, markErasureFailed, scheduleErasures } from '../data/erasures';
import type { ErasureDoc } from '../data/models';

export interface ErasureTarget {
  name: string;
  url: string;
}

const MAX_BACKOFF_MS = 60 * 60 * 1000;
/** How long a claimed erasure is left to the process that took it before another may retry. */
const LEASE_MS = 60 * 1000;
/** Erasures handled per tick (the rest waits for the next one). */
const BATCH = 100;

/**
 * Tells the other services to erase a deleted person's data: `POST {url}/internal/users/{id}/erase`
 * with a service assertion and `{ email }`, the account's address (normal form) when it had one. Each (person, service) pair is recorded in the auth database first and
 * stays pending until the service answers 2xx; failures and unreachable services are retried on a
 * timer with a doubling delay (capped at an hour), across restarts.
 */
export function createErasureWorker(options: {
  targets: ErasureTarget[];
  retryMs: number;
  timeoutMs: number;
  logger?: Logger;
  now?: () => Date;
  clients?: Map<string, InternalClient>;
}) {
  const now = options.now ?? (() => new Date());
  const clients =
    options.clients ??
    new Map(
      options.targets.map((t) => [t.name, internalClient(t.url, { serviceName: 'auth', timeoutMs: options.timeoutMs, upstreamName: t.name })]),
    );
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;

  const backoff = (attempts: number) => Math.min(options.retryMs * 2 ** Math.min(attempts, 20), MAX_BACKOFF_MS);

  async function attempt(erasure: ErasureDoc): Promise<boolean> {
    const client = clients.get(erasure.target);
    let error: string;
    if (!client) {
      error = `no URL configured for "${erasure.target}" (ERASURE_TARGETS)`;
    } else {
      try {
        // Erasing is idempotent on the other side: sent again once if a copy's connection fails.
        const res = await client.post(`/internal/users/${encodeURIComponent(erasure.userId)}/erase`, erasure.email ? { email: erasure.email } : undefined, {
          idempotent: true,
        });
        if (res.status >= 200 && res.status < 300) {
          await markErasureDone(erasure, now());
          options.logger?.info({ userId: erasure.userId, target: erasure.target }, 'personal data erased');
          return true;
        }
        error = `answered ${res.status}`;
      } catch (err) {
        error = err instanceof HttpError ? err.message : String((err as Error)?.message ?? err);
      }
    }
    const next = new Date(now().getTime() + backoff(erasure.attempts));
    await markErasureFailed(erasure, error, next);
    options.logger?.warn(
      { userId: erasure.userId, target: erasure.target, attempts: erasure.attempts + 1, retryAt: next.toISOString(), error },
      'erasure not done yet; will retry',
    );
    return false;
  }

  async function drain(userId?: string): Promise<void> {
    for (let i = 0; i < BATCH && !stopped; i += 1) {
      const erasure = await claimErasure({ now: now(), leaseMs: LEASE_MS, userId });
      if (!erasure) return;
      await attempt(erasure);
    }
  }

  const tick = () => {
    if (running || stopped) return;
    running = drain()
      .catch((err) => options.logger?.error({ err }, 'erasure retry pass failed'))
      .finally(() => {
        running = undefined;
      });
  };

  return {
    /** Records the erasures of a deleted account and its address (before anything else is changed). */
    schedule(userId: string, email?: string | null): Promise<void> {
      return scheduleErasures(
        userId,
        options.targets.map((t) => t.name),
        now(),
        email ? email.trim().toLowerCase() : null,
      );
    },
    /** Tries this person's pending erasures now; failures stay pending for the timer. */
    async runFor(userId: string): Promise<void> {
      try {
        await drain(userId);
      } catch (err) {
        options.logger?.error({ err }, 'erasure attempt failed');
      }
    },
    /** One retry pass (tests; the timer calls it). */
    async runDue(): Promise<void> {
      await drain();
    },
    start(): void {
      if (timer || stopped) return;
      timer = setInterval(tick, Math.min(options.retryMs, 30_000));
      timer.unref();
      tick();
    },
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}

export type ErasureWorker = ReturnType<typeof createErasureWorker>;
