import { utcDay } from '@wishlist/contracts';
import type { Logger } from '@wishlist/service-kit';
import {
  alertRecipients,
  claimDueProduct,
  holdShopUntil,
  queueAlerts,
  recordFailure,
  recordReading,
  rescheduleProduct,
  scheduleUnwatched,
  shopAnswered,
  shopFailed,
  takeShopTurn,
} from '../data/priceWatch';
import { findList } from '../data/lists';
import { listIdsOf } from '../data/placements';
import type { ProductDoc } from '../data/models';
import { listsChanged } from '../domain/listVersions';
import { PageFetchError, type PageFetchErrorKind } from '../pages/errors';
import { alertDrop, appendReading, backoffMs, DAY_MS, nextDailyCheck, type PricePoint } from './rules';

/** Reads a product page's price: the guarded fetch of product creation, then its reader. */
export interface PriceReader {
  /** The price in cents and its currency, or null when the page shows none. Throws PageFetchError. */
  read(url: string): Promise<{ price: number | null; currency: string | null }>;
  /** Stops its threads and connections (the service's shutdown). */
  close?(): Promise<void>;
}

export interface PriceWatchSettings {
  /** Least time between two requests to one shop, across every copy. */
  shopIntervalMs: number;
  /** Products read per run of the job (the rest wait for the next run). */
  batch: number;
  /** A run stops taking products after this long (the job's lock lasts longer). */
  runBudgetMs: number;
}

/** Back-off after failures: a product waits a day, then 2, 4… up to 30; a shop 5 minutes, doubling, up to a day. */
const PRODUCT_BACKOFF = { base: DAY_MS, max: 30 * DAY_MS };
const SHOP_BACKOFF = { base: 5 * 60_000, max: DAY_MS };
/** A product taken by a copy is left to others if that copy has not finished within this. */
const PRODUCT_LEASE_MS = 10 * 60_000;
/** Refusals that say the shop (not just this page) does not want us now. */
const SHOP_REFUSALS = new Set<PageFetchErrorKind>(['status', 'blocked', 'timeout', 'unreachable']);

export type Reading =
  | { outcome: 'price'; product: ProductDoc; drop: number | null }
  | { outcome: 'failed'; product: ProductDoc | null; reason: string }
  | { outcome: 'shop-busy'; until: Date };

export interface PriceWatch {
  /** One run of the scheduled job: reads the products due, each shop at its pace. */
  run(): Promise<{ read: number; failed: number; deferred: number }>;
  /** The owner's "check the price now": waits up to `maxWaitMs` for the shop's turn. */
  checkNow(product: ProductDoc, maxWaitMs: number): Promise<Reading>;
}

export interface PriceWatchDeps {
  reader: PriceReader;
  settings: PriceWatchSettings;
  /** Called after a reading queued price alerts (the mails go out at once rather than at the next run). */
  onAlerts?: () => void;
  logger?: Logger;
  now?: () => Date;
  sleep?: (ms: number) => Promise<void>;
}

const hostOf = (url: string): string | null => {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
};

export function createPriceWatch(deps: PriceWatchDeps): PriceWatch {
  const now = deps.now ?? (() => new Date());
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const { settings } = deps;

  /** Reads one product whose shop turn this copy holds, and records what it found. */
  async function readProduct(product: ProductDoc, host: string): Promise<Reading> {
    let found: { price: number | null; currency: string | null };
    try {
      found = await deps.reader.read(product.url);
    } catch (err) {
      const kind = err instanceof PageFetchError ? err.kind : 'failed';
      if (err instanceof PageFetchError && SHOP_REFUSALS.has(err.kind)) {
        const failures = await shopFailed(host);
        await holdShopUntil(host, new Date(now().getTime() + backoffMs(failures, SHOP_BACKOFF.base, SHOP_BACKOFF.max)));
      }
      deps.logger?.info({ priceWatch: kind, host, product: String(product._id) }, 'price reading failed');
      return failed(product, kind);
    }
    await shopAnswered(host);
    // Prices are euros: a page in another currency shows no price we can keep.
    if (found.price === null || (found.currency !== null && found.currency !== 'EUR')) return failed(product, 'no-price');
    const at = now();
    const history = appendReading((product.priceHistory ?? []) as PricePoint[], { price: found.price, at }, { price: product.price ?? null, since: product.createdAt });
    const after = await recordReading(product, { price: found.price, history, checkedAt: at, nextAt: nextDailyCheck(at) });
    if (!after) return { outcome: 'failed', product: null, reason: 'changed' }; // edited meanwhile: read again next time
    await listsChanged(...listIdsOf(product));
    const drop = alertDrop(product.price ?? null, found.price);
    if (drop !== null) await queueDropAlerts(after, product.price!, found.price, at);
    return { outcome: 'price', product: after, drop };
  }

  async function failed(product: ProductDoc, reason: string): Promise<Reading> {
    const failures = (product.priceFailures ?? 0) + 1;
    const after = await recordFailure(product._id, failures, new Date(now().getTime() + backoffMs(failures, PRODUCT_BACKOFF.base, PRODUCT_BACKOFF.max)));
    if (!product.priceStale) await listsChanged(...listIdsOf(product));
    return { outcome: 'failed', product: after, reason };
  }

  async function queueDropAlerts(product: ProductDoc, oldPrice: number, newPrice: number, at: Date): Promise<void> {
    if (product.hidden === true) return; // followers never hear of a private product
    const to = await alertRecipients(product.listId);
    if (!to || to.userIds.length === 0) return;
    const queued = await queueAlerts(to.userIds, { day: utcDay(at), listId: product.listId, productId: product._id, oldPrice, newPrice, now: at });
    if (queued > 0) deps.onAlerts?.();
  }

  return {
    async run() {
      const out = { read: 0, failed: 0, deferred: 0 };
      const started = now().getTime();
      await scheduleUnwatched(now(), 500);
      while (out.read + out.failed < settings.batch && now().getTime() - started < settings.runBudgetMs) {
        const product = await claimDueProduct(now(), PRODUCT_LEASE_MS);
        if (!product) break;
        const host = hostOf(product.url);
        const list = host ? await findList(String(product.listId)) : null;
        if (!host || !list || list.archived) {
          // Nothing to read (no shop address, archived or gone list): looked at again in a day.
          await rescheduleProduct(product._id, nextDailyCheck(now()));
          continue;
        }
        let turn = await takeShopTurn(host, now(), settings.shopIntervalMs);
        if (turn !== true && turn.getTime() - now().getTime() <= settings.shopIntervalMs) {
          await sleep(Math.max(0, turn.getTime() - now().getTime()));
          turn = await takeShopTurn(host, now(), settings.shopIntervalMs);
        }
        if (turn !== true) {
          // The shop's turn is further away (another copy, or its back-off): this product waits for it.
          await rescheduleProduct(product._id, new Date(turn.getTime() + Math.round(Math.random() * settings.shopIntervalMs)));
          out.deferred++;
          continue;
        }
        const reading = await readProduct(product, host);
        if (reading.outcome === 'price') out.read++;
        else out.failed++;
      }
      return out;
    },

    async checkNow(product, maxWaitMs) {
      const host = hostOf(product.url);
      if (!host) return failed(product, 'invalid');
      const deadline = now().getTime() + maxWaitMs;
      for (;;) {
        const turn = await takeShopTurn(host, now(), settings.shopIntervalMs);
        if (turn === true) return readProduct(product, host);
        if (turn.getTime() > deadline) return { outcome: 'shop-busy', until: turn };
        await sleep(Math.max(0, turn.getTime() - now().getTime()));
      }
    },
  };
}
