import { MongoBackend } from '@agendajs/mongo-backend';
import { Agenda } from 'agenda';
import type { Db } from 'mongodb';
import mongoose from 'mongoose';
import type { Logger } from '@wishlist/service-kit';

export const PRICE_WATCH_JOB = 'price-watch';
/** Agenda's jobs live in the lists database, in this collection. */
export const PRICE_WATCH_JOBS_COLLECTION = 'pricewatchjobs';

export interface PriceWatchScheduler {
  /** Asks for a run now (by whichever copy locks the job first). */
  runNow(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The price-watch job in Agenda: one recurring job document in the lists database, locked by the
 * copy that runs it (so two copies never run it together) and kept across restarts. Each run
 * reads the products due; the products' own due times spread the readings over the day.
 */
export async function startPriceWatchScheduler(options: {
  everySeconds: number;
  /** How long a run takes products for (the job's lock lasts a little longer). */
  runBudgetMs: number;
  run: () => Promise<unknown>;
  logger?: Logger;
  name?: string;
}): Promise<PriceWatchScheduler> {
  // A run stops taking products after `runBudgetMs`; the last one may still take a page's fetch
  // and reading. Past this lock another copy may run the job too (harmless: products and shop
  // turns are claimed one by one), so it is kept short: Agenda also waits half of it after each run.
  const lockLifetime = options.runBudgetMs + 30_000;
  const db = mongoose.connection.db as unknown as Db | undefined;
  if (!db) throw new Error('price watch: the database is not connected');
  const agenda = new Agenda({
    backend: new MongoBackend({ mongo: db, collection: PRICE_WATCH_JOBS_COLLECTION }),
    name: options.name,
    processEvery: Math.max(1000, Math.min(options.everySeconds * 1000, 30_000)),
    defaultLockLifetime: lockLifetime,
  });
  agenda.define(
    PRICE_WATCH_JOB,
    async () => {
      await options.run();
    },
    { concurrency: 1, lockLimit: 1, lockLifetime },
  );
  agenda.on('error', (err: unknown) => options.logger?.error({ err }, 'price watch scheduler failed'));
  agenda.on(`fail:${PRICE_WATCH_JOB}`, (err: unknown) => options.logger?.warn({ err }, 'price watch run failed'));
  await agenda.start();
  // `every` upserts the one job document by name: restarts and copies share it.
  await agenda.every(`${options.everySeconds} seconds`, PRICE_WATCH_JOB);
  return {
    async runNow() {
      await agenda.now(PRICE_WATCH_JOB);
    },
    async stop() {
      // A run under way finishes first (its products are leased, its reader still open), for at
      // most a lock's lifetime; the connection is the service's and stays open. The wait's timer
      // is ours and unref'd: it never keeps a stopping process alive.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), lockLifetime);
        timer.unref();
      });
      const outcome = await Promise.race([agenda.drain({ closeConnection: false }), late]);
      clearTimeout(timer);
      if (outcome === 'late') await agenda.stop(false);
    },
  };
}
