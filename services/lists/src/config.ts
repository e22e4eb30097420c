import { commonSettings, defineConfig, schemas, setting, type ConfigOf } from '@wishlist/service-kit';
import { z } from 'zod';
import { allowlistSchema } from './pages/allowlist';

export const listsConfig = defineConfig('lists', {
  ...commonSettings({ port: 4002 }),
  // Page fetch (POST /api/pages): host:port entries reachable even on private addresses, limits.
  pageFetchAllowlist: setting('PAGE_FETCH_ALLOWLIST', allowlistSchema, ''),
  pageFetchTimeoutMs: setting('PAGE_FETCH_TIMEOUT_MS', schemas.positiveInt, '8000'),
  pageFetchMaxBytes: setting('PAGE_FETCH_MAX_BYTES', schemas.positiveInt, String(3 * 1024 * 1024)),
  pageFetchMaxRedirects: setting('PAGE_FETCH_MAX_REDIRECTS', z.coerce.number().int().min(0).max(20), '5'),
  pageCacheTtlMs: setting('PAGE_CACHE_TTL_MS', schemas.positiveInt, String(10 * 60_000)),
  // Reading a fetched page (POST /api/pages/metadata) runs in worker threads, never on the thread
  // that answers requests: how many, how long one read may take, how many may wait, heap per thread.
  pageReaderThreads: setting('PAGE_READER_THREADS', z.coerce.number().int().min(1).max(16), '2'),
  pageReaderTimeoutMs: setting('PAGE_READER_TIMEOUT_MS', z.coerce.number().int().min(100).max(60_000), '5000'),
  pageReaderMaxQueue: setting('PAGE_READER_MAX_QUEUE', z.coerce.number().int().min(0).max(1000), '16'),
  pageReaderMaxHeapMb: setting('PAGE_READER_MAX_HEAP_MB', z.coerce.number().int().min(32).max(4096), '256'),
  // Shared-list reads: how long this process keeps a list's answer in memory (0: off). It is served
  // only while the list's read version in the database is the one it was read at: never stale.
  listReadCacheMs: setting('LIST_READ_CACHE_MS', z.coerce.number().int().min(0).max(3_600_000), '60000'),
  // Shared-list reads by someone not signed in: how long a shared cache (the gateway) may reuse the
  // answer (`s-maxage`); a gateway forgets it on any write through it, but not on a write through
  // another gateway, so more than 0 suits a deployment with one gateway only. 0: never stored.
  publicListSharedMaxAgeS: setting('PUBLIC_LIST_SHARED_MAX_AGE_S', z.coerce.number().int().min(0).max(60), '0'),
  // Reads by id that find nothing (a list, a product of a list, a favorite to add), per client:
  // far above a real visitor's mistyped links, far below what trying ids at random needs.
  listMissLimit: setting('LIST_MISS_LIMIT', schemas.positiveInt, '60'),
  listMissWindowMs: setting('LIST_MISS_WINDOW_MS', schemas.positiveInt, String(10 * 60_000)),
  // Limits of one account (docs/api.md): far above what a person keeps, low enough that one
  // account cannot grow the owner's reads or the database without bound.
  maxProductsPerAccount: setting('MAX_PRODUCTS_PER_ACCOUNT', schemas.positiveInt, '5000'),
  maxFavoritesPerAccount: setting('MAX_FAVORITES_PER_ACCOUNT', schemas.positiveInt, '500'),
  productCreationLimit: setting('PRODUCT_CREATION_LIMIT', schemas.positiveInt, '120'),
  productCreationWindowMs: setting('PRODUCT_CREATION_WINDOW_MS', schemas.positiveInt, String(10 * 60_000)),
  // File imports (POST /api/product-lists/import) per account: each one may add a whole list.
  importLimit: setting('IMPORT_LIMIT', schemas.positiveInt, '10'),
  importWindowMs: setting('IMPORT_WINDOW_MS', schemas.positiveInt, String(10 * 60_000)),
  // Occasion reminders: the auth service gives each follower's address and language.
  authUrl: setting('AUTH_URL', schemas.urls, 'http://127.0.0.1:4001', {
    description: "the auth service (a list follower's e-mail address and language, for occasion reminders)",
  }),
  internalTimeoutMs: setting('INTERNAL_TIMEOUT_MS', schemas.positiveInt, '3000'),
  reminderSweepSeconds: setting('REMINDER_SWEEP_SECONDS', schemas.positiveInt, '30', {
    description: 'how often due occasion reminders are made and mailed (once whatever the number of copies)',
  }),
  // Price watch: each product's page read again about once a day (docs/api.md, "Price watch").
  priceWatchEverySeconds: setting('PRICE_WATCH_EVERY_SECONDS', schemas.positiveInt, '60', {
    description: 'how often the price-watch job runs (once whatever the number of copies); each run reads the products due',
  }),
  priceWatchBatch: setting('PRICE_WATCH_BATCH', z.coerce.number().int().min(1).max(1000), '30'),
  // At most one request per shop in this time, across every copy (kept in the database).
  priceWatchShopIntervalMs: setting('PRICE_WATCH_SHOP_INTERVAL_MS', z.coerce.number().int().min(0).max(600_000), '5000'),
  // The owner's "check the price now", per account.
  priceCheckLimit: setting('PRICE_CHECK_LIMIT', schemas.positiveInt, '10'),
  priceCheckWindowMs: setting('PRICE_CHECK_WINDOW_MS', schemas.positiveInt, String(60 * 60_000)),
});

export type ListsConfig = ConfigOf<typeof listsConfig>;
