// A paste of product addresses, one a line: each address becomes a product of one list, its page
// read as the single-address flow reads it (POST /api/pages/metadata), then saved through the
// usual creation call. One line at a time, in order: the service reads one page at a time per
// person anyway, each creation is checked against the account's caps on its own, and a refusal
// of the account's limits stops the run with every remaining line said to be not added.
import type { CreateProductRequest, Product } from '@wishlist/contracts';
import { NO_IMAGE, PRICE_MAX_CENTS, PRODUCT_NAME_MAX_LENGTH, PRODUCT_URL_MAX_LENGTH, isCompleteProductUrl } from '@wishlist/contracts';
import type { PageMetadata } from '@wishlist/api-client';
import { isApiError } from '@wishlist/api-client';
import { limitRefusalOf, pageErrorCodeOf } from '../products/errors';

/** Lines one paste takes: the service reads 30 pages a minute per person, so this is about two minutes. */
export const MAX_PASTE_LINES = 50;
/** How long to wait when the page reading limit answers 429, and how many times. */
export const PAGE_LIMIT_WAIT_S = 30;
const PAGE_LIMIT_RETRIES = 2;

export interface PasteLine {
  /** 1-based line number in what was pasted. */
  line: number;
  url: string;
}

export type LineProblem =
  | { kind: 'invalidUrl' }
  | { kind: 'duplicate'; firstLine: number }
  | { kind: 'page'; code?: string }
  | { kind: 'accountFull' }
  | { kind: 'tooManyCreated' }
  | { kind: 'listFull' }
  | { kind: 'stopped' }
  | { kind: 'unreachable' }
  | { kind: 'failed' };

export type LineResult = { line: number; url: string; added: Product } | { line: number; url: string; problem: LineProblem };

/** What was pasted → the addresses to read, and the lines refused before any call. */
export function readPastedLines(text: string): { lines: PasteLine[]; refused: LineResult[]; tooMany: boolean } {
  const lines: PasteLine[] = [];
  const refused: LineResult[] = [];
  const seen = new Map<string, number>();
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const url = raw.trim();
    if (url === '') return;
    const line = i + 1;
    if (url.length > PRODUCT_URL_MAX_LENGTH || !isCompleteProductUrl(url)) refused.push({ line, url, problem: { kind: 'invalidUrl' } });
    else if (seen.has(url)) refused.push({ line, url, problem: { kind: 'duplicate', firstLine: seen.get(url)! } });
    else {
      seen.set(url, line);
      lines.push({ line, url });
    }
  });
  return { lines, refused, tooMany: lines.length > MAX_PASTE_LINES };
}

/** The product the single-address flow would propose for this page, without the person's choices. */
export function productFromPage(meta: PageMetadata, pastedUrl: string, productListId: string): CreateProductRequest {
  const url = isCompleteProductUrl(meta.url) && meta.url.length <= PRODUCT_URL_MAX_LENGTH ? meta.url : pastedUrl;
  let host = '';
  try {
    host = new URL(url).hostname.replace(/^www\./, '');
  } catch {
    // The address was checked before: never reached.
  }
  const name = (meta.title || meta.siteName || host).replace(/\s+/g, ' ').trim().slice(0, PRODUCT_NAME_MAX_LENGTH);
  // Prices are kept in euros: a price the page shows in another currency is left out.
  const euros = meta.currency === null || meta.currency === 'EUR';
  const price = euros && meta.price !== null && meta.price <= PRICE_MAX_CENTS ? meta.price : null;
  const image = meta.images.find((i) => i.length <= PRODUCT_URL_MAX_LENGTH) ?? NO_IMAGE;
  return { name: name || host, image, price, url, productListId };
}

export interface PasteImportDeps {
  getPageMetadata: (url: string) => Promise<PageMetadata>;
  createProduct: (payload: CreateProductRequest) => Promise<Product>;
  /** Waits `seconds` (the page reading limit); resolves early when the run is stopped. */
  wait: (seconds: number) => Promise<void>;
}

export interface PasteImportEvents {
  /** Line `index` (0-based in `lines`) is being read. */
  onLineStart?: (index: number, line: PasteLine) => void;
  /** The page reading limit is reached: waiting `seconds` before line `line` is read again. */
  onWaiting?: (seconds: number, line: PasteLine) => void;
  onLineDone?: (result: LineResult) => void;
  /** Checked between lines: true stops the run, the remaining lines reported `stopped`. */
  stopped?: () => boolean;
}

function problemOfSave(e: unknown): LineProblem {
  const limit = limitRefusalOf(e);
  if (limit) return { kind: limit };
  if (isApiError(e) && e.unreachable) return { kind: 'unreachable' };
  const fields = isApiError(e) && e.status === 422 ? (e.data as { errors?: Record<string, unknown> } | null)?.errors : undefined;
  if (fields?.productListId === 'list-full') return { kind: 'listFull' };
  return { kind: 'failed' };
}

/** Problems after which no further line can succeed now: the rest are reported with the same one. */
const STOPS_THE_RUN = new Set<LineProblem['kind']>(['accountFull', 'tooManyCreated', 'listFull', 'unreachable']);

async function readPage(line: PasteLine, deps: PasteImportDeps, events: PasteImportEvents): Promise<PageMetadata | LineProblem> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.getPageMetadata(line.url);
    } catch (e) {
      const code = pageErrorCodeOf(e);
      if (code === 'too_many_requests' && attempt < PAGE_LIMIT_RETRIES && !events.stopped?.()) {
        events.onWaiting?.(PAGE_LIMIT_WAIT_S, line);
        await deps.wait(PAGE_LIMIT_WAIT_S);
        if (events.stopped?.()) return { kind: 'stopped' };
        continue;
      }
      if (isApiError(e) && e.unreachable) return { kind: 'unreachable' };
      return { kind: 'page', code };
    }
  }
}

/** Reads and adds every line in order; answers one result per line, in the lines' order. */
export async function runPasteImport(lines: PasteLine[], productListId: string, deps: PasteImportDeps, events: PasteImportEvents = {}): Promise<LineResult[]> {
  const results: LineResult[] = [];
  let stop: LineProblem | null = null;
  for (const [index, line] of lines.entries()) {
    if (!stop && events.stopped?.()) stop = { kind: 'stopped' };
    let result: LineResult;
    if (stop) result = { ...line, problem: stop };
    else {
      events.onLineStart?.(index, line);
      const page = await readPage(line, deps, events);
      if ('kind' in page) result = { ...line, problem: page };
      else {
        try {
          result = { ...line, added: await deps.createProduct(productFromPage(page, line.url, productListId)) };
        } catch (e) {
          result = { ...line, problem: problemOfSave(e) };
        }
      }
      if ('problem' in result && (STOPS_THE_RUN.has(result.problem.kind) || result.problem.kind === 'stopped')) stop = result.problem;
    }
    results.push(result);
    events.onLineDone?.(result);
  }
  return results;
}
