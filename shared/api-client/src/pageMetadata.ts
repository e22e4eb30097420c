// POST /api/pages/metadata: what the lists service reads from a product page (title, images best
// first, price in cents and currency). Cached per URL like the spec's scrape cache (SPEC §4): the
// entry is dropped on failure, so a retry fetches again.
import { TimedCache } from './cache';
import { request } from './http';
import { IMAGE_PATH } from '@wishlist/contracts';

export interface PageMetadata {
  /** The final URL after redirects. */
  url: string;
  title: string;
  /** Absolute http(s) image URLs, best first. */
  images: string[];
  /** Integer cents, or null when the page shows no price. */
  price: number | null;
  /** ISO 4217 code, or null. */
  currency: string | null;
  siteName: string | null;
  /** Our own copy of each image, keyed by its URL (`/api/images/…`, see `Product.picture`). */
  pictures?: Record<string, string>;
}

/** The service fetches the shop's page before it answers: allow far more than the connect timeout. */
export const PAGE_METADATA_TIMEOUT_MS = 20_000;

const metadataCache = new TimedCache<PageMetadata>(Number.POSITIVE_INFINITY);

export function clearPageMetadataCache(): void {
  metadataCache.clear();
}

const isHttpUrl = (value: unknown): value is string => {
  if (typeof value !== 'string') return false;
  try {
    const u = new URL(value);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Only paths of our own picture route, for images of the answer. */
function picturesOf(raw: unknown, images: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const image of images) {
    const p = (raw as Record<string, unknown>)[image];
    if (typeof p === 'string' && p.startsWith(`${IMAGE_PATH}/`) && p.length <= 4200) out[image] = p;
  }
  return out;
}

/** Whatever the service answers, the caller gets well-typed fields (never scraped markup). */
function normalise(raw: unknown, requestedUrl: string): PageMetadata {
  const d = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const images = Array.isArray(d.images) ? d.images.filter(isHttpUrl) : [];
  const price = typeof d.price === 'number' && Number.isInteger(d.price) && d.price >= 0 ? d.price : null;
  return {
    url: isHttpUrl(d.url) ? d.url : requestedUrl,
    title: typeof d.title === 'string' ? d.title.trim() : '',
    images: [...new Set(images)],
    price,
    currency: typeof d.currency === 'string' && /^[A-Za-z]{3}$/.test(d.currency) ? d.currency.toUpperCase() : null,
    siteName: typeof d.siteName === 'string' && d.siteName.trim() ? d.siteName.trim() : null,
    pictures: picturesOf(d.pictures, images),
  };
}

/**
 * POST /api/pages/metadata `{url}` → `{ data: PageMetadata }`. Failures are `ApiError`s; a 422
 * carries `{ errors: { url: "<the service's message>" } }` (see `pageErrorMessage`).
 */
export function getPageMetadata(url: string): Promise<PageMetadata> {
  return metadataCache.get(url, async () => {
    const { data } = await request<{ data?: unknown }>('POST', '/api/pages/metadata', { url }, {
      timeoutMs: PAGE_METADATA_TIMEOUT_MS,
    });
    return normalise(data?.data, url);
  });
}
