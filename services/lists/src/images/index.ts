import type { LookupFunction } from 'node:net';
import { IMAGE_PATH, IMAGE_WIDTHS, isImageWidth, type ImageWidth } from '@wishlist/contracts';
import { HttpError, validateShape } from '@wishlist/service-kit';
import { Router, type Request } from 'express';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { z } from 'zod';
import type { ListsConfig } from '../config';
import { parseAllowlist } from '../pages/allowlist';
import { createImageFetcher, ImageFetchError } from './fetchImage';
import { findProductImage } from '../data/products';
import { pictureRefOf } from './sign';

export { pictureOf, productPictureOf } from './sign';

export type ImagesConfig = Pick<ListsConfig, 'pageFetchAllowlist' | 'pageFetchTimeoutMs' | 'pageFetchMaxRedirects'>;

export interface ImagesDeps {
  lookup?: LookupFunction;
  /** The picture address a product holds (null when the product is gone). */
  productImage?: (productId: string) => Promise<string | null>;
}

/** A shop picture larger than this is refused (the largest product photos are a few MB). */
const MAX_SOURCE_BYTES = 15 * 1024 * 1024;
/** Decoding bombs: a 4 kB PNG can claim 100,000 × 100,000 pixels. */
const MAX_INPUT_PIXELS = 50_000_000;
/** What sharp may decode here: photos and shop pictures. Never SVG or PDF (they can reference files). */
const DECODABLE = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);
const SOURCE_CACHE_BYTES = 96 * 1024 * 1024;
const VARIANT_CACHE_BYTES = 48 * 1024 * 1024;
const CACHE_TTL_MS = 60 * 60_000;
/** A failed picture is not asked of its shop again for this long. */
const FAILURE_TTL_MS = 60_000;
const BROWSER_MAX_AGE_S = 7 * 24 * 3600;
/** Product tokens already checked against the product: no database read while they are warm. */
const RESOLVED_TOKENS = 10_000;
const RESOLVED_TTL_MS = 10 * 60_000;

type Format = 'webp' | 'jpeg' | 'png';
interface Variant {
  body: Buffer;
  type: string;
}
type Source = { ok: true; body: Buffer } | { ok: false; error: string };

const tokenParams = z.object({ token: z.string().min(3).max(4096) });
const widthQuery = z.object({
  w: z.coerce
    .number()
    .int()
    .refine(isImageWidth, { message: `must be one of ${IMAGE_WIDTHS.join(', ')}` })
    .default(320),
});

/** WebP to every browser that says it takes it (all current ones); else JPEG, or PNG when transparent. */
export function negotiateFormat(accept: string | undefined, hasAlpha: boolean): Format {
  if (/\bimage\/webp\b/i.test(accept ?? '')) return 'webp';
  return hasAlpha ? 'png' : 'jpeg';
}

/** Resizes (never enlarges) and re-encodes one picture; anything sharp cannot read safely is refused. */
export async function renderVariant(source: Buffer, width: ImageWidth, accept: string | undefined): Promise<Variant> {
  const input = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', animated: false });
  const meta = await input.metadata();
  if (!meta.format || !DECODABLE.has(meta.format)) throw new ImageFetchError('notImage', 'This address is not a picture.');
  const format = negotiateFormat(accept, meta.hasAlpha === true);
  const pipeline = input.rotate().resize({ width, withoutEnlargement: true });
  if (format === 'webp') return { body: await pipeline.webp({ quality: 78, effort: 4 }).toBuffer(), type: 'image/webp' };
  if (format === 'png') return { body: await pipeline.png({ compressionLevel: 9, palette: true }).toBuffer(), type: 'image/png' };
  return { body: await pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(), type: 'image/jpeg' };
}

/**
 * `GET /api/images/{token}?w=320`: a product's picture from our own origin, so that
 * visitors' browsers never call the shops, and a card loads about the pixels it shows. Only URLs
 * this service signed are fetched (see sign.ts), through the page fetch's SSRF guard; sources and
 * variants are cached in memory (bounded), concurrent requests for one picture share one fetch.
 */
