// Reads the product of the RENDERED page, in the page (injected on click only): schema.org Product
// JSON-LD and microdata, og/twitter tags, then the large visible pictures. It reads the DOM as the
// browser built it, so it works where the server's fetch cannot (robot checks, pages built by
// JavaScript, sign-in walls). Everything it returns is untrusted page data: plain strings and
// numbers that the popup shows as text and the service validates like any other input.
import { currencyIn, normalizeCurrency, parseJsonLd, parsePriceToCents, productFromJsonLd, type ProductFacts } from '@wishlist/contracts/src/productFacts';

export interface PageProduct {
  url: string;
  name: string;
  /** Cents, or null when the page states none. */
  price: number | null;
  currency: string | null;
  /** Absolute http(s) picture URLs, best first. */
  images: string[];
  /** Structured product data or a product-like page was found (else: fill in by hand). */
  isProduct: boolean;
}

/** SPEC §5: candidate pictures above 200 × 200 px. */
export const MIN_IMAGE_SIZE = 200;
export const MAX_IMAGES = 12;
const MAX_NAME = 200;

/** The size a picture is shown at and its own size; jsdom (tests) has no layout, so it is injectable. */
export interface ImageMeasure {
  naturalWidth: number;
  naturalHeight: number;
  shownArea: number;
  visible: boolean;
}

export function measureImage(img: HTMLImageElement): ImageMeasure {
  const rect = img.getBoundingClientRect();
  const style = img.ownerDocument.defaultView?.getComputedStyle(img);
  const visible = rect.width > 0 && rect.height > 0 && style?.visibility !== 'hidden' && style?.display !== 'none' && Number(style?.opacity ?? 1) > 0;
  return { naturalWidth: img.naturalWidth, naturalHeight: img.naturalHeight, shownArea: rect.width * rect.height, visible };
}

function clean(text: string | null | undefined): string | undefined {
  if (typeof text !== 'string') return undefined;
  const collapsed = text.replace(/[\s\u00a0]+/g, ' ').trim();
  if (!collapsed) return undefined;
  return collapsed.length > MAX_NAME ? `${collapsed.slice(0, MAX_NAME - 1)}…` : collapsed;
}

function absolute(raw: string | null | undefined, base: string): string | undefined {
  const value = raw?.trim();
  if (!value || value.startsWith('data:')) return undefined;
  try {
    const url = new URL(value, base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    url.hash = '';
    return url.href;
  } catch {
    return undefined;
  }
}

function metaReader(doc: Document): (key: string) => string | undefined {
  const values = new Map<string, string>();
  for (const el of Array.from(doc.querySelectorAll('meta'))) {
    const key = (el.getAttribute('property') ?? el.getAttribute('name') ?? el.getAttribute('itemprop') ?? '').trim().toLowerCase();
    const content = el.getAttribute('content')?.trim();
    if (key && content && !values.has(key)) values.set(key, content);
  }
  return (key) => values.get(key);
}

/** A microdata property's value (content, src, href, value, else text). */
function itemValue(el: Element): string | undefined {
  const value =
    el.getAttribute('content') ??
    (['IMG', 'SOURCE'].includes(el.tagName) ? ((el as HTMLImageElement).currentSrc || el.getAttribute('src')) : null) ??
    (['A', 'LINK'].includes(el.tagName) ? el.getAttribute('href') : null) ??
    (['DATA', 'METER'].includes(el.tagName) ? el.getAttribute('value') : null) ??
    el.textContent;
  return value?.trim() || undefined;
}

function fromMicrodata(doc: Document): ProductFacts | undefined {
  const scope = doc.querySelector('[itemscope][itemtype*="schema.org/Product" i]');
  if (!scope) return undefined;
  const own = (el: Element) => el.parentElement?.closest('[itemscope]') === scope || el === scope;
  const props = (name: string) => Array.from(scope.querySelectorAll(`[itemprop~="${name}"]`));
  const priceEl = props('price')[0];
  const price = priceEl ? parsePriceToCents(itemValue(priceEl)) : null;
  const currencyEl = props('priceCurrency')[0];
  const currency = (currencyEl ? normalizeCurrency(itemValue(currencyEl)) : null) ?? (priceEl ? currencyIn(priceEl.textContent ?? '') : null);
  const nameEl = props('name').find(own);
  const images = props('image').map(itemValue).filter((v): v is string => !!v);
  return { name: clean(nameEl ? itemValue(nameEl) : undefined), images, price, currency: price !== null ? currency : null };
}

/** The large pictures the page shows, largest first (lazy ones that are not loaded yet are skipped). */
function visibleImages(doc: Document, base: string, measure: (img: HTMLImageElement) => ImageMeasure): string[] {
  const scored: Array<{ src: string; area: number }> = [];
  for (const img of Array.from(doc.images)) {
    const m = measure(img);
    if (!m.visible || m.naturalWidth <= MIN_IMAGE_SIZE || m.naturalHeight <= MIN_IMAGE_SIZE) continue;
    const src = absolute(img.currentSrc || img.getAttribute('src'), base);
    if (src) scored.push({ src, area: m.shownArea });
  }
  return scored.sort((a, b) => b.area - a.area).map((s) => s.src);
}

export function readProduct(doc: Document, pageUrl: string, measure: (img: HTMLImageElement) => ImageMeasure = measureImage): PageProduct {
  const base = doc.baseURI || pageUrl;
  const meta = metaReader(doc);
  const blocks = Array.from(doc.querySelectorAll('script[type="application/ld+json" i]')).map((s) => parseJsonLd(s.textContent ?? ''));
  const ld = productFromJsonLd(blocks);
  const micro = fromMicrodata(doc);

  const name =
    clean(ld?.name) ??
    clean(micro?.name) ??
    clean(meta('og:title')) ??
    clean(meta('twitter:title')) ??
    clean(doc.querySelector('h1')?.textContent) ??
    clean(doc.title) ??
    '';

  let price: number | null = null;
  let currency: string | null = null;
  for (const prefix of ['product:sale_price', 'product:price', 'og:price']) {
    const amount = meta(`${prefix}:amount`);
    const cents = parsePriceToCents(amount);
    if (cents !== null && cents > 0) {
      price = cents;
      currency = normalizeCurrency(meta(`${prefix}:currency`)) ?? (amount ? currencyIn(amount) : null);
      break;
    }
  }
  if (price === null) {
    const facts = ld?.price != null ? ld : micro?.price != null ? micro : undefined;
    if (facts) {
      price = facts.price;
      currency = facts.currency;
    }
  }

  const candidates = [
    ...(ld?.images ?? []),
    ...(micro?.images ?? []),
    meta('og:image:secure_url'),
    meta('og:image'),
    meta('og:image:url'),
    meta('twitter:image'),
    meta('twitter:image:src'),
  ]
    .map((src) => absolute(src, base))
    .filter((src): src is string => !!src);
  const images = [...new Set([...candidates, ...visibleImages(doc, base, measure)])].slice(0, MAX_IMAGES);

  const isProduct = Boolean(ld || micro || /product/i.test(meta('og:type') ?? '') || price !== null);
  return { url: pageUrl, name, price, currency, images, isProduct };
}
