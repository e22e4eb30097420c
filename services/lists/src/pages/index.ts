import type { LookupFunction } from 'node:net';
import { counter, createRateLimit, HttpError, requireIdentity, validateShape, type Logger } from '@wishlist/service-kit';
import { Router, type Request } from 'express';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { ListsConfig } from '../config';
import { parseAllowlist } from './allowlist';
import { PAGE_ERROR_CODES, PageFetchError } from './errors';
import { createPageFetcher, type FetchedPage, type PageFetcher } from './fetchPage';
import { checkUrl, MESSAGES } from './guard';
import type { PageMetadata } from './metadata';
import { createPageReader, PageReaderBusy, PageUnreadable, type PageReader } from './reader';
import { pictureOf } from '../images/sign';

export { extractMetadata, type PageMetadata } from './metadata';
export { parsePriceToCents } from './price';

export type PagesConfig = Pick<
  ListsConfig,
  | 'pageFetchAllowlist'
  | 'pageFetchTimeoutMs'
  | 'pageFetchMaxBytes'
  | 'pageFetchMaxRedirects'
  | 'pageCacheTtlMs'
  | 'pageReaderThreads'
  | 'pageReaderTimeoutMs'
  | 'pageReaderMaxQueue'
  | 'pageReaderMaxHeapMb'
>;

export interface PagesDeps {
  /** DNS resolution used by the fetch (tests inject fake resolvers); checked at connect time. */
  lookup?: LookupFunction;
  /** Per-user limit of page reads per minute (both calls together). */
  perMinute?: number;
  /** Where a reading thread's failure outside a request is logged. */
  logger?: Logger;
}

interface CachedPage extends FetchedPage {
  /** The page's reading, shared by concurrent calls; kept when it failed for good. */
  reading?: Promise<PageMetadata>;
}

/** The readers of every router made here, stopped together at shutdown. */
const readers = new Set<PageReader>();

/** Terminates the page-reading threads (the service's shutdown). */
export async function closePageReaders(): Promise<void> {
  const all = [...readers];
  readers.clear();
  await Promise.all(all.map((reader) => reader.close()));
}

const CACHE_ENTRIES = 200;
/** Cached HTML, in characters (about 2 bytes each): bounds the memory of the cache. */
const CACHE_CHARS = 32 * 1024 * 1024;

/** A JSON object with a string `url`; anything else is a malformed call (400). */
const pageBody = z.object({ url: z.string() });

const ACCEPT_LANGUAGE = { en: 'en-US,en;q=0.9,fr;q=0.6', fr: 'fr-FR,fr;q=0.9,en;q=0.6' } as const;

/**
 * `POST /api/pages {url}` → the page's HTML (SPEC §7), and `POST /api/pages/metadata {url}` →
 * `{ data: { url, title, images, price, currency, siteName } }`. Both are for signed-in people,
 * share one guarded fetcher, one per-URL cache and one per-user rate limit. A refused or failed
 * URL answers 422 `{ errors: { url }, code }`: a message that says what to do, and a code per
 * reason (`page_blocked` for a robot check, `page_timeout`, `page_not_found`, `url_forbidden`…,
 * see PAGE_ERROR_CODES) for clients that word it themselves. The metadata call reads the page in
 * a worker thread (reader.ts): a page that cannot be read there answers 422 `page_unreadable`, a
 * reader with every thread and its queue taken 503 `page_reader_busy` with Retry-After.
 */