export function createImagesRouter(config: ImagesConfig, deps: ImagesDeps = {}): Router {
  const fetcher = createImageFetcher({
    allowlist: parseAllowlist(config.pageFetchAllowlist),
    timeoutMs: config.pageFetchTimeoutMs,
    maxBytes: MAX_SOURCE_BYTES,
    maxRedirects: config.pageFetchMaxRedirects,
    lookup: deps.lookup,
  });
  const sources = new LRUCache<string, Source>({
    maxSize: SOURCE_CACHE_BYTES,
    sizeCalculation: (s) => (s.ok ? Math.max(1, s.body.length) : 64),
    ttl: CACHE_TTL_MS,
    fetchMethod: async (url, _stale, { options }) => {
      try {
        return { ok: true, body: await fetcher.fetch(url) };
      } catch (err) {
        if (!(err instanceof ImageFetchError)) throw err;
        options.ttl = FAILURE_TTL_MS;
        return { ok: false, error: err.message };
      }
    },
  });
  const variants = new LRUCache<string, Variant, { source: Buffer; width: ImageWidth; accept: string }>({
    maxSize: VARIANT_CACHE_BYTES,
    sizeCalculation: (v) => Math.max(1, v.body.length),
    ttl: CACHE_TTL_MS,
    fetchMethod: (_key, _stale, { context }) => renderVariant(context.source, context.width, context.accept),
  });

  const productImage = deps.productImage ?? findProductImage;
  const resolved = new LRUCache<string, string>({ max: RESOLVED_TOKENS, ttl: RESOLVED_TTL_MS });
  /** The shop address a token stands for, or null when we did not sign it (or its product changed). */
  async function addressOf(token: string): Promise<string | null> {
    const ref = pictureRefOf(token);
    if (!ref) return null;
    if ('url' in ref) return ref.url;
    const known = resolved.get(token);
    if (known) return known;
    const image = await productImage(ref.productId);
    if (!image || !ref.verify(image)) return null;
    resolved.set(token, image);
    return image;
  }

  const unavailable = (message: string) => new HttpError(502, 'image_unavailable', `${message} The picture cannot be shown.`);

  const router = Router();
  router.get(`${IMAGE_PATH}/:token`, validateShape({ params: tokenParams, query: widthQuery }), async (req: Request, res) => {
    const url = await addressOf((req.params as { token: string }).token);
    if (!url) throw new HttpError(404, 'image_not_found', 'There is no such picture.');
    const width = (req.query as unknown as { w: ImageWidth }).w;
    const source = await sources.fetch(url);
    if (!source || !source.ok) {
      res.setHeader('Cache-Control', `public, max-age=${FAILURE_TTL_MS / 1000}`);
      throw unavailable(source?.ok === false ? source.error : 'The shop could not be reached.');
    }
    const accept = /\bimage\/webp\b/i.test(req.headers.accept ?? '') ? 'image/webp' : '';
    let variant: Variant | undefined;
    try {
      variant = await variants.fetch(`${width} ${accept} ${url}`, { context: { source: source.body, width, accept } });
    } catch (err) {
      req.log?.info({ err: err instanceof Error ? err.message : String(err) }, 'picture not decodable');
      res.setHeader('Cache-Control', `public, max-age=${FAILURE_TTL_MS / 1000}`);
      throw unavailable('This address is not a picture we can read.');
    }
    if (!variant) throw unavailable('The picture could not be prepared.');
    res.set({
      'Content-Type': variant.type,
      'Content-Length': String(variant.body.length),
      'Cache-Control': `public, max-age=${BROWSER_MAX_AGE_S}, stale-while-revalidate=${BROWSER_MAX_AGE_S}`,
      Vary: 'Accept',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    });
    res.end(req.method === 'HEAD' ? undefined : variant.body);
  });
  return router;
}
