import type { LookupFunction } from 'node:net';
import { parseAllowlist } from '../pages/allowlist';
import { PageFetchError } from '../pages/errors';
import { createPageFetcher } from '../pages/fetchPage';
import { MESSAGES } from '../pages/guard';
import { createPageReader, PageReaderBusy, type PageReader } from '../pages/reader';
import type { PagesConfig } from '../pages';
import type { PriceReader } from './watch';

/** Shops are asked in English, as a person would (the page's price does not depend on it). */
const ACCEPT_LANGUAGE = 'en-US,en;q=0.9,fr;q=0.6';

/**
 * A product page's price through the very fetch and reader of product creation: the SSRF guard
 * on every hop, the size and time caps, the robot-check detection, then the page read in a
 * worker thread with a deadline. One thread of its own, started on the first reading, so price
 * watch never takes the threads that answer people's page reads.
 */
export function pagePriceReader(config: PagesConfig, deps: { lookup?: LookupFunction } = {}): PriceReader & { close(): Promise<void> } {
  const fetcher = createPageFetcher({
    allowlist: parseAllowlist(config.pageFetchAllowlist),
    timeoutMs: config.pageFetchTimeoutMs,
    maxBytes: config.pageFetchMaxBytes,
    maxRedirects: config.pageFetchMaxRedirects,
    lookup: deps.lookup,
  });
  let reader: PageReader | undefined;
  let closed = false;
  const readerOf = () => {
    if (closed) throw new PageReaderBusy();
    return (reader ??= createPageReader({
      threads: 1,
      timeoutMs: config.pageReaderTimeoutMs,
      maxQueue: 4,
      maxHeapMb: config.pageReaderMaxHeapMb,
    }));
  };
  return {
    async read(url) {
      const page = await fetcher.fetch(url, { acceptLanguage: ACCEPT_LANGUAGE });
      try {
        const metadata = await readerOf().read(page.html, page.url);
        return { price: metadata.price, currency: metadata.currency };
      } catch (err) {
        if (err instanceof PageReaderBusy) throw err;
        throw new PageFetchError('unreadable', MESSAGES.unreadable);
      }
    },
    async close() {
      closed = true;
      fetcher.close();
      await reader?.close();
    },
  };
}