export function createPagesRouter(config: PagesConfig, deps: PagesDeps = {}): Router {
  const allowlist = parseAllowlist(config.pageFetchAllowlist);
  const fetcher: PageFetcher = createPageFetcher({
    allowlist,
    timeoutMs: config.pageFetchTimeoutMs,
    maxBytes: config.pageFetchMaxBytes,
    maxRedirects: config.pageFetchMaxRedirects,
    lookup: deps.lookup,
  });
  // Parsing and reading a page is CPU work whose cost the page's author chooses: it runs in
  // worker threads with a deadline, never on the thread that answers everyone.
  const reader = createPageReader({
    threads: config.pageReaderThreads,
    timeoutMs: config.pageReaderTimeoutMs,
    maxQueue: config.pageReaderMaxQueue,
    maxHeapMb: config.pageReaderMaxHeapMb,
    onThreadError: (err) => deps.logger?.warn({ err }, 'page reader thread failed'),
  });
  readers.add(reader);
  const busyRetryAfterS = Math.max(1, Math.ceil(config.pageReaderTimeoutMs / 1000));

  // Successful fetches only: a rejected fetchMethod leaves nothing behind. Concurrent reads of
  // one URL share a single fetch.
  const cache = new LRUCache<string, CachedPage, { url: string; acceptLanguage: string }>({
    max: CACHE_ENTRIES,
    maxSize: CACHE_CHARS,
    sizeCalculation: (page) => Math.max(1, page.html.length),
    ttl: config.pageCacheTtlMs,
    fetchMethod: async (_key, _stale, { context }) => fetcher.fetch(context.url, { acceptLanguage: context.acceptLanguage }),
  });

  // Outcomes: `ok` (fetched or from the cache) or the failure's kind (PageFetchErrorKind), a fixed set.
  const fetches = counter('page_fetches_total', 'Product page reads (POST /api/pages, /api/pages/metadata), by outcome: ok or why not', ['outcome']);

  async function read(req: Request): Promise<CachedPage> {
    const raw = (req.body as { url: string }).url;
    try {
      const { url } = checkUrl(raw, allowlist); // the same checks run again on every hop
      const lang = req.identity?.lang === 'fr' ? 'fr' : 'en';
      const page = await cache.fetch(`${lang} ${url.href}`, { context: { url: url.href, acceptLanguage: ACCEPT_LANGUAGE[lang] } });
      if (!page) throw new PageFetchError('unreachable', 'The site could not be reached. Check the address and try again.');
      fetches.inc({ outcome: 'ok' });
      return page;
    } catch (err) {
      fetches.inc({ outcome: err instanceof PageFetchError ? err.kind : 'error' });
      if (err instanceof PageFetchError) {
        req.log?.info({ pageFetch: err.kind, host: hostOf(raw), ...(err.wall && { botWall: err.wall }) }, 'page fetch refused or failed');
        throw new HttpError(422, err.code, 'The page could not be read.', { url: err.message });
      }
      throw err;
    }
  }

  // Reads started per person and not yet over: one at a time each, so that one account cannot
  // take every reading thread (a crafted page costs up to a deadline).
  const readingFor = new Set<string>();
  const busy = () =>
    new HttpError(503, 'page_reader_busy', 'Too many pages are being read right now. Try again in a few seconds.', undefined, busyRetryAfterS);

  function startReading(req: Request, page: CachedPage): Promise<PageMetadata> {
    const person = req.identity!.userId;
    if (readingFor.has(person)) {
      req.log?.info({ pageRead: 'one-at-a-time', host: hostOf(page.url) }, 'page read refused: this person is reading another page');
      throw busy();
    }
    readingFor.add(person);
    const reading = reader.read(page.html, page.url);
    void reading.then(
      () => readingFor.delete(person),
      () => readingFor.delete(person),
    );
    return reading;
  }

  async function metadataOf(req: Request, page: CachedPage): Promise<PageMetadata> {
    const reading = (page.reading ??= startReading(req, page));
    try {
      return await reading;
    } catch (err) {
      // The same bytes fail the same way (an exception, the heap limit): that outcome stays with
      // the cached page. A full pool or a deadline met on a loaded machine may pass: retried.
      const final = err instanceof PageUnreadable && err.reason !== 'deadline';
      if (!final && page.reading === reading) page.reading = undefined;
      if (err instanceof PageReaderBusy) {
        req.log?.warn({ pageRead: 'busy', host: hostOf(page.url) }, 'page reader busy');
        throw busy();
      }
      const reason = err instanceof PageUnreadable ? err.reason : 'failed';
      const cause = err instanceof PageUnreadable ? err.cause : err;
      req.log?.warn({ pageRead: reason, host: hostOf(page.url), ...(reason === 'failed' && { err: cause }) }, 'page could not be read');
      throw new HttpError(422, PAGE_ERROR_CODES.unreadable, 'The page could not be read.', { url: MESSAGES.unreadable });
    }
  }

  const router = Router();
  const signedIn = requireIdentity();
  const perUser = createRateLimit({
    name: 'page-fetch-per-user',
    windowMs: 60_000,
    limit: deps.perMinute ?? 30,
    key: (req) => `pages:${req.identity!.userId}`,
    message: 'Too many pages read in a short time. Wait a minute and try again.',
  });
  const body = validateShape({ body: pageBody });

  router.post('/api/pages', signedIn, perUser, body, async (req, res) => {
    const page = await read(req);
    res.status(200);
    res.set({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Location': page.url,
      // Someone else's markup: never rendered or sniffed as part of our origin.
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
    res.send(page.html);
  });

  router.post('/api/pages/metadata', signedIn, perUser, body, async (req, res) => {
    const page = await read(req);
    const metadata = await metadataOf(req, page);
    res.set('Cache-Control', 'private, no-store');
    // Each candidate's copy from our own origin (a plain-http picture shows in the
    // picker; the visitor's browser never calls the shop), keyed by the candidate URL.
    const pictures = Object.fromEntries(metadata.images.flatMap((image) => (pictureOf(image) ? [[image, pictureOf(image)!]] : [])));
    res.json({ data: { url: page.url, ...metadata, pictures } });
  });

  return router;
}

function hostOf(raw: string): string | undefined {
  try {
    return new URL(raw).host;
  } catch {
    return undefined;
  }
}
