import type { Logger } from '@wishlist/service-kit';
import type { ListsConfig } from '../config';
import type { PriceAlertSender } from './alerts';
import { startPriceWatchScheduler, type PriceWatchScheduler } from './scheduler';
import type { PriceWatch } from './watch';

export interface PriceWatchJob {
  /** What one run of the scheduled job does: read the products due, then send the alerts due. */
  runOnce(): Promise<{ read: number; failed: number; deferred: number; sent: number; dropped: number }>;
  /** Asks the scheduler for a run now (any copy may take it). */
  runNow(): Promise<void>;
  /** Alerts were queued: send them now, in the background, rather than at the next run. */
  alertsQueued(): void;
  start(): void;
  stop(): Promise<void>;
}

export function createPriceWatchJob(deps: { config: ListsConfig; watch: PriceWatch; alerts: PriceAlertSender; logger?: Logger }): PriceWatchJob {
  let scheduler: Promise<PriceWatchScheduler | undefined> | undefined;
  let delivering: Promise<unknown> | undefined;
  let stopped = false;

  /** Waits for a delivery already under way, so that what this run queued is sent when it ends. */
  const deliverAll = async () => {
    await delivering;
    return deps.alerts.deliver();
  };
  const runOnce = async () => {
    const read = await deps.watch.run();
    const sent = await deliverAll();
    deps.logger?.debug({ priceWatch: { ...read, ...sent } }, 'price watch run');
    return { ...read, ...sent };
  };

  return {
    runOnce,
    async runNow() {
      const s = await scheduler;
      if (s) await s.runNow();
      else await runOnce();
    },
    alertsQueued() {
      if (delivering || stopped) return;
      delivering = deps.alerts
        .deliver()
        .catch((err) => deps.logger?.warn({ err }, 'price alerts not sent; retried at the next run'))
        .finally(() => (delivering = undefined));
    },
    start() {
      if (scheduler) return;
      stopped = false;
      scheduler = startPriceWatchScheduler({ everySeconds: deps.config.priceWatchEverySeconds, runBudgetMs: priceWatchRunBudgetMs(deps.config), run: runOnce, logger: deps.logger }).catch((err) => {
        deps.logger?.error({ err }, 'price watch scheduler could not start');
        return undefined;
      });
    },
    async stop() {
      stopped = true;
      const s = await scheduler;
      scheduler = undefined;
      await s?.stop();
      await delivering;
    },
  };
}

/** How long one run takes products for: most of the interval between runs, at most 50 s. */
export function priceWatchRunBudgetMs(config: Pick<ListsConfig, 'priceWatchEverySeconds'>): number {
  return Math.min(50_000, Math.round(config.priceWatchEverySeconds * 800));
}
